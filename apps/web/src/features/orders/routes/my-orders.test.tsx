import { accountMessages, apiErrors, buyAgainMessages, confirmations, MY_ORDERS_PAGE_SIZE, notices, partChangeMessages } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/access-token';
import { stubFetch } from '../../../test/fetch-stub';
import { fullPage } from '../../../test/pages';
import { aCheckoutOrder, anOrder } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { expectBusyKeepingFocus } from '../../../test/forms';
import { Component as MyOrdersPage } from './my-orders';

const GET_ORDERS = 'GET /api/myorder/jane%40example.com?page=1';

const unpaid = anOrder({ _id: 'order-1', name: 'Brake Pads', price: 62.5, orderQuantity: 5 });
const paid = anOrder({
  _id: 'order-2',
  name: 'Oil Filter',
  price: 1234.5,
  orderQuantity: 30,
  paid: true,
  status: 'paid',
  transactionId: 'test_tx_paid',
});
const shipped = anOrder({
  _id: 'order-3',
  name: 'Radiator',
  price: 240,
  orderQuantity: 2,
  paid: true,
  status: 'shipped',
  transactionId: 'pi_shipped',
});

function renderMyOrders() {
  return renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <MyOrdersPage />
            <Toaster />
          </>
        ),
      },
      { path: '/', element: <p>Home page</p> },
    ],
    { path: '/dashboard' },
  );
}

const rowOf = (product: string) => screen.getByRole('row', { name: new RegExp(product) });

