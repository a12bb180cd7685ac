import { apiErrors, couldNotLoad, formatPercent, returnMessages, type ReturnRequest } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder, anOrderDetail, deliveredLine } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aReturn } from '../../../test/returns';
import { aCustomer } from '../../../test/users';
import { Component as MyReturns } from './my-returns';

const me = aCustomer();
const recent = anOrder({ _id: 'order-recent', orderNumber: '100020', name: 'Vented Brake Rotor', status: 'delivered', paid: true, lines: anOrder().lines.map((line) => deliveredLine(line)) });

/** /dashboard/returns reached by a "Return items" link, My Orders' first page holding only `recent`. */
function renderReturns(linked: string, order: { status: number; body: unknown }, { returns = [] as ReturnRequest[] } = {}) {
  const server = stubFetch({
    'GET /api/me': { body: me },
    [`GET /api/myorder/${encodeURIComponent(me.email)}?page=1`]: { body: [recent] },
    'GET /api/returns': { body: returns },
    'GET /api/returns/policy': { body: { restockingFeePercent: 10, sendTo: 'Returns desk, 40 Dock Street, Detroit, MI 48207' } },
    [`GET /api/order/${linked}`]: order,
  });
  renderRoutes([{ path: '/dashboard/returns', element: <MyReturns /> }], { path: `/dashboard/returns?order=${linked}` });
  return server;
}

describe('My Returns reached from an order', () => {
  it('offers that order, though it is older than My Orders’ first page', async () => {
    renderReturns('order-old', { status: 200, body: anOrderDetail({ _id: 'order-old', orderNumber: '100001', name: 'Ceramic Brake Pads', status: 'shipped', paid: true }) });

    const order = await screen.findByRole('combobox', { name: 'Order' });
    expect(order).toHaveDisplayValue('Order 100001 — Ceramic Brake Pads');
    expect(screen.queryByText(returnMessages.linkedNotReturnable)).toBeNull();
  });

  it('says when that order cannot be returned, rather than quietly offering another', async () => {
    renderReturns('order-unpaid', { status: 200, body: anOrderDetail({ _id: 'order-unpaid', orderNumber: '100002', status: 'unpaid', paid: false }) });

    expect(await screen.findByRole('alert')).toHaveTextContent(returnMessages.linkedNotReturnable);
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveDisplayValue('Order 100020 — Vented Brake Rotor');
  });

  it('says an order not among theirs as the order’s page does, with who is signed in, not that it is not shipped (decision 156)', async () => {
    renderReturns('order-someone-else', { status: 404, body: { message: apiErrors.orderNotFound } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(apiErrors.orderNotFound);
    expect(alert).toHaveTextContent('There is no such order among yours.');
    expect(alert).toHaveTextContent(`You are signed in as ${me.email}.`);
    expect(alert).not.toHaveTextContent(returnMessages.linkedNotReturnable);
  });

  it('says the restocking fee on a line sent back as no longer needed, before the request is sent', async () => {
    const user = userEvent.setup();
    renderReturns('order-recent', { status: 200, body: recent });

    const reason = await screen.findByRole('combobox', { name: 'Reason for returning Brake Pads' });
    expect(reason).not.toHaveAccessibleDescription();
    await user.selectOptions(reason, 'no-longer-needed');
    await waitFor(() => expect(reason).toHaveAccessibleDescription(returnMessages.restockingFee(formatPercent(10))));
    await user.selectOptions(reason, 'defective');
    expect(reason).not.toHaveAccessibleDescription();
  });

  it('says on an approved return where to send its parts, as its e-mail does', async () => {
    const approved = aReturn({
      orderId: 'order-recent',
      orderNumber: '100020',
      status: 'approved',
      lines: [{ partId: 'part-1', partNumber: 'BR-100', name: 'Vented Brake Rotor', quantity: 1, unitPrice: 64.5, action: null, depositsBack: 0 }],
    });
    renderReturns('order-recent', { status: 200, body: recent }, { returns: [approved, { ...approved, id: 'ret-2', rmaNumber: 'RMA-000008', status: 'requested' }] });

    const card = (rma: string) => within(screen.getByRole('heading', { name: rma }).closest('li') as HTMLElement);
    await screen.findByRole('heading', { name: 'RMA-000007' });
    expect(await card('RMA-000007').findByText(returnMessages.whatToDo('RMA-000007', 'Returns desk, 40 Dock Street, Detroit, MI 48207'))).toBeInTheDocument();
    expect(card('RMA-000008').queryByText(/Write RMA-000008 on the parcel/)).toBeNull();
    // Its line is on the form as being returned, not offered again (the server would say 409).
    const line = within(screen.getByRole('group', { name: /^Brake Pads/ }));
    expect(await line.findByText(returnMessages.alreadyBeingReturned('RMA-000007'))).toBeInTheDocument();
    expect(line.queryByRole('spinbutton')).toBeNull();
  });
});

describe('My Returns when the shop cannot answer', () => {
  it('says what could not be loaded in the shop’s one wording, each with its Try again (decision 168)', async () => {
    stubFetch({
      'GET /api/me': { body: me },
      [`GET /api/myorder/${encodeURIComponent(me.email)}?page=1`]: { status: 500, body: { message: 'Internal Server Error' } },
      'GET /api/returns': { status: 500, body: { message: 'Internal Server Error' } },
      'GET /api/returns/policy': { body: { restockingFeePercent: 10, sendTo: 'Returns desk, 40 Dock Street, Detroit, MI 48207' } },
    });
    renderRoutes([{ path: '/dashboard/returns', element: <MyReturns /> }], { path: '/dashboard/returns' });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [orders, returns] = screen.getAllByRole('alert');
    expect(orders).toHaveTextContent(couldNotLoad('your orders'));
    expect(returns).toHaveTextContent(couldNotLoad('your return requests'));
    expect(within(returns!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
