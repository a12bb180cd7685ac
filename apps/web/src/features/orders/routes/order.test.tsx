import { apiErrors, buyAgainMessages, companyMessages, shipmentMessages } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder, notShippedYet } from '../../../test/orders';
import { aCustomer } from '../../../test/users';
import { renderRoutes } from '../../../test/render-with-router';
import { Component as OrderPage } from './order';

function renderOrderPage(orderNumber: string) {
  return renderRoutes([{ path: '/dashboard/orders/:orderNumber', element: <OrderPage /> }], { path: `/dashboard/orders/${orderNumber}` });
}

describe('An order’s page', () => {
  it('shows the order by its number: status, lines and totals, documents and the way to return items', async () => {
    stubFetch({
      'GET /api/orders/by-number/100042': {
        body: {
          ...anOrder({
            _id: 'order-7',
            status: 'delivered',
            paid: true,
            total: 62.5,
            poNumber: 'PO-7731',
            invoiceNumber: 'INV-000012',
            creditNotes: [{ number: 'CN-000003', amount: 12.5, issuedAt: '2026-11-20T10:00:00.000Z' }],
          }),
          yours: true,
        },
      },
    });
    renderOrderPage('100042');
    expect(screen.getByRole('heading', { level: 1, name: 'Order 100042' })).toBeInTheDocument();
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(document.title).toMatch(/^Order 100042 —/);
    expect(within(screen.getByRole('list', { name: 'Lines of order 100042' })).getByText('Brake Pads')).toBeInTheDocument();
    expect(screen.getByText('PO-7731')).toBeInTheDocument();
    // Right under the page's H1, the order's parts are H2s (they were H3s, skipping a level).
    expect(screen.getByRole('heading', { level: 2, name: 'Ship to' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Timeline' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download credit note CN-000003 (PDF), order 100042' })).toHaveAttribute('href', '/api/order/order-7/credit-notes/CN-000003.pdf');
    expect(screen.getByRole('link', { name: 'Return items' })).toHaveAttribute('href', '/dashboard/returns?order=order-7');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myorders');
  });

  it('offers no "Return items" to its placer once they may no longer act on it (an order on account, decision 138)', async () => {
    stubFetch({ 'GET /api/orders/by-number/100042': { body: { ...anOrder({ _id: 'order-7', status: 'delivered', paid: true, mayAct: false }), yours: true } } });
    renderOrderPage('100042');
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it('offers to pay an unpaid order', async () => {
    const expiresAt = new Date(Date.now() + 14.5 * 60_000).toISOString();
    stubFetch({ 'GET /api/orders/by-number/100042': { body: { ...anOrder({ _id: 'order-1', status: 'unpaid', expiresAt }), yours: true } } });
    renderOrderPage('100042');
    expect(await screen.findByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/dashboard/payment/order-1');
    // How long is left to pay, as My Orders and the payment page say it (the order expires then).
    expect(screen.getByText('Pay within 14 min')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it('says an order on account is on account with its invoice’s due date, not "Paid", in the Company page’s words (decision 136)', async () => {
    for (const [status, standing] of [
      ['paid', companyMessages.orderOnAccount(null, 'Jan 5, 2027')],
      ['shipped', companyMessages.orderOnAccount('Shipped', 'Jan 5, 2027')],
    ] as const) {
      stubFetch({
        'GET /api/orders/by-number/100042': { body: { ...anOrder({ _id: 'order-9', status, paid: true }), paymentMethod: 'account', dueOn: '2027-01-05', yours: true } },
      });
      const { unmount } = renderOrderPage('100042');
      expect(await screen.findByText(standing)).toBeInTheDocument();
      expect(screen.queryByText('Paid')).not.toBeInTheDocument();
      unmount();
    }
    // A card order stays "Paid".
    stubFetch({ 'GET /api/orders/by-number/100042': { body: { ...anOrder({ _id: 'order-9', status: 'paid', paid: true }), paymentMethod: 'card', dueOn: null, yours: true } } });
    renderOrderPage('100042');
    expect(await screen.findByText('Paid')).toBeInTheDocument();
  });

  it('offers no Pay Now where the order-states table awaits no payment: a warranty replacement (decision 136)', async () => {
    stubFetch({ 'GET /api/orders/by-number/100042': { body: { ...anOrder({ _id: 'order-2', status: 'unpaid', paymentProvider: 'replacement' }), yours: true } } });
    renderOrderPage('100042');
    expect(await screen.findByText('Unpaid')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('offers Buy again, as My Orders does: where the expired order’s e-mail leads', async () => {
    const server = stubFetch({
      'GET /api/orders/by-number/100042': { body: { ...anOrder({ _id: 'order-5', status: 'expired' }), yours: true } },
      'POST /api/order/order-5/buy-again': { body: { added: [{ partNumber: 'BRK-1001', quantity: 5 }], skipped: [] } },
    });
    renderOrderPage('100042');
    await userEvent.click(await screen.findByRole('button', { name: buyAgainMessages.button }));
    expect(await screen.findByText(buyAgainMessages.added(1))).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/order/order-5/buy-again']);
  });

  it('shows a member of the company another member’s order, with who placed it and its documents, but none of the placer’s actions (decision 106)', async () => {
    stubFetch({
      'GET /api/orders/by-number/100042': {
        body: {
          ...anOrder({ _id: 'order-8', status: 'unpaid', customername: 'Bea Buyer', email: 'bea@fleet.example', invoiceNumber: 'INV-000001' }),
          yours: false,
        },
      },
    });
    renderOrderPage('100042');
    expect(await screen.findByText('Bea Buyer (bea@fleet.example)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download invoice INV-000001 (PDF), order 100042' })).toHaveAttribute('href', '/api/order/order-8/invoice.pdf');
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: buyAgainMessages.button })).not.toBeInTheDocument();
  });

  it('says under each line of a partly shipped order what went and what is still to come; once its rest is cancelled, what was cancelled (decision 192)', async () => {
    const line = { vehicleId: null, fitChecked: false, img: '/images/parts/brake-pads.svg', unitPrice: 12.5, ...notShippedYet } as const;
    const parcel = (id: string, partId: string, quantity: number) => ({
      id,
      carrier: 'ups' as const,
      trackingNumber: `1Z999AA1012345678${id}`,
      trackingUrl: `https://www.ups.com/track?tracknum=1Z999AA1012345678${id}`,
      shippedAt: '2026-11-20T10:00:00.000Z',
      lines: [{ partId, partNumber: partId, name: partId, quantity }],
    });
    const order = (status: 'partially_shipped' | 'shipped') => ({
      ...anOrder({
        _id: 'order-7',
        status,
        paid: true,
        lines: [
          { ...line, kind: 'part' as const, partId: 'pads', partNumber: 'BRK-1001', name: 'Brake Pads', quantity: 20, lineTotal: 250 },
          { ...line, kind: 'part' as const, partId: 'rotor', partNumber: 'ROT-2002', name: 'Rotor', quantity: 2, lineTotal: 25 },
        ],
        shipments: [parcel('4', 'pads', 1), parcel('5', 'pads', 1), parcel('6', 'rotor', 2)],
      }),
      yours: true,
    });
    stubFetch({ 'GET /api/orders/by-number/100042': { body: order('partially_shipped') } });
    const { unmount } = renderOrderPage('100042');
    const lines = await screen.findByRole('list', { name: 'Lines of order 100042' });
    const [pads, rotor] = within(lines).getAllByRole('listitem');
    expect(pads).toHaveTextContent(shipmentMessages.lineShipped(2, 18, false));
    expect(shipmentMessages.lineShipped(2, 18, false)).toBe('2 shipped, 18 still to come');
    expect(rotor).toHaveTextContent('2 shipped');
    unmount();

    stubFetch({ 'GET /api/orders/by-number/100042': { body: order('shipped') } });
    renderOrderPage('100042');
    const after = await screen.findByRole('list', { name: 'Lines of order 100042' });
    expect(within(after).getAllByRole('listitem')[0]).toHaveTextContent('2 shipped, 18 cancelled (not shipped)');
  });

  it('says nothing of shipping under the lines of an order that went whole', async () => {
    stubFetch({
      'GET /api/orders/by-number/100042': {
        body: {
          ...anOrder({
            _id: 'order-7',
            status: 'shipped',
            paid: true,
            shipments: [
              { id: 's', carrier: 'ups', trackingNumber: '1Z999AA10123456784', trackingUrl: null, shippedAt: '2026-11-20T10:00:00.000Z', lines: [{ partId: 'part-1', partNumber: 'BRK-1001', name: 'Brake Pads', quantity: 5 }] },
            ],
          }),
          yours: true,
        },
      },
    });
    renderOrderPage('100042');
    const lines = await screen.findByRole('list', { name: 'Lines of order 100042' });
    expect(lines).not.toHaveTextContent('shipped');
  });

  it('says an order that is not there (or not yours) was not found', async () => {
    stubFetch({ 'GET /api/me': { body: null }, 'GET /api/orders/by-number/999999': { status: 404, body: { message: apiErrors.orderNotFound } } });
    renderOrderPage('999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByText(/You are signed in as/)).not.toBeInTheDocument();
  });

  it('says who is signed in, when an e-mail’s link to another account’s order is followed here', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer({ email: 'bob@example.com' }) },
      'GET /api/orders/by-number/100007': { status: 404, body: { message: apiErrors.orderNotFound } },
    });
    renderOrderPage('100007');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(screen.getByText(/If the order was placed with another account, sign out, then log in with that one\./)).toBeInTheDocument();
  });
});
