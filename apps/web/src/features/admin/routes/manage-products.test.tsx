import { adminMessages, apiErrors, notices, partChangeMessages, partPricingMessages, type AdminPart } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { anAdminPart, noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { adminNotices } from '../admin-notices';
import { Component as ManageProductsPage } from './manage-products';

const GET_PARTS = 'GET /api/admin/parts?page=1&pageSize=20';

const pads = anAdminPart();
const filter = anAdminPart({ _id: 'part-2', name: 'Oil Filter', price: 8, availableQuantity: 0, minOrderQuantity: 10, archived: true });

function renderManageProducts() {
  return renderRoutes(
    [
      {
        path: '/dashboard/manageproducts',
        element: (
          <>
            <ManageProductsPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/manageproducts' },
  );
}

const pageOf = (parts: AdminPart[]) => ({ parts, total: parts.length, page: 1, pageSize: 20 });
/** A part's row, found by its name (the row header). */
const cardOf = (name: string) => within(screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!);
const callTo = (server: ReturnType<typeof stubFetch>, route: string) =>
  server.calls.find((call) => `${call.method} ${call.path}` === route);

type Routes = Parameters<typeof stubFetch>[0];

/**
 * Manage Products, its first page `parts` (or what `parts()` answers at each read) and the other
 * `routes` stubbed, once its first row (Brake Pads) shows; and a user to drive it.
 */
async function openPage(parts: AdminPart[] | (() => AdminPart[]), routes: Routes = {}) {
  const firstPage = typeof parts === 'function' ? () => ({ body: pageOf(parts()) }) : { body: pageOf(parts) };
  const server = stubFetch({ [GET_PARTS]: firstPage, ...routes, ...noActivity });
  const user = userEvent.setup();
  const rendered = renderManageProducts();
  await screen.findByRole('rowheader', { name: 'Brake Pads' });
  return { server, user, ...rendered };
}

/** Opens the editor of Brake Pads with its Edit button: the form, to look into. */
async function openEditor(user: UserEvent) {
  await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Edit' }));
  return within(screen.getByRole('form', { name: 'Edit Brake Pads' }));
}

/** Types `text` in place of what the field holds. */
async function retype(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('Manage Products', () => {
  it('lists every part, archived ones too, in a table: photo, name, stock and price to change, minimum', async () => {
    stubFetch({ [GET_PARTS]: { body: pageOf([pads, filter]) }, ...noActivity });
    renderManageProducts();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Manage Products —/);
    await screen.findByRole('rowheader', { name: 'Brake Pads' });
    expect(screen.getByRole('columnheader', { name: 'Stock' })).toBeInTheDocument();
    expect(screen.getByText('2 products')).toBeInTheDocument();

    const first = cardOf('Brake Pads');
    expect(screen.getByRole('rowheader', { name: 'Brake Pads' }).closest('tr')?.querySelector('img')).toHaveAttribute(
      'src',
      '/images/parts/brake-pads.svg',
    );
    expect(first.getByLabelText('Stock of Brake Pads')).toHaveValue(40);
    expect(first.getByLabelText('Price of Brake Pads')).toHaveValue('12.50');
    expect(first.getByRole('cell', { name: '5' })).toHaveAttribute('data-label', 'Minimum');
    expect(first.queryByText('Archived')).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Archive' })).toBeInTheDocument();

    const second = cardOf('Oil Filter');
    expect(second.getByText('Archived')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(second.getByLabelText('Stock of Oil Filter')).toHaveValue(0);
  });

  it('says on its row when a part is renumbered, superseded or no longer made, and nothing on a part available to order', async () => {
    const superseded = anAdminPart({ _id: 'part-3', name: 'Old Rotor', partNumber: 'BRK-3004', lifecycle: { code: '7', label: 'Superseded' }, replacedBy: 'BRK-3005' });
    const renumbered = anAdminPart({ _id: 'part-4', name: 'Old Hose', partNumber: 'COL-2001', lifecycle: { code: '6', label: 'Renumbered' }, replacedBy: 'COL-2002' });
    const discontinued = anAdminPart({ _id: 'part-5', name: 'Old Gasket', lifecycle: { code: '8', label: 'Discontinued' } });
    await openPage([pads, superseded, renumbered, discontinued]);
    expect(screen.getByRole('rowheader', { name: 'Old Rotor Superseded by BRK-3005' })).toBeInTheDocument();
    expect(cardOf('Old Hose').getByText('Renumbered as COL-2002')).toBeInTheDocument();
    expect(cardOf('Old Gasket').getByText('Discontinued')).toBeInTheDocument();
    expect(cardOf('Brake Pads').queryByTestId('lifecycle-badge')).not.toBeInTheDocument();
    // The row's buttons are described by its header, badge and all.
    expect(cardOf('Old Rotor').getByRole('button', { name: 'Save' })).toHaveAccessibleDescription('Old Rotor Superseded by BRK-3005');
  });

  it('changes stock and price in place, sending only what changed; "12,50" is twelve fifty', async () => {
    let parts = [pads];
    const { server, user } = await openPage(() => parts, {
      'PATCH /api/admin/part/part-1': () => {
        parts = [{ ...pads, price: 9.5 }];
        return { body: { acknowledged: true } };
      },
    });
    const price = cardOf('Brake Pads').getByLabelText('Price of Brake Pads');
    await retype(user, price, '1,250');
    await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price must be an amount like 12.50')).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription('Price must be an amount like 12.50');
    expect(server.paths().some((path) => path.startsWith('PATCH'))).toBe(false);

    await retype(user, price, '9,50');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    // With the price the row was loaded with: another admin's price since is a 409, not overwritten.
    expect(callTo(server, 'PATCH /api/admin/part/part-1')?.body).toEqual({ price: 9.5, expected: { price: 12.5 } });
    await waitFor(() => expect(cardOf('Brake Pads').getByLabelText('Price of Brake Pads')).toHaveValue('9.50'));
  });

  it('searches on the server, with the search in the address, and pages', async () => {
    const { server, user, router } = await openPage([pads], {
      [GET_PARTS]: { body: { parts: [pads], total: 45, page: 1, pageSize: 20 } },
      'GET /api/admin/parts?page=1&pageSize=20&q=oil': { body: pageOf([]) },
      'GET /api/admin/parts?page=2&pageSize=20': { body: { parts: [filter], total: 45, page: 2, pageSize: 20 } },
    });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: /^Oil Filter/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'oil');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No products match “oil”.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=oil');
    expect(server.paths()).toContain('GET /api/admin/parts?page=1&pageSize=20&q=oil');
  });

  it('edits a part in place and sends only what changed', async () => {
    let parts = [pads];
    const { server, user } = await openPage(() => parts, {
      'PATCH /api/admin/part/part-1': () => {
        parts = [{ ...pads, name: 'Brake Pads (front)', price: 13.75 }];
        return { body: { acknowledged: true } };
      },
    });
    const edit = cardOf('Brake Pads').getByRole('button', { name: 'Edit' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    await user.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');

    const form = within(screen.getByRole('form', { name: 'Edit Brake Pads' }));
    expect(form.getByLabelText('Name')).toHaveFocus();
    expect(form.getByLabelText('Description')).toHaveValue(pads.description);
    expect(form.getByLabelText('Image')).toHaveValue(pads.img);
    expect(form.getByLabelText('Available quantity')).toHaveValue(40);
    expect(form.getByLabelText('Minimum order quantity')).toHaveValue(5);
    // Money as the row and every money field write it, not `String(12.5)`.
    expect(form.getByLabelText('Price ($)')).toHaveValue('12.50');
    await retype(user, form.getByLabelText('Name'), 'Brake Pads (front)');
    await retype(user, form.getByLabelText('Price ($)'), '13.75');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(callTo(server, 'PATCH /api/admin/part/part-1')?.body).toEqual({
      name: 'Brake Pads (front)',
      price: 13.75,
      expected: { name: 'Brake Pads', price: 12.5 },
    });
    expect(await screen.findByRole('rowheader', { name: 'Brake Pads (front)' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(server.paths().filter((path) => path === GET_PARTS)).toHaveLength(2);
  });

  it('checks the edit with the shared schema and keeps the form open on a failure', async () => {
    const { server, user } = await openPage([pads], { 'PATCH /api/admin/part/part-1': { status: 404, body: { message: apiErrors.partNotFound } } });
    const form = await openEditor(user);
    await retype(user, form.getByLabelText('Minimum order quantity'), '0');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Minimum order quantity is at least 1')).toBeInTheDocument();
    expect(server.paths().some((path) => path.startsWith('PATCH'))).toBe(false);

    await retype(user, form.getByLabelText('Minimum order quantity'), '2');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(within(toast).getByText(apiErrors.partNotFound)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit Brake Pads' })).toBeInTheDocument();
  });

  it('sends what it loaded of each field it changes, and says under the field when someone else saved it since (409)', async () => {
    const message = adminMessages.fieldChanged('price', '$55.00');
    const { server, user } = await openPage([pads], { 'PATCH /api/admin/part/part-1': { status: 409, body: { message, field: 'price', current: 55 } } });
    const form = await openEditor(user);
    await retype(user, form.getByLabelText('Price ($)'), '60');
    await retype(user, form.getByLabelText('Available quantity'), '45');
    await user.click(form.getByRole('button', { name: 'Save' }));

    // The server's fact, and what the admin does now: the field keeps their value for a second Save.
    await waitFor(() => expect(form.getByLabelText('Price ($)')).toHaveAccessibleDescription(`${message} ${adminNotices.staleKept}`));
    expect(form.getByLabelText('Price ($)')).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Edit Brake Pads' })).toBeInTheDocument();
    expect(callTo(server, 'PATCH /api/admin/part/part-1')?.body).toEqual({
      price: 60,
      availableQuantity: 45,
      expectedAvailableQuantity: 40,
      expected: { price: 12.5 },
    });
  });

  it('says a price the server refuses by price breaks saved meanwhile at Price, focused, not in a toast (decision 164)', async () => {
    // Another admin added a break from 10 at $10 since this form loaded: the new price is at or below it.
    const message = partPricingMessages.tierNotBelowList(10, 9);
    const { user } = await openPage([pads], { 'PATCH /api/admin/part/part-1': { status: 400, body: { message, field: 'price' } } });
    const form = await openEditor(user);
    await retype(user, form.getByLabelText('Price ($)'), '9');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(form.getByLabelText('Price ($)')).toHaveAccessibleDescription(message));
    expect(form.getByLabelText('Price ($)')).toHaveFocus();
    expect(form.getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(notices.actionFailed)).toBeNull();
  });

  it('says price breaks the server refuses (by a price saved meanwhile) under the breaks, the first one’s price focused (decision 164)', async () => {
    const message = partPricingMessages.tierNotBelowList(10, 11);
    const { user } = await openPage([pads], { 'PATCH /api/admin/part/part-1': { status: 400, body: { message, field: 'priceBreaks' } } });
    const form = await openEditor(user);
    await user.click(form.getByRole('button', { name: 'Add a price break' }));
    await user.type(form.getByLabelText('Tier 1: from quantity'), '10');
    await user.type(form.getByLabelText('Tier 1: price each ($)'), '12');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(form.getByLabelText('Tier 1: price each ($)')).toHaveFocus();
    expect(screen.queryByText(notices.actionFailed)).toBeNull();
  });

  it('says its own refusal of a price at or below a break under the breaks, the first one’s price focused, sending nothing (decision 164)', async () => {
    const { server, user } = await openPage([{ ...pads, priceBreaks: [{ minQuantity: 10, unitPrice: 10 }] }]);
    const form = await openEditor(user);
    await retype(user, form.getByLabelText('Price ($)'), '9');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('alert')).toHaveTextContent(partPricingMessages.tierNotBelowList(10, 9));
    expect(form.getByLabelText('Tier 1: price each ($)')).toHaveFocus();
    expect(server.paths().some((path) => path.startsWith('PATCH'))).toBe(false);
  });

  it('keeps what was typed in the row after a 409, says it at the field with the stored value beside it, and saves it again or takes the stored one', async () => {
    const message = adminMessages.fieldChanged('price', '$55.00');
    let parts = [pads];
    let patches = 0;
    const { server, user } = await openPage(() => parts, {
      'PATCH /api/admin/part/part-1': () => {
        patches += 1;
        // Another admin saved $55.00 before the first Save; the second, sent with it, goes in.
        if (patches === 1) {
          parts = [{ ...pads, price: 55 }];
          return { status: 409, body: { message, field: 'price', current: 55 } };
        }
        parts = [{ ...pads, price: 60 }];
        return { body: { acknowledged: true } };
      },
    });
    const price = cardOf('Brake Pads').getByLabelText('Price of Brake Pads');
    await retype(user, price, '60');
    await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(price).toHaveAccessibleDescription(`${message} ${adminNotices.staleKept}`));
    expect(price).toBeInTheDocument();
    expect(price).toHaveValue('60');
    expect(price).toHaveFocus();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(cardOf('Brake Pads').getByRole('button', { name: adminNotices.useStored('$55.00') })).toBeInTheDocument();
    // Said at the field, not in a toast over it.
    expect(screen.queryByText(notices.actionFailed)).not.toBeInTheDocument();

    // Saved again: sent with the price stored now.
    await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { price: 60, expected: { price: 12.5 } },
      { price: 60, expected: { price: 55 } },
    ]);
    await waitFor(() => expect(price).not.toHaveAccessibleDescription());
    expect(price).toHaveValue('60.00');
  });

  it('takes the stored value in place of the one a 409 refused, on its button', async () => {
    let parts = [pads];
    const { user } = await openPage(() => parts, {
      'PATCH /api/admin/part/part-1': () => {
        parts = [{ ...pads, availableQuantity: 37 }];
        return { status: 409, body: { message: adminMessages.stockChanged(37), field: 'availableQuantity', current: 37 } };
      },
    });
    const stock = cardOf('Brake Pads').getByLabelText('Stock of Brake Pads');
    await retype(user, stock, '50');
    await user.keyboard('{Enter}');
    const useStored = await cardOf('Brake Pads').findByRole('button', { name: adminNotices.useStored('37') });
    expect(stock).toHaveValue(50);
    expect(stock).toHaveAccessibleDescription(`${adminMessages.stockChanged(37)} ${adminNotices.staleKept}`);
    await user.click(useStored);
    expect(stock).toHaveValue(37);
    expect(stock).not.toHaveAccessibleDescription();
    expect(stock).toHaveFocus();
    expect(cardOf('Brake Pads').queryByRole('button', { name: adminNotices.useStored('37') })).not.toBeInTheDocument();
  });

  it('keeps the editor open with what was typed when a 409 comes with a new stored price', async () => {
    const message = adminMessages.fieldChanged('price', '$55.00');
    let parts = [pads];
    const { user } = await openPage(() => parts, {
      'PATCH /api/admin/part/part-1': () => {
        parts = [{ ...pads, price: 55, name: 'Brake Pads' }];
        return { status: 409, body: { message, field: 'price', current: 55 } };
      },
    });
    const form = await openEditor(user);
    await retype(user, form.getByLabelText('Price ($)'), '60');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByLabelText('Price ($)')).toHaveAccessibleDescription(`${message} ${adminNotices.staleKept}`));
    expect(screen.getByRole('form', { name: 'Edit Brake Pads' })).toBeInTheDocument();
    expect(form.getByLabelText('Price ($)')).toHaveValue('60');
    expect(form.getByLabelText('Price ($)')).toHaveFocus();
    // The row, untouched, shows what is stored.
    expect(cardOf('Brake Pads').getByLabelText('Price of Brake Pads')).toHaveValue('55.00');
  });

  it('warns, without refusing, of a minimum order above the stock', async () => {
    const { server, user } = await openPage([pads], { 'PATCH /api/admin/part/part-1': { body: { acknowledged: true } } });
    const form = await openEditor(user);
    const minimum = form.getByLabelText('Minimum order quantity');
    expect(minimum).not.toHaveAccessibleDescription();
    await retype(user, minimum, '60');
    expect(minimum).toHaveAccessibleDescription(adminMessages.minimumAboveStock(60, 40));
    await retype(user, form.getByLabelText('Available quantity'), '60');
    expect(minimum).not.toHaveAccessibleDescription();
    await retype(user, form.getByLabelText('Available quantity'), '10');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(callTo(server, 'PATCH /api/admin/part/part-1')?.body).toMatchObject({ minOrderQuantity: 60, availableQuantity: 10 });
  });

  it('closes the edit without a call when nothing changed, or on Cancel', async () => {
    const { server, user } = await openPage([pads]);
    const edit = cardOf('Brake Pads').getByRole('button', { name: 'Edit' });
    await user.click(edit);
    await user.click(within(screen.getByRole('form', { name: 'Edit Brake Pads' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing to save: no field was changed')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit Brake Pads' })).not.toBeInTheDocument();
    await user.click(edit);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Brake Pads' })).not.toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
    expect(server.paths().some((path) => path.startsWith('PATCH'))).toBe(false);
  });

  it('restocks a part by the quantity given', async () => {
    let parts = [pads];
    const { server, user, queryClient } = await openPage(() => parts, {
      'POST /api/admin/part/part-1/restock': () => {
        parts = [{ ...pads, availableQuantity: 65 }];
        return { body: { acknowledged: true } };
      },
    });
    queryClient.setQueryData(['parts'], []);
    await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Edit' }));
    const restockForm = within(screen.getByRole('form', { name: 'Restock Brake Pads (BRK-1001)' }));
    await user.click(restockForm.getByRole('button', { name: 'Restock' }));
    expect(await restockForm.findByText('Quantity is Required')).toBeInTheDocument();
    await user.type(restockForm.getByLabelText('Add to stock'), '25');
    await user.click(restockForm.getByRole('button', { name: 'Restock' }));

    expect(await screen.findByText('Added 25 to the stock')).toBeInTheDocument();
    expect(callTo(server, 'POST /api/admin/part/part-1/restock')?.body).toEqual({ quantity: 25 });
    await waitFor(() => expect(cardOf('Brake Pads').getByLabelText('Stock of Brake Pads')).toHaveValue(65));
    // The shop's own list shows the new stock too.
    expect(queryClient.getQueryState(['parts'])?.isInvalidated).toBe(true);
  });

  it('archives a part after a confirmation, and restores one without', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { server, user } = await openPage([pads, filter], {
      'PUT /api/admin/part/part-1/archived': { body: { acknowledged: true } },
      'PUT /api/admin/part/part-2/archived': { body: { acknowledged: true } },
    });

    await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Archive' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Archive "Brake Pads"?'));
    expect(server.paths()).not.toContain('PUT /api/admin/part/part-1/archived');

    await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Product archived: it no longer shows in the shop')).toBeInTheDocument();
    expect(callTo(server, 'PUT /api/admin/part/part-1/archived')?.body).toEqual({ archived: true });

    await user.click(cardOf('Oil Filter').getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Product restored: it shows in the shop again')).toBeInTheDocument();
    expect(callTo(server, 'PUT /api/admin/part/part-2/archived')?.body).toEqual({ archived: false });
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it('says "action failed" with the server’s reason when an archive fails: the parts that still point to it', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const pointedTo = partChangeMessages.archivePointedTo(['BRK-0999'], ['KIT-2001']);
    const { user } = await openPage([pads], { 'PUT /api/admin/part/part-1/archived': { status: 409, body: { message: pointedTo } } });
    await user.click(cardOf('Brake Pads').getByRole('button', { name: 'Archive' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(within(toast).getByText(pointedTo)).toBeInTheDocument();
    expect(cardOf('Brake Pads').getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('finds a part by its part number, and shows each part\u2019s number', async () => {
    const { server, user } = await openPage([pads, filter], { 'GET /api/admin/parts?page=1&pageSize=20&q=brk1001': { body: pageOf([pads]) } });
    expect(cardOf('Brake Pads').getByRole('cell', { name: 'BRK-1001' })).toHaveAttribute('data-label', 'Part no.');
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveAttribute('placeholder', expect.stringMatching(/part number/i));
    await user.type(box, 'brk1001{Enter}');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Oil Filter' })).not.toBeInTheDocument());
    expect(callTo(server, 'GET /api/admin/parts?page=1&pageSize=20&q=brk1001')).toBeDefined();
  });

  it('leaves the reviews to their own screen: none are asked for here', async () => {
    const { server } = await openPage([pads]);
    expect(screen.queryByRole('heading', { name: 'Customer Reviews' })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path.startsWith('/api/admin/reviews'))).toBe(false);
  });
});
