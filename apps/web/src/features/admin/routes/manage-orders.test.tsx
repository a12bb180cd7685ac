import { USER_SEARCH_MAX, apiErrors, confirmations, customerPaymentRefunded, notices, shipmentMessages, type Order } from '@autoparts/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { anOrderPage, noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { aCheckoutOrder, anOrder } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { adminNotices } from '../admin-notices';
import { Component as ManageOrdersPage } from './manage-orders';

const PAGE_1 = 'GET /api/admin/orders?page=1&pageSize=20';

const unpaid = anOrder({ _id: 'order-1', name: 'Brake Pads', customername: 'Jane Doe', email: 'jane@example.com', price: 62.5, orderQuantity: 5 });
const paid = anOrder({
  _id: 'order-2',
  name: 'Oil Filter',
  customername: 'Sam Smith',
  email: 'sam@example.com',
  price: 1234.5,
  orderQuantity: 30,
  paid: true,
  status: 'paid',
  transactionId: 'test_tx_paid',
  createdAt: '2024-05-02T15:30:00.000Z',
});
const shipped = anOrder({ _id: 'order-3', name: 'Radiator', customername: 'Ann Lee', email: 'ann@example.com', status: 'shipped', paid: true });

function renderManageOrders(path = '/dashboard/orders') {
  return renderRoutes(
    [
      {
        path: '/dashboard/orders',
        element: (
          <>
            <ManageOrdersPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path },
  );
}

const rowOf = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) }));
const orderCalls = (server: ReturnType<typeof stubFetch>) => server.paths().filter((path) => path.startsWith('GET /api/admin/orders'));

type Routes = Parameters<typeof stubFetch>[0];

/**
 * Manage All Orders, its first page `orders` (or what `orders()` answers at each read) and the
 * other `routes` stubbed, once its table shows; and a user to drive it.
 */
async function openPage(orders: Order[] | (() => Order[]), routes: Routes = {}) {
  const firstPage = typeof orders === 'function' ? () => ({ body: anOrderPage(orders()) }) : { body: anOrderPage(orders) };
  const server = stubFetch({ [PAGE_1]: firstPage, ...routes, ...noActivity });
  const user = userEvent.setup();
  const rendered = renderManageOrders();
  await screen.findByRole('table', { name: 'All orders' });
  return { server, user, ...rendered };
}

/** Opens the Ship form of the order of `customer` with its Ship… button: the form, to look into. */
async function openShipForm(user: UserEvent, customer: string) {
  await user.click(rowOf(customer).getByRole('button', { name: /^Ship…/ }));
  return within(screen.getByRole('form', { name: /^Ship order/ }));
}

