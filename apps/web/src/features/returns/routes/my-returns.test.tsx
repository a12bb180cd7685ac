import { returnMessages } from '@autoparts/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder, anOrderDetail } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { Component as MyReturns } from './my-returns';

const me = aCustomer();
const recent = anOrder({ _id: 'order-recent', orderNumber: '100020', name: 'Vented Brake Rotor', status: 'delivered', paid: true });

/** /dashboard/returns reached by a "Return items" link, My Orders' first page holding only `recent`. */
function renderReturns(linked: string, order: { status: number; body: unknown }) {
  const server = stubFetch({
    'GET /api/me': { body: me },
    [`GET /api/myorder/${encodeURIComponent(me.email)}?page=1`]: { body: [recent] },
    'GET /api/returns': { body: [] },
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
});