describe('My Orders', () => {
  it('lists the orders: number, product, total, quantity, payment status and Cancel', async () => {
    setAccessToken({ token: 'token-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email: 'jane@example.com' });
    const server = stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [unpaid, paid, shipped] } });
    renderMyOrders();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(document.title).toMatch(/^My Orders —/);
    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Product',
      'Price',
      'Quantity',
      'Payment',
      'Cancel',
    ]);
    // The bearer token goes with the call (SPEC §7).
    expect(server.calls.find((call) => `${call.method} ${call.path}` === GET_ORDERS)?.headers.get('authorization')).toBe(
      'Bearer token-1',
    );

    const first = within(rowOf('Brake Pads'));
    expect(first.getByText('1')).toBeInTheDocument();
    expect(first.getByText('$62.50')).toBeInTheDocument();
    expect(first.getByText('5')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/dashboard/payment/order-1');
    // Each order has a page of its own, by its number.
    expect(first.getByRole('link', { name: 'Order 100042' })).toHaveAttribute('href', '/dashboard/orders/100042');
    expect(first.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    const second = within(rowOf('Oil Filter'));
    expect(second.getByText('2')).toBeInTheDocument();
    expect(second.getByText('$1,234.50')).toBeInTheDocument();
    expect(second.getByText('Paid')).toBeInTheDocument();
    expect(second.getByText('test_tx_paid')).toBeInTheDocument();
    expect(second.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    const third = within(rowOf('Radiator'));
    expect(third.getByText('Shipped')).toBeInTheDocument();
    expect(third.getByText('pi_shipped')).toBeInTheDocument();
    expect(third.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('buys an order again: says what was added, a replaced part as its replacement, and what was not and why', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: [unpaid, shipped] },
      'POST /api/order/order-3/buy-again': {
        body: {
          added: [
            { partNumber: 'RAD-2001', quantity: 2, replaced: 'RAD-1001' },
            { partNumber: 'HOSE-7', quantity: 1 },
          ],
          skipped: [{ partNumber: 'CAP-9', reason: partChangeMessages.noLongerMadeLine }],
        },
      },
    });
    renderMyOrders();
    const row = within(await screen.findByRole('row', { name: /Radiator/ }));
    await userEvent.click(row.getByRole('button', { name: buyAgainMessages.button }));

    const result = await row.findByTestId('buy-again-result');
    await waitFor(() => expect(result).toHaveTextContent(buyAgainMessages.added(2)));
    expect(result).toHaveTextContent('2 × RAD-2001, which replaces RAD-1001');
    expect(result).toHaveTextContent('1 × HOSE-7');
    expect(result).toHaveTextContent(`${buyAgainMessages.skipped(1)}CAP-9: ${partChangeMessages.noLongerMadeLine}`);
    expect(within(result).getByRole('link', { name: buyAgainMessages.goToCart })).toHaveAttribute('href', '/cart');
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/order/order-3/buy-again']);
  });

  // Chromium drops the focus of a focused button that becomes disabled (jsdom does not).
  it('keeps the focus on Buy again while it works (aria-disabled, busy), and buys once however often it is pressed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: [shipped] },
      'POST /api/order/order-3/buy-again': async () => {
        await held;
        return { body: { added: [{ partNumber: 'RAD-2001', quantity: 2 }], skipped: [] } };
      },
    });
    renderMyOrders();
    const row = within(await screen.findByRole('row', { name: /Radiator/ }));
    const button = row.getByRole('button', { name: buyAgainMessages.button });
    const user = userEvent.setup();
    await user.click(button);
    await expectBusyKeepingFocus(button);
    await user.click(button);
    release();

    await waitFor(() => expect(row.getByTestId('buy-again-result')).toHaveTextContent(buyAgainMessages.added(1)));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says so when buying again fails, with the server\'s reason', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: [unpaid] },
      'POST /api/order/order-1/buy-again': { status: 404, body: { message: apiErrors.orderNotFound } },
    });
    renderMyOrders();
    const row = within(await screen.findByRole('row', { name: /Brake Pads/ }));
    await userEvent.click(row.getByRole('button', { name: buyAgainMessages.button }));
    expect(await row.findByText(apiErrors.orderNotFound)).toBeInTheDocument();
  });

  it('does not let a shipped order be cancelled, and says why', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [shipped] } });
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    const cancel = within(rowOf('Radiator')).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(`Radiator ${apiErrors.shippedNotCancellable}`);
    expect(cancel).toHaveAttribute('title', apiErrors.shippedNotCancellable);
  });

  it('offers no Cancel on a free warranty replacement, paid or shipped in part, and says who cancels it (decision 110)', async () => {
    const replacement = anOrder({ _id: 'order-4', name: 'Water Pump', price: 0, paid: true, status: 'paid', paymentProvider: 'replacement' });
    const partly = anOrder({ _id: 'order-5', name: 'Fuel Pump', price: 0, paid: true, status: 'partially_shipped', paymentProvider: 'replacement' });
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [replacement, partly, paid] } });
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    for (const name of ['Water Pump', 'Fuel Pump']) {
      expect(within(rowOf(name)).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      expect(within(rowOf(name)).getByText(apiErrors.replacementNotCancellable)).toBeInTheDocument();
    }
    // A sale in the same state still has its Cancel.
    expect(within(rowOf('Oil Filter')).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('offers no Cancel or "Return items" on an order on account its placer may no longer act on, and says why (decision 138)', async () => {
    const onAccount = anOrder({ _id: 'order-8', name: 'Water Pump', paid: true, status: 'paid', mayAct: false });
    const delivered = anOrder({ _id: 'order-9', name: 'Fuel Pump', paid: true, status: 'delivered', mayAct: false });
    const stillBuyer = anOrder({ _id: 'order-10', name: 'Radiator', paid: true, status: 'delivered' });
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [onAccount, delivered, stillBuyer] } });
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    expect(within(rowOf('Water Pump')).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(rowOf('Water Pump')).getByText(accountMessages.cancelNotBuyer)).toBeInTheDocument();
    expect(within(rowOf('Fuel Pump')).queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
    expect(within(rowOf('Fuel Pump')).getByText(accountMessages.returnNotBuyer)).toBeInTheDocument();
    expect(within(rowOf('Radiator')).getByRole('link', { name: 'Return items' })).toBeInTheDocument();
  });

  it('offers Pay Now only where the order-states table awaits a payment: never on a warranty replacement (decision 136)', async () => {
    const replacement = anOrder({ _id: 'order-6', name: 'Water Pump', price: 0, paid: false, status: 'unpaid', paymentProvider: 'replacement' });
    const unpaid = anOrder({ _id: 'order-7', name: 'Oil Filter', status: 'unpaid' });
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [replacement, unpaid] } });
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    expect(within(rowOf('Water Pump')).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(within(rowOf('Oil Filter')).getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/dashboard/payment/order-7');
  });

  it('cancels after the confirmation: says so and lists the orders again', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let orders = [unpaid, paid];
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: () => ({ body: orders }),
      'DELETE /api/myorder?id=order-1': () => {
        orders = [paid];
        return { body: { deletedCount: 1 } };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderMyOrders();
    queryClient.setQueryData(['parts'], []);
    await screen.findByRole('table', { name: 'My Orders' });
    await user.click(within(rowOf('Brake Pads')).getByRole('button', { name: 'Cancel' }));

    expect(confirm).toHaveBeenCalledWith(confirmations.cancelOrder);
    expect(confirm).toHaveBeenCalledWith('Do you really want to cancel order?');
    expect(await screen.findByText(notices.orderCancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Brake Pads/ })).not.toBeInTheDocument());
    expect(rowOf('Oil Filter')).toBeInTheDocument();
    expect(server.paths().filter((path) => path === GET_ORDERS)).toHaveLength(2);
    // The stock came back: the parts are out of date.
    expect(queryClient.getQueryState(['parts'])?.isInvalidated).toBe(true);
    confirm.mockRestore();
  });

  it('keeps the keyboard’s place after a cancel: the next order’s Cancel, or its link when it cannot be cancelled', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let orders = [unpaid, paid, { ...shipped, orderNumber: '100045' }];
    const answers: (() => void)[] = [];
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: () => ({ body: orders }),
      'DELETE /api/myorder?id=*': (call) => {
        const id = new URL(call.path, 'http://shop').searchParams.get('id');
        return new Promise((resolve) => {
          answers.push(() => {
            orders = orders.filter((order) => order._id !== id);
            resolve({ body: { deletedCount: 1 } });
          });
        });
      },
    });
    const user = userEvent.setup();
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });

    const first = within(rowOf('Brake Pads')).getByRole('button', { name: 'Cancel' });
    await user.click(first);
    // While it is cancelled the button keeps the focus: aria-disabled, not disabled; the others wait.
    await waitFor(() => expect(first).toHaveAttribute('aria-disabled', 'true'));
    expect(first).toBeEnabled();
    expect(first).toHaveFocus();
    expect(within(rowOf('Oil Filter')).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(first);
    expect(server.paths().filter((path) => path.startsWith('DELETE'))).toEqual(['DELETE /api/myorder?id=order-1']);
    answers[0]?.();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Brake Pads/ })).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowOf('Oil Filter')).getByRole('button', { name: 'Cancel' })).toHaveFocus());

    // The next one has shipped: its Cancel is disabled, so its link takes the focus.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Oil Filter/ })).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowOf('Radiator')).getByRole('link', { name: 'Order 100045' })).toHaveFocus());
  });

  it('keeps the keyboard on a partly shipped order after its Cancel: only its rest is cancelled, and it stays (decision 192)', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const partly = anOrder({ _id: 'order-4', name: 'Water Pump', orderNumber: '100046', paid: true, status: 'partially_shipped', transactionId: 'pi_partly' });
    let orders = [partly, paid];
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: () => ({ body: orders }),
      'DELETE /api/myorder?id=order-4': () => {
        orders = [{ ...partly, status: 'shipped' }, paid];
        return { body: { deletedCount: 1, refunded: 20 } };
      },
    });
    const user = userEvent.setup();
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    await user.click(within(rowOf('Water Pump')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(within(rowOf('Water Pump')).getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await waitFor(() => expect(within(rowOf('Water Pump')).getByRole('link', { name: 'Order 100046' })).toHaveFocus());
    expect(within(rowOf('Oil Filter')).getByRole('button', { name: 'Cancel' })).not.toHaveFocus();
  });

  it('gives the focus to the heading when the last order is cancelled', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let orders = [unpaid];
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: () => ({ body: orders }),
      'DELETE /api/myorder?id=order-1': () => {
        orders = [];
        return { body: { deletedCount: 1 } };
      },
    });
    const user = userEvent.setup();
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    await user.click(within(rowOf('Brake Pads')).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toHaveFocus());
  });

  it('says the payment is refunded when a paid order is cancelled, after SPEC’s text', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: [paid] },
      'DELETE /api/myorder?id=order-2': { body: { deletedCount: 1, refunded: 1234.5 } },
    });
    const user = userEvent.setup();
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    await user.click(within(rowOf('Oil Filter')).getByRole('button', { name: 'Cancel' }));

    const toast = (await screen.findByText(notices.orderCancelled)).closest('li')!;
    expect(within(toast).getByText('Your payment of $1,234.50 is refunded.')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('leads to the Order history beside it', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [unpaid] } });
    renderMyOrders();

    expect(await screen.findByRole('link', { name: /Order history/ })).toHaveAttribute('href', '/dashboard/history');
  });

  it('does nothing when the confirmation is declined', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const server = stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [unpaid] } });
    const user = userEvent.setup();
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    await user.click(within(rowOf('Brake Pads')).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(server.paths().some((path) => path.startsWith('DELETE'))).toBe(false);
    expect(rowOf('Brake Pads')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('says "action failed" when the cancel fails, with the server’s reason', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: [paid] },
      'DELETE /api/myorder?id=order-2': { status: 409, body: { message: apiErrors.shippedNotCancellable } },
    });
    const user = userEvent.setup();
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    await user.click(within(rowOf('Oil Filter')).getByRole('button', { name: 'Cancel' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(within(toast).getByText(apiErrors.shippedNotCancellable)).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('says "action failed" when nothing was cancelled', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: [unpaid] },
      'DELETE /api/myorder?id=order-1': { body: { deletedCount: 0 } },
    });
    const user = userEvent.setup();
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    await user.click(within(rowOf('Brake Pads')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('action failed')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it.each([401, 403])('goes home when the server answers %i (SPEC §8)', async (status) => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { status, body: { message: apiErrors.forbidden } } });
    const { router } = renderMyOrders();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a spinner while the orders load', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: () => new Promise(() => {}) });
    renderMyOrders();
    expect(await screen.findByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();
  });

  it('says when there are no orders yet, with a way to the parts', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [] } });
    renderMyOrders();
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse parts' })).toHaveAttribute('href', '/#parts');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the orders could not be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: () => (fail ? { status: 500, body: { message: apiErrors.internal } } : { body: [unpaid] }),
    });
    const user = userEvent.setup();
    renderMyOrders();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'My Orders' })).toBeInTheDocument();
  });

  it('scrolls sideways inside a region the keyboard can reach on narrow screens', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [unpaid] } });
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    const region = screen.getByRole('region', { name: 'My Orders table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-x-auto');
  });
});