describe('Manage All Orders', () => {
  it('lists the first page: customer, part, quantity, total, status and date, with the action each allows', async () => {
    const server = stubFetch({ [PAGE_1]: { body: anOrderPage([unpaid, paid, shipped]) }, ...noActivity });
    renderManageOrders();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage All Orders' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Manage All Orders —/);
    const table = await screen.findByRole('table', { name: 'All orders' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Customer',
      'Part',
      'Quantity',
      'Total',
      'Status',
      'Date',
      'Actions',
    ]);
    expect(server.calls.find((call) => call.path.startsWith('/api/admin/orders'))?.headers.has('authorization')).toBe(false);

    const first = rowOf('Jane Doe');
    expect(first.getByText('jane@example.com')).toBeInTheDocument();
    expect(first.getByText('Brake Pads')).toBeInTheDocument();
    expect(first.getByText('Order 100042')).toBeInTheDocument();
    expect(first.getByText('5')).toBeInTheDocument();
    expect(first.getByText('$62.50')).toBeInTheDocument();
    expect(first.getByText('Unpaid')).toBeInTheDocument();
    expect(first.getByText(/2024/)).toHaveAttribute('datetime', '2024-05-01T10:00:00.000Z');
    expect(first.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(first.queryByText('Ship…')).not.toBeInTheDocument();

    const second = rowOf('Sam Smith');
    expect(second.getByText('$1,234.50')).toBeInTheDocument();
    expect(second.getByText('Paid')).toBeInTheDocument();
    expect(second.getByText('Ship…')).toBeInTheDocument();
    // A paid order can still be cancelled (its payment refunded), beside Ship….
    expect(second.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    const third = rowOf('Ann Lee');
    expect(third.getByText('Shipped')).toBeInTheDocument();
    expect(third.getByRole('button', { name: 'Mark delivered' })).toBeEnabled();
    expect(third.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    expect(screen.getByText('3 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'All orders table' })).toHaveAttribute('tabindex', '0');
  });

  it('offers Cancel on a warranty replacement only before any of it ships (decision 110)', async () => {
    const replacement = anOrder({ _id: 'order-4', customername: 'Kim Park', status: 'paid', paid: true, price: 0, paymentProvider: 'replacement' });
    const partly = anOrder({ _id: 'order-5', customername: 'Lee Moss', status: 'partially_shipped', paid: true, price: 0, paymentProvider: 'replacement' });
    // A sale partly shipped: its cancel is of the rest, as the order-process table says.
    const partlySale = anOrder({ _id: 'order-6', customername: 'Ros Hale', status: 'partially_shipped', paid: true });
    await openPage([replacement, partly, paid, partlySale]);
    expect(rowOf('Ros Hale').getByRole('button', { name: 'Cancel the rest' })).toBeEnabled();
    expect(rowOf('Kim Park').getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(rowOf('Lee Moss').getByText('Ship…')).toBeInTheDocument();
    expect(rowOf('Lee Moss').queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    // Its $0.00 and "Paid" say what it is: a replacement, not a sale.
    expect(rowOf('Kim Park').getByText(adminNotices.replacementOrder)).toBeInTheDocument();
    expect(rowOf('Sam Smith').queryByText(adminNotices.replacementOrder)).not.toBeInTheDocument();
  });

  it('filters by status with the choices All, unpaid, paid, partly shipped, shipped, delivered, cancelled and expired', async () => {
    const { server, user, router } = await openPage([unpaid, paid], { 'GET /api/admin/orders?status=paid&page=1&pageSize=20': { body: anOrderPage([paid]) } });
    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'All'],
      ['unpaid', 'Unpaid'],
      ['paid', 'Paid'],
      ['partially_shipped', 'Partly shipped'],
      ['shipped', 'Shipped'],
      ['delivered', 'Delivered'],
      ['cancelled', 'Cancelled'],
      ['expired', 'Expired'],
    ]);
    await user.selectOptions(status, 'paid');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Jane Doe/ })).not.toBeInTheDocument());
    expect(orderCalls(server)).toEqual([PAGE_1, 'GET /api/admin/orders?status=paid&page=1&pageSize=20']);
    expect(router.state.location.search).toBe('?status=paid');

    await user.selectOptions(status, '');
    expect(await screen.findByRole('row', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('searches by e-mail after a pause in typing, and at once with Search', async () => {
    const { server, user, router } = await openPage([unpaid, paid], {
      'GET /api/admin/orders?email=sam&page=1&pageSize=20': { body: anOrderPage([paid]) },
      'GET /api/admin/orders?email=jane&page=1&pageSize=20': { body: anOrderPage([unpaid]) },
    });
    const search = screen.getByRole('searchbox', { name: 'Customer e-mail or order number' });
    // No longer than the server searches: a pasted page of text is cut, not sent to be refused.
    expect(search).toHaveAttribute('maxLength', String(USER_SEARCH_MAX));

    await user.type(search, 'sam');
    // One request for the whole word, not one per letter.
    await waitFor(() => expect(orderCalls(server)).toEqual([PAGE_1, 'GET /api/admin/orders?email=sam&page=1&pageSize=20']));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Jane Doe/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?email=sam');

    await user.clear(search);
    await user.type(search, 'jane{Enter}');
    expect(orderCalls(server)).toContain('GET /api/admin/orders?email=jane&page=1&pageSize=20');
    expect(await screen.findByRole('row', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=jane');
  });

  it('pages through the orders with Previous and Next, each disabled at its end', async () => {
    const firstPage = Array.from({ length: 20 }, (_, index) =>
      anOrder({ _id: `order-a${index}`, customername: `Customer ${index}`, email: `c${index}@example.com` }),
    );
    const server = stubFetch({
      'GET /api/admin/orders?status=unpaid&page=1&pageSize=20': { body: anOrderPage(firstPage, { total: 45 }) },
      'GET /api/admin/orders?status=unpaid&page=2&pageSize=20': { body: anOrderPage([paid], { total: 45, page: 2 }) },
      'GET /api/admin/orders?status=unpaid&page=3&pageSize=20': { body: anOrderPage([unpaid], { total: 45, page: 3 }) },
      ...noActivity,
    });
    const user = userEvent.setup();
    const { router } = renderManageOrders('/dashboard/orders?status=unpaid');
    await screen.findByRole('table', { name: 'All orders' });
    const pages = within(screen.getByRole('navigation', { name: 'Orders pages' }));
    expect(pages.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Sam Smith/ })).toBeInTheDocument();
    expect(pages.getByText('Page 2 of 3')).toBeInTheDocument();
    // The new page is read from its top: the keyboard is on the table's region, not left on the pager below it.
    expect(screen.getByRole('region', { name: 'All orders table' })).toHaveFocus();
    expect(router.state.location.search).toBe('?status=unpaid&page=2');
    expect(pages.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(pages.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    // The keyboard is at the table's top, not on a button that is now disabled.
    expect(screen.getByRole('region', { name: 'All orders table' })).toHaveFocus();

    await user.click(pages.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('row', { name: /Sam Smith/ })).toBeInTheDocument();
    expect(orderCalls(server)).toEqual([
      'GET /api/admin/orders?status=unpaid&page=1&pageSize=20',
      'GET /api/admin/orders?status=unpaid&page=2&pageSize=20',
      'GET /api/admin/orders?status=unpaid&page=3&pageSize=20',
      // Page 2 shows from the cache at once and is asked for again in the background.
      'GET /api/admin/orders?status=unpaid&page=2&pageSize=20',
    ]);
  });

  it('ships part of a paid order with a carrier and tracking number, and lists the orders again', async () => {
    let orders = [paid];
    let sent: unknown;
    const { server, user } = await openPage(() => orders, {
      'POST /api/admin/order/order-2/ship': (request) => {
        sent = request.body;
        orders = [{ ...paid, status: 'shipped' }];
        return { body: { modifiedCount: 1, shipmentId: 'shipment-1', status: 'partially_shipped' } };
      },
    });
    const row = rowOf('Sam Smith');
    const toggle = row.getByRole('button', { name: /^Ship…\s*order 100042/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The form opens in a row of its own, across the table, not in the order's actions cell.
    const form = within(screen.getByRole('form', { name: /^Ship order/ }));
    expect(row.queryByRole('form')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('form', { name: /^Ship order/ }).id);
    await user.click(form.getByRole('button', { name: 'Ship' }));
    expect(form.getByRole('alert')).toHaveTextContent(shipmentMessages.trackingNumber);
    // The keyboard goes to the field to correct.
    expect(form.getByLabelText('Tracking number')).toHaveFocus();
    await user.selectOptions(form.getByLabelText('Carrier'), 'UPS');
    await user.type(form.getByLabelText('Tracking number'), '1Z 999 AA1 01 2345 6784');
    const units = form.getByLabelText(/Brake Pads/);
    await user.clear(units);
    await user.click(form.getByRole('button', { name: 'Ship' }));
    expect(form.getByRole('alert')).toHaveTextContent(shipmentMessages.noUnits);
    expect(units).toHaveFocus();
    expect(form.getByRole('group', { name: 'Units in this parcel' })).toHaveAccessibleDescription(shipmentMessages.noUnits);
    await user.type(units, '2');
    await user.click(form.getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Shipment recorded: the rest of the order is still to ship')).toBeInTheDocument();
    expect(sent).toEqual({ carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId: 'part-1', quantity: 2 }] });
    await waitFor(() => expect(rowOf('Sam Smith').getByText('Shipped')).toBeInTheDocument());
    expect(server.paths()).toContain('POST /api/admin/order/order-2/ship');
    expect(orderCalls(server)).toEqual([PAGE_1, PAGE_1]);
  });

  it('sends a parcel once when Ship is clicked twice in a row, and Mark delivered once', async () => {
    let orders = [paid];
    const { server, user } = await openPage(() => orders, {
      'POST /api/admin/order/order-2/ship': () => {
        orders = [{ ...paid, status: 'shipped' }];
        return { body: { modifiedCount: 1, shipmentId: 'shipment-1', status: 'shipped' } };
      },
      'POST /api/admin/order/order-2/deliver': () => {
        orders = [{ ...paid, status: 'delivered' }];
        return { body: { modifiedCount: 1 } };
      },
    });
    const form = await openShipForm(user, 'Sam Smith');
    await user.type(form.getByLabelText('Tracking number'), '1Z999AA10123456784');
    // Two clicks in one go, as a browser's double click delivers them: before React draws the first one's pending state.
    const twice = (button: HTMLElement) => {
      fireEvent.click(button);
      fireEvent.click(button);
    };
    twice(form.getByRole('button', { name: 'Ship' }));
    twice(await screen.findByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(rowOf('Sam Smith').getByText('Delivered')).toBeInTheDocument());
    expect(server.paths().filter((path) => path.startsWith('POST'))).toEqual(['POST /api/admin/order/order-2/ship', 'POST /api/admin/order/order-2/deliver']);
  });

  it('keeps the keyboard on the order after each action: its next action, else its row', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let orders = [paid, unpaid];
    const { user } = await openPage(() => orders, {
      'POST /api/admin/order/order-2/ship': () => {
        orders = [{ ...paid, status: 'shipped' }, unpaid];
        return { body: { modifiedCount: 1, shipmentId: 'shipment-1', status: 'shipped' } };
      },
      'POST /api/admin/order/order-2/deliver': () => {
        orders = [{ ...paid, status: 'delivered' }, unpaid];
        return { body: { modifiedCount: 1 } };
      },
      'POST /api/admin/order/order-1/cancel': () => {
        orders = [orders[0]!, { ...unpaid, status: 'cancelled' }];
        return { body: { deletedCount: 1 } };
      },
    });

    // The Ship form closes with its button: Mark delivered, what is left to do, takes the keyboard.
    const form = await openShipForm(user, 'Sam Smith');
    await user.type(form.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowOf('Sam Smith').getByRole('button', { name: 'Mark delivered' })).toHaveFocus());

    // Nothing is left to do on a delivered order, or a cancelled one: their row takes it.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowOf('Sam Smith').getByText('Delivered')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('rowheader', { name: /Sam Smith/ })).toHaveFocus());
    await user.click(rowOf('Jane Doe').getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('rowheader', { name: /Jane Doe/ })).toHaveFocus());
  });

  it('the Ship… form shows where the order goes and by which method', async () => {
    const checkedOut = aCheckoutOrder({ _id: 'order-9', customername: 'Ada Garage', email: 'ada@example.com', status: 'paid', paid: true, transactionId: 'tx-9' });
    const { user } = await openPage([checkedOut]);
    const row = rowOf('Ada Garage');
    await user.click(row.getByText('Ship…'));
    const form = within(screen.getByRole('form', { name: 'Ship order 100043' }));
    const shipTo = form.getByText('Ship to').nextElementSibling as HTMLElement;
    expect(shipTo).toHaveTextContent('Ada Garage100 Main StreetSpringfield, IL 62701United States+1 217 555 0100');
    expect(form.getByText('Method').nextElementSibling).toHaveTextContent('Standard (3–5 business days)');
  });

  it('keeps the Ship form and the keyboard when a parcel is refused for its units: the reason at them, each line what is left', async () => {
    // Another admin shipped 2 of the 5 Brake Pads while this one's form was open.
    const otherParcel = { id: 'shipment-0', carrier: 'ups' as const, trackingNumber: '1Z0000000000000000', trackingUrl: null, shippedAt: '2024-05-03T09:00:00.000Z', lines: [{ partId: 'part-1', partNumber: 'BRK-1001', name: 'Brake Pads', quantity: 2 }] };
    let orders = [paid];
    const sent: unknown[] = [];
    const { user } = await openPage(() => orders, {
      'POST /api/admin/order/order-2/ship': (request) => {
        sent.push(request.body);
        if (sent.length === 1) {
          orders = [{ ...paid, status: 'partially_shipped', shipments: [otherParcel] }];
          return { status: 409, body: { message: shipmentMessages.tooMany(0, 3) } };
        }
        orders = [{ ...paid, status: 'shipped', shipments: [otherParcel, { ...otherParcel, id: 'shipment-1', lines: [{ ...otherParcel.lines[0]!, quantity: 3 }] }] }];
        return { body: { modifiedCount: 1, shipmentId: 'shipment-1', status: 'shipped' } };
      },
    });
    const form = await openShipForm(user, 'Sam Smith');
    await user.type(form.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.clear(form.getByLabelText(/Brake Pads/));
    await user.type(form.getByLabelText(/Brake Pads/), '4');
    await user.keyboard('{Enter}');

    // The form stays open (the other parcel does not close it), says why at the units, and the
    // keyboard is on the line the refusal names, now at what is left.
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent(shipmentMessages.tooMany(0, 3)));
    const units = form.getByLabelText(/Brake Pads/);
    expect(units).toHaveFocus();
    expect(units).toHaveValue(3);
    expect(form.getByText('(of 3 left)')).toBeInTheDocument();
    expect(form.getByRole('group', { name: 'Units in this parcel' })).toHaveAccessibleDescription(shipmentMessages.tooMany(0, 3));
    // The field that has the keyboard says it too: a group's description is not read as focus lands in it.
    expect(units).toHaveAccessibleDescription(shipmentMessages.tooMany(0, 3));
    expect(units).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Tracking number')).not.toHaveAttribute('aria-invalid', 'true');
    // Said once, in place: no toast over it.
    expect(screen.queryByText(notices.actionFailed)).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(rowOf('Sam Smith').getByRole('button', { name: 'Mark delivered' })).toHaveFocus());
    expect(sent).toEqual([
      { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId: 'part-1', quantity: 4 }] },
      { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    ]);
  });

  it('says "action failed" with the reason when the order cannot be shipped', async () => {
    const { user } = await openPage([paid], { 'POST /api/admin/order/order-2/ship': { status: 409, body: { message: shipmentMessages.notShippable } } });
    const row = rowOf('Sam Smith');
    await user.click(row.getByText('Ship…'));
    const form = within(screen.getByRole('form', { name: /^Ship order/ }));
    await user.type(form.getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(form.getByRole('button', { name: 'Ship' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(within(toast).getByText(shipmentMessages.notShippable)).toBeInTheDocument();
    // A refusal of the order itself may take the form away: the keyboard goes to what is left of the row.
    await waitFor(() => expect(row.getByRole('button', { name: /^Ship…/ })).toHaveFocus());
  });

  it('cancels an unpaid order after the confirmation, and refreshes the orders and the stock', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    let orders = [unpaid];
    const { server, user, queryClient } = await openPage(() => orders, {
      'POST /api/admin/order/order-1/cancel': () => {
        orders = [{ ...unpaid, status: 'cancelled' }];
        return { body: { deletedCount: 1 } };
      },
    });
    queryClient.setQueryData(['parts'], []);

    await user.click(rowOf('Jane Doe').getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith(confirmations.cancelOrder);
    expect(server.paths().some((path) => path.startsWith('POST'))).toBe(false);

    await user.click(rowOf('Jane Doe').getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(notices.orderCancelled)).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Jane Doe').getByText('Cancelled')).toBeInTheDocument());
    expect(rowOf('Jane Doe').queryByRole('button')).not.toBeInTheDocument();
    expect(queryClient.getQueryState(['parts'])?.isInvalidated).toBe(true);
    confirm.mockRestore();
  });

  it('cancels a paid order and says how much of the customer\'s payment went back', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let orders = [paid];
    const { user } = await openPage(() => orders, {
      'POST /api/admin/order/order-2/cancel': () => {
        orders = [{ ...paid, status: 'cancelled' }];
        return { body: { deletedCount: 1, refunded: 1234.5 } };
      },
    });

    await user.click(rowOf('Sam Smith').getByRole('button', { name: 'Cancel' }));

    const toast = (await screen.findByText(notices.orderCancelled)).closest('li')!;
    expect(within(toast).getByText(customerPaymentRefunded(1234.5))).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Sam Smith').getByText('Cancelled')).toBeInTheDocument());
    confirm.mockRestore();
  });

  it('says "action failed" with the reason when the cancel is refused', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openPage([unpaid], { 'POST /api/admin/order/order-1/cancel': { status: 409, body: { message: apiErrors.shippedNotCancellable } } });
    await user.click(rowOf('Jane Doe').getByRole('button', { name: 'Cancel' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(within(toast).getByText(apiErrors.shippedNotCancellable)).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('shows a spinner while loading, and says when no order matches', async () => {
    let answer = () => {};
    stubFetch({
      'GET /api/admin/orders?email=nobody&page=1&pageSize=20': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: anOrderPage([]) });
        }),
      ...noActivity,
    });
    renderManageOrders('/dashboard/orders?email=nobody');
    expect(await screen.findByRole('status', { name: 'Loading the orders' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Customer e-mail or order number' })).toHaveValue('nobody');
    answer();
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when there are no orders at all', async () => {
    stubFetch({ [PAGE_1]: { body: anOrderPage([]) }, ...noActivity });
    renderManageOrders();
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });
});
