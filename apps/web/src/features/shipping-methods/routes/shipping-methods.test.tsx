import { adminMessages, directionControlMessage, shippingMessages, shippingNotices, type ShippingMethod } from '@autoparts/shared';
import { adminNotices } from '../../admin/admin-notices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as ShippingMethodsPage } from './shipping-methods';
import { expectCheckedWhenSent } from '../../../test/forms';

const LIST = 'GET /api/admin/shipping-methods';
const standard: ShippingMethod = {
  id: 'm-1',
  name: 'Standard',
  estimate: '5–7 business days',
  countries: ['US', 'CA'],
  basePrice: 5.99,
  pricePerKg: 0.89,
  maxWeightKg: 30,
  freeOver: 150,
  active: true,
};

const inputOf = ({ id: _id, ...method }: ShippingMethod) => method;

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/dashboard/shipping-methods',
        element: (
          <>
            <ShippingMethodsPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/shipping-methods' },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Shipping Methods', () => {
  it('lists each method with what checkout shows and charges', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [standard, { ...standard, id: 'm-2', name: 'Freight', maxWeightKg: null, freeOver: null, active: false }] }, ...noActivity });
    renderPage();
    const card = within(await screen.findByRole('article', { name: 'Standard' }));
    expect(card.getByText('US, CA')).toBeInTheDocument();
    expect(card.getByText('$5.99 + $0.89 a kg')).toBeInTheDocument();
    expect(card.getByText('30 kg')).toBeInTheDocument();
    expect(card.getByText('$150.00')).toBeInTheDocument();
    const freight = within(screen.getByRole('article', { name: /Freight/ }));
    expect(freight.getByText('Inactive')).toBeInTheDocument();
    expect(freight.getByText('Any weight')).toBeInTheDocument();
    expect(freight.getByText('Never free')).toBeInTheDocument();
    expect(freight.getByRole('button', { name: 'Activate Freight' })).toBeInTheDocument();
  });

  it('says when there is none yet, and offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: [] }),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('We could not load the shipping methods right now.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No shipping methods yet/)).toBeInTheDocument();
  });

  it('checks the form when sent, not on leaving a field (decision 085, amended)', async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [] }, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add a shipping method' }));
    await expectCheckedWhenSent(user, form.getByLabelText('Name'), '', form.getByRole('button', { name: 'Add method' }), 'Name is Required');
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  // The shared schema's rule, said at the field before anything is sent (decision 220).
  it('says at the name that a text-direction control is to be taken out, and sends nothing', async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [] }, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add a shipping method' }));
    await expectCheckedWhenSent(user, form.getByLabelText('Name'), 'Express \u202Eyadot', form.getByRole('button', { name: 'Add method' }), directionControlMessage('Name'));
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('checks the form as typed before sending, and sends the figures as numbers', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [] },
      'POST /api/admin/shipping-methods': ({ body }) => ({ body: { id: 'm-9', ...(body as object) } }),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add a shipping method' }));
    await user.type(form.getByLabelText('Name'), 'Courier');
    await user.type(form.getByLabelText('Delivery estimate'), '2 days');
    await user.clear(form.getByLabelText('Countries'));
    await user.type(form.getByLabelText('Countries'), 'us, XY');
    await user.type(form.getByLabelText('Base price ($)'), '7,50');
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await form.findByText(shippingMessages.countryUnknown('XY'))).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(form.getByLabelText('Countries'));
    await user.type(form.getByLabelText('Countries'), 'us ca');
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText(shippingNotices.methodAdded('Courier'))).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Courier',
      estimate: '2 days',
      countries: ['US', 'CA'],
      basePrice: 7.5,
      pricePerKg: 0,
      maxWeightKg: null,
      freeOver: null,
      active: true,
    });
    await waitFor(() => expect(form.getByLabelText('Name')).toHaveValue(''));
  });

  it('edits a method in the form below, Cancel puts the focus back on its card', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [standard] }, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const edit = within(await screen.findByRole('article', { name: 'Standard' })).getByRole('button', { name: 'Edit Standard' });
    await user.click(edit);
    const form = within(screen.getByRole('form', { name: 'Edit “Standard”' }));
    expect(form.getByLabelText('Name')).toHaveFocus();
    expect(form.getByLabelText('Countries')).toHaveValue('US, CA');
    expect(form.getByLabelText('Base price ($)')).toHaveValue('5.99');
    expect(form.getByLabelText('Maximum weight (kg)')).toHaveValue('30');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Add a shipping method' })).toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('says above Save that someone else saved the method since the form loaded, keeps what was typed, and a second Save puts it in place (decision 202)', async () => {
    // Another admin raised the base price after this page loaded the list.
    const theirs = { ...standard, basePrice: 7.99 };
    let stored = standard;
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: () => ({ body: [stored] }),
      'PUT /api/admin/shipping-methods/m-1': (call) => {
        const { expected, ...input } = call.body as ShippingMethod & { expected: Omit<ShippingMethod, 'id'> };
        if (JSON.stringify(expected) !== JSON.stringify(inputOf(stored))) return { status: 409, body: { message: adminMessages.fieldChanged('shipping method'), current: stored } };
        stored = { ...input, id: 'm-1' };
        return { body: stored };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Standard' })).getByRole('button', { name: 'Edit Standard' }));
    stored = theirs;
    const form = within(screen.getByRole('form', { name: 'Edit “Standard”' }));
    await user.clear(form.getByLabelText('Delivery estimate'));
    await user.type(form.getByLabelText('Delivery estimate'), '4–6 business days');
    const save = form.getByRole('button', { name: 'Save changes' });
    await user.click(save);

    expect(await form.findByRole('alert')).toHaveTextContent(`${adminMessages.fieldChanged('shipping method')} ${adminNotices.staleFormKept}`);
    expect(save).toHaveFocus();
    expect(form.getByLabelText('Delivery estimate')).toHaveValue('4–6 business days');
    expect(stored).toEqual(theirs);
    await user.click(save);
    expect(await screen.findByText(shippingNotices.methodSaved('Standard'))).toBeInTheDocument();
    const puts = server.calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { expected: { basePrice: number } }).expected.basePrice);
    expect(puts).toEqual([5.99, 7.99]);
    // The form's own figures: the admin's, whose form said 5.99.
    expect(stored).toEqual({ ...standard, estimate: '4–6 business days' });
  });

  it('names each card’s buttons after its method, and Escape closes the edit form with the focus back on its Edit', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [standard, { ...standard, id: 'm-2', name: 'Freight', active: false }] }, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const edit = await screen.findByRole('button', { name: 'Edit Standard' });
    for (const name of ['Deactivate Standard', 'Delete Standard', 'Edit Freight', 'Activate Freight', 'Delete Freight']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.click(edit);
    await user.type(within(screen.getByRole('form', { name: 'Edit “Standard”' })).getByLabelText('Name'), ' and more');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit “Standard”' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add a shipping method' })).toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('deactivates the method as listed only while it still is that; else it says so and lists it as it is now (decision 202)', async () => {
    let stored = standard;
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: () => ({ body: [stored] }),
      'PUT /api/admin/shipping-methods/m-1': () => ({ status: 409, body: { message: adminMessages.fieldChanged('shipping method'), current: stored } }),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Standard' });
    stored = { ...standard, basePrice: 7.99 };
    await user.click(within(card).getByRole('button', { name: 'Deactivate Standard' }));
    expect(await screen.findByText(adminMessages.fieldChanged('shipping method'))).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...inputOf(standard), active: false, expected: inputOf(standard) });
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Standard' })).getByText(/\$7\.99/)).toBeInTheDocument());
  });

  it('deletes a method only once the admin confirms', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [standard] },
      'DELETE /api/admin/shipping-methods/m-1': { body: { acknowledged: true } },
      ...noActivity,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderPage();
    const remove = within(await screen.findByRole('article', { name: 'Standard' })).getByRole('button', { name: 'Delete Standard' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(shippingNotices.confirmRemoveMethod('Standard'));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(remove);
    expect(await screen.findByText(shippingNotices.methodRemoved)).toBeInTheDocument();
  });
});