describe('My Orders: pages', () => {
  const ordersFrom = (first: number) => fullPage(MY_ORDERS_PAGE_SIZE, (n) => anOrder({ _id: `order-${n}`, name: `Part ${n}`, orderNumber: String(100_000 + n) }), first);

  it('offers no older orders after a full page that is the last: the next page is asked first', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: ordersFrom(1) },
      'GET /api/myorder/jane%40example.com?page=2': { body: [] },
    });
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    await waitFor(() => expect(server.paths()).toContain('GET /api/myorder/jane%40example.com?page=2'));
    // Nothing to page through: one page holds the whole list.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'My Orders pages' })).not.toBeInTheDocument());
  });

  it('steps to the older orders when there are some, the keyboard at the list’s heading, also when that page is the last', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: ordersFrom(1) },
      'GET /api/myorder/jane%40example.com?page=2': { body: ordersFrom(21) },
      'GET /api/myorder/jane%40example.com?page=3': { body: [] },
    });
    const user = userEvent.setup();
    renderMyOrders();
    const older = await screen.findByRole('button', { name: 'Older orders' });
    await user.click(older);
    expect(await screen.findByRole('row', { name: /Part 21/ })).toBeInTheDocument();
    // Page 3 came back empty: "Older orders" is disabled; the keyboard is on the list's heading, not on it.
    await waitFor(() => expect(older).toBeDisabled());
    expect(screen.getByRole('heading', { name: 'My Orders', level: 1 })).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'My Orders pages' })).toHaveTextContent('Page 2');
  });
});

