import { notices, priceListMessages, type PriceList, type PriceListSummary } from '@autoparts/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { adminNotices } from '../../admin/admin-notices';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { ENTRIES_PAGE_SIZE } from '../components/price-list-form';
import { Component as PriceListsPage } from './price-lists';
import { expectCheckedWhenSent } from '../../../test/forms';

const LIST = 'GET /api/admin/price-lists';
const fleetco: PriceListSummary = {
  id: 'pl-1',
  name: 'Fleetco brakes 2026',
  currency: 'USD',
  priority: 1,
  startsAt: '2026-01-01',
  endsAt: null,
  entries: 2,
  companies: [{ id: 'c-1', name: 'Fleetco' }],
};
const categories = { 'GET /api/categories': { body: [{ slug: 'brakes', name: 'Brakes' }] } };

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/dashboard/price-lists',
        element: (
          <>
            <PriceListsPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/price-lists' },
  );
}

describe('Price lists', () => {
  it('lists each list with its priority, days, entries and companies', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [fleetco] }, ...categories, ...noActivity });
    renderPage();
    const card = within(await screen.findByRole('article', { name: 'Fleetco brakes 2026' }));
    expect(card.getByRole('heading', { level: 2, name: 'Fleetco brakes 2026' })).toBeInTheDocument();
    expect(card.getByText('From Jan 1, 2026')).toBeInTheDocument();
    expect(card.getByText('Fleetco')).toBeInTheDocument();
    expect(card.getByText('2')).toBeInTheDocument();
  });

  it('asks before deleting a list, naming the companies that will pay the list price, in the shared words', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [fleetco, { ...fleetco, id: 'pl-2', name: 'Unused', companies: [] }] },
      'DELETE /api/admin/price-lists/pl-1': { body: { acknowledged: true } },
      ...categories,
      ...noActivity,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderPage();
    const card = within(await screen.findByRole('article', { name: 'Fleetco brakes 2026' }));
    await user.click(card.getByRole('button', { name: 'Delete Fleetco brakes 2026' }));
    expect(confirm).toHaveBeenLastCalledWith(priceListMessages.confirmDelete('Fleetco brakes 2026', ['Fleetco']));
    expect(priceListMessages.confirmDelete('Fleetco brakes 2026', ['Fleetco'])).toBe(
      'Delete the price list “Fleetco brakes 2026”? It is assigned to Fleetco, who will pay the list price for what it priced.',
    );
    expect(priceListMessages.confirmDelete('Unused', [])).toBe('Delete the price list “Unused”?');
    expect(server.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(card.getByRole('button', { name: 'Delete Fleetco brakes 2026' }));
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/admin/price-lists/pl-1']));
  });

  it('says when there is none yet', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [] }, ...categories, ...noActivity });
    renderPage();
    expect(await screen.findByText('No price lists yet: every customer pays the list price. Create the first one below.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Explain a price' })).not.toBeInTheDocument();
  });

  it("creates a list with a category's percent and a part's tier, with the shared schema's messages first", async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [fleetco] }, 'POST /api/admin/price-lists': { body: { id: 'pl-2' } }, ...categories, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Create a price list' }));
    await user.type(form.getByLabelText('Name'), 'Garage deal');
    const first = within(form.getByRole('group', { name: 'Entry 1' }));
    await user.click(form.getByRole('button', { name: 'Add an entry' }));
    const second = within(form.getByRole('group', { name: 'Entry 2' }));
    expect(second.getByLabelText('Applies to')).toHaveFocus();
    await user.selectOptions(second.getByLabelText('Applies to'), 'part');
    await user.type(second.getByLabelText('Part number'), 'BRK-1001');
    await user.selectOptions(second.getByLabelText('Price'), 'price');
    await user.type(second.getByLabelText('Unit price ($)'), '40');
    await user.click(second.getByRole('button', { name: 'Add a quantity tier to entry 2' }));
    await user.type(second.getByLabelText('Tier 1: from quantity'), '10');
    await user.type(second.getByLabelText('Tier 1: percent off (%)'), '20');
    await user.clear(form.getByLabelText('Priority'));
    await user.type(form.getByLabelText('Priority'), '0');
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect(await form.findByText(priceListMessages.priority)).toBeInTheDocument();
    expect(first.getByLabelText('Category')).toHaveAccessibleDescription(priceListMessages.category);

    await user.clear(form.getByLabelText('Priority'));
    await user.type(form.getByLabelText('Priority'), '2');
    await user.selectOptions(await first.findByLabelText('Category'), 'brakes');
    await user.type(first.getByLabelText('Percent off (%)'), '12,5');
    await user.click(form.getByRole('button', { name: 'Create price list' }));

    expect(await screen.findByText('Price list “Garage deal” created')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Garage deal',
      priority: 2,
      startsAt: null,
      endsAt: null,
      entries: [
        { category: 'brakes', percentOff: 12.5, tiers: [] },
        { partNumber: 'BRK-1001', unitPrice: 40, tiers: [{ minQuantity: 10, percentOff: 20 }] },
      ],
    });
  });

  it('creates one list however quickly Create is pressed twice', async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [fleetco] }, 'POST /api/admin/price-lists': { body: { id: 'pl-2' } }, ...categories, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Create a price list' }));
    await user.type(form.getByLabelText('Name'), 'Pressed twice');
    const entry = within(form.getByRole('group', { name: 'Entry 1' }));
    await user.selectOptions(await entry.findByLabelText('Category'), 'brakes');
    await user.type(entry.getByLabelText('Percent off (%)'), '5');
    // Two presses before anything answers (a double click: the schema's check is not done yet).
    const create = form.getByRole('button', { name: 'Create price list' });
    fireEvent.click(create);
    fireEvent.click(create);
    expect(await screen.findByText('Price list “Pressed twice” created')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says a name another list has at the name field, which takes the focus, keeping what was typed', async () => {
    const taken = priceListMessages.nameTaken('fleetco brakes 2026');
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [fleetco] }, 'POST /api/admin/price-lists': { status: 409, body: { message: taken } }, ...categories, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Create a price list' }));
    await user.type(form.getByLabelText('Name'), 'fleetco brakes 2026');
    const entry = within(form.getByRole('group', { name: 'Entry 1' }));
    await user.selectOptions(await entry.findByLabelText('Category'), 'brakes');
    await user.type(entry.getByLabelText('Percent off (%)'), '5');
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    const name = form.getByLabelText('Name');
    await expect.poll(() => name).toHaveAccessibleDescription(expect.stringContaining(taken));
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('fleetco brakes 2026');
    expect(entry.getByLabelText('Percent off (%)')).toHaveValue('5');
  });

  it('names each card’s buttons after its list, and Escape closes the edit form with the focus back on its Edit', async () => {
    const list: PriceList = { ...fleetco, entries: [{ partId: 'p-1', partNumber: 'BRK-1000', percentOff: 5, tiers: [] }], warnings: [], version: 1 };
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [fleetco, { ...fleetco, id: 'pl-2', name: 'Unused', companies: [] }] },
      'GET /api/admin/price-lists/pl-1': { body: list },
      ...categories,
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    const edit = await screen.findByRole('button', { name: 'Edit Fleetco brakes 2026' });
    for (const name of ['Delete Fleetco brakes 2026', 'Edit Unused', 'Delete Unused']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.click(edit);
    const form = await screen.findByRole('form', { name: 'Edit “Fleetco brakes 2026”' });
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit “Fleetco brakes 2026”' })).not.toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('edits a long list a page of entries at a time, and shows the server’s refusal', async () => {
    const list: PriceList = {
      ...fleetco,
      entries: Array.from({ length: ENTRIES_PAGE_SIZE + 1 }, (_, index) => ({ partId: `p-${index}`, partNumber: `BRK-${1000 + index}`, percentOff: 5, tiers: [] })),
      warnings: [],
      version: 1,
    };
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [fleetco] },
      'GET /api/admin/price-lists/pl-1': { body: list },
      'PATCH /api/admin/price-lists/pl-1': { status: 400, body: { message: priceListMessages.partNumbersNotFound(['BRK-1020']) } },
      ...categories,
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Fleetco brakes 2026' })).getByRole('button', { name: 'Edit Fleetco brakes 2026' }));
    const form = within(await screen.findByRole('form', { name: 'Edit “Fleetco brakes 2026”' }));
    expect(form.getByLabelText('Name')).toHaveFocus();
    expect(form.getAllByRole('group', { name: /^Entry \d+$/ })).toHaveLength(ENTRIES_PAGE_SIZE);
    await user.click(form.getByRole('button', { name: 'Next entries' }));
    expect(within(form.getByRole('group', { name: `Entry ${ENTRIES_PAGE_SIZE + 1}` })).getByLabelText('Part number')).toHaveValue('BRK-1020');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText(priceListMessages.partNumbersNotFound(['BRK-1020']))).toBeInTheDocument();
  });

  it('sends the version it loaded; a list saved by someone else since is said above the buttons, no toast, and a second Save sends the version now shown (decision 125)', async () => {
    const loaded: PriceList = { ...fleetco, entries: [{ category: 'brakes', percentOff: 5, tiers: [] }], warnings: [], version: 3 };
    let reads = 0;
    let patches = 0;
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [fleetco] },
      // Someone else saved it after this editor loaded it: read again, it is at version 4.
      'GET /api/admin/price-lists/pl-1': () => ({ body: { ...loaded, version: ++reads === 1 ? 3 : 4 } }),
      'PATCH /api/admin/price-lists/pl-1': () => (++patches === 1 ? { status: 409, body: { message: priceListMessages.changed } } : { body: { ...loaded, priority: 2, version: 5 } }),
      ...categories,
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Fleetco brakes 2026' })).getByRole('button', { name: 'Edit Fleetco brakes 2026' }));
    const form = within(await screen.findByRole('form', { name: 'Edit “Fleetco brakes 2026”' }));
    await user.clear(form.getByLabelText('Priority'));
    await user.type(form.getByLabelText('Priority'), '2');
    const save = form.getByRole('button', { name: 'Save changes' });
    await user.click(save);
    expect(await form.findByRole('alert')).toHaveTextContent(`${priceListMessages.changed} ${adminNotices.staleFormKept}`);
    expect(screen.queryByText(notices.actionFailed)).not.toBeInTheDocument();
    // What the admin typed stays, and the focus stays on Save though the list was read again.
    await waitFor(() => expect(reads).toBe(2));
    expect(form.getByLabelText('Priority')).toHaveValue('2');
    expect(save).toHaveFocus();

    await user.click(save);
    expect(await screen.findByText('Price list “Fleetco brakes 2026” saved')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PATCH').map((call) => (call.body as { expectedVersion: number }).expectedVersion)).toEqual([3, 4]);
  });

  it('checks the explain form when sent, not on leaving a field (decision 085, amended)', async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [fleetco] }, ...categories, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Explain a price' }));
    await user.selectOptions(form.getByLabelText('Company'), 'Fleetco');
    await user.type(form.getByLabelText('Part number'), 'BRK-1001');
    const quantity = form.getByLabelText('Quantity');
    await user.clear(quantity);
    await expectCheckedWhenSent(user, quantity, '0', form.getByRole('button', { name: 'Explain' }), priceListMessages.quantity);
    expect(server.calls.some((call) => call.path.startsWith('/api/admin/price-lists/explain'))).toBe(false);
  });

  it('explains a price for a company, a part number and a quantity', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [fleetco] },
      'GET /api/admin/price-lists/explain?*': { body: { unitPrice: 8, listPrice: 10, retailPrice: 9, contractPrice: 8, priceListId: 'pl-1', rule: 'Fleetco brakes 2026, category brakes, \u221220 %, tier 10+' } },
      ...categories,
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Explain a price' }));
    await user.selectOptions(form.getByLabelText('Company'), 'Fleetco');
    await user.type(form.getByLabelText('Part number'), 'BRK-1001');
    await user.clear(form.getByLabelText('Quantity'));
    await user.type(form.getByLabelText('Quantity'), '12');
    await user.click(form.getByRole('button', { name: 'Explain' }));
    const answer = within(await screen.findByLabelText('The price explained'));
    expect(answer.getAllByText('$8.00')).toHaveLength(2);
    // What anyone else pays for 12 (decision 104).
    expect(answer.getByText('Retail price at this quantity').nextElementSibling).toHaveTextContent('$9.00');
    expect(answer.getByText('Fleetco brakes 2026, category brakes, \u221220 %, tier 10+')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path.startsWith('/api/admin/price-lists/explain'))?.path).toBe('/api/admin/price-lists/explain?companyId=c-1&partNumber=BRK-1001&quantity=12');
  });
});
