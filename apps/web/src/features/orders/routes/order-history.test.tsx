import { buyAgainMessages, partChangeMessages } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { Component as OrderHistoryPage } from './order-history';

const GET_HISTORY = 'GET /api/orders/history?page=1';

function renderHistory() {
  return renderRoutes([{ path: '/dashboard/history', element: <OrderHistoryPage /> }], { path: '/dashboard/history' });
}

describe('Order history', () => {
  it('lists cancelled and expired orders with what was refunded', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_HISTORY]: {
        body: [
          { ...anOrder({ _id: 'o-1', name: 'Oil Filter', price: 20, status: 'cancelled', paid: false }), endedAt: '2026-11-20T10:00:00.000Z', refunded: 20, creditedToAccount: null },
          { ...anOrder({ _id: 'o-2', name: 'Brake Pads', price: 62.5, status: 'expired' }), endedAt: '2026-11-19T10:00:00.000Z', refunded: null, creditedToAccount: null },
        ],
      },
    });
    renderHistory();

    expect(screen.getByRole('heading', { level: 1, name: 'Order history' })).toBeInTheDocument();
    const refunded = await screen.findByRole('row', { name: /Oil Filter/ });
    expect(within(refunded).getByText('Cancelled')).toBeInTheDocument();
    expect(within(refunded).getByText('Refunded $20.00')).toBeInTheDocument();
    const expired = screen.getByRole('row', { name: /Brake Pads/ });
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText('Not charged')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard');
  });

  it('says what the credit notes gave back: credited to the company’s account, nothing for a $0 replacement (decision 109)', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_HISTORY]: {
        body: [
          { ...anOrder({ _id: 'o-1', name: 'Oil Filter', price: 30, status: 'cancelled', paid: false }), endedAt: '2026-11-20T10:00:00.000Z', refunded: null, creditedToAccount: 30 },
          { ...anOrder({ _id: 'o-2', name: 'Brake Pads', price: 0, status: 'cancelled', paid: false }), endedAt: '2026-11-19T10:00:00.000Z', refunded: 0, creditedToAccount: null },
        ],
      },
    });
    renderHistory();

    const onAccount = await screen.findByRole('row', { name: /Oil Filter/ });
    expect(within(onAccount).getByText('Credited to account $30.00')).toBeInTheDocument();
    expect(within(onAccount).queryByText(/Refunded/)).not.toBeInTheDocument();
    const replacement = screen.getByRole('row', { name: /Brake Pads/ });
    expect(within(replacement).queryByText(/Refunded|Not charged|Credited/)).not.toBeInTheDocument();
  });

  it('buys a cancelled order again and says what was not added and why', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_HISTORY]: { body: [{ ...anOrder({ _id: 'o-1', name: 'Oil Filter', price: 20, status: 'cancelled', paid: false }), endedAt: '2026-11-20T10:00:00.000Z', refunded: null, creditedToAccount: null }] },
      'POST /api/order/o-1/buy-again': { body: { added: [], skipped: [{ partNumber: 'FLT-1', reason: partChangeMessages.noLongerMadeLine }] } },
    });
    renderHistory();

    const row = within(await screen.findByRole('row', { name: /Oil Filter/ }));
    const button = row.getByRole('button', { name: buyAgainMessages.button });
    expect(button).toHaveAccessibleDescription('Oil Filter');
    await userEvent.click(button);
    const result = await row.findByTestId('buy-again-result');
    await waitFor(() => expect(result).toHaveTextContent(buyAgainMessages.added(0)));
    expect(result).toHaveTextContent(`FLT-1: ${partChangeMessages.noLongerMadeLine}`);
    expect(within(result).queryByRole('link', { name: buyAgainMessages.goToCart })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST' && call.path === '/api/order/o-1/buy-again')).toBe(true);
  });

  it('says when there is nothing in it', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, [GET_HISTORY]: { body: [] } });
    renderHistory();

    expect(await screen.findByText('No cancelled or expired orders')).toBeInTheDocument();
  });
});