describe('My Orders: the last order of a later page cancelled', () => {
  it('shows the page before it, not an empty table', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const oldest = anOrder({ _id: 'order-21', name: 'Oldest Part', orderNumber: '100021' });
    let cancelled = false;
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_ORDERS]: { body: fullPage(MY_ORDERS_PAGE_SIZE, (n) => anOrder({ _id: `order-${n}`, name: `Part ${n}`, orderNumber: String(100_000 + n) })) },
      'GET /api/myorder/jane%40example.com?page=2': () => ({ body: cancelled ? [] : [oldest] }),
      'DELETE /api/myorder?id=order-21': () => {
        cancelled = true;
        return { body: { deletedCount: 1 } };
      },
    });
    const user = userEvent.setup();
    renderMyOrders();
    await user.click(await screen.findByRole('button', { name: 'Older orders' }));
    await user.click(within(await screen.findByRole('row', { name: /Oldest Part/ })).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('row', { name: /Part 20/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Oldest Part/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'My Orders pages' })).not.toBeInTheDocument());
    confirm.mockRestore();
  });
});

describe('My Orders: an order of many lines', () => {
  it('names it by its first part and number, and opens to its lines, ship-to, shipping, tax and total', async () => {
    setAccessToken({ token: 'token-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email: 'jane@example.com' });
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_ORDERS]: { body: [aCheckoutOrder({ _id: 'order-7' })] } });
    renderMyOrders();
    await screen.findByRole('table', { name: 'My Orders' });
    const row = within(rowOf('Brake Pads \\+ 1 more'));
    expect(row.getByText('Order 100043')).toBeInTheDocument();
    expect(row.getByText('$164.28')).toBeInTheDocument();
    expect(row.getByText('13')).toBeInTheDocument();

    await userEvent.click(row.getByText(/^Order details/, { selector: 'summary' }));
    const lines = await row.findByRole('list', { name: 'Lines of order 100043' });
    expect(within(lines).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '10 × Brake PadsBRK-1001$110.00 ($11.00 each)',
      '3 × Caliper ClipCLP-2002$15.00 ($5.00 each)',
    ]);
    expect(row.getByText(': Standard (3–5 business days)')).toBeInTheDocument();
    expect(row.getByText('$29.62')).toBeInTheDocument();
    expect(row.getByText('$9.66')).toBeInTheDocument();
    expect(row.getByText('Springfield, IL 62701')).toBeInTheDocument();
    expect(row.getByText('PO-7731')).toBeInTheDocument();
  });
});
