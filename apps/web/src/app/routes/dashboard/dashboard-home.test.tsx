import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, anAdmin, aTokenReply } from '../../../test/users';
import { Component as DashboardHome } from './dashboard-home';

const overview = {
  timeZone: 'America/Detroit',
  days: [
    { date: '2026-11-21', orders: 2, revenue: 30 },
    { date: '2026-11-22', orders: 1, revenue: 12.5 },
  ],
  byStatus: { unpaid: 1, paid: 2, partially_shipped: 3, shipped: 4, delivered: 0, cancelled: 0, expired: 0 },
  bestSellers: [{ _id: 'part-1', name: 'Brake Pads', partNumber: 'BP-100', quantity: 3, revenue: 42.5 }],
  lowStock: [{ _id: 'part-2', name: 'Oil Filter', partNumber: 'OF-200', img: '/images/parts/oil-filter.svg', availableQuantity: 3, minOrderQuantity: 2, threshold: 4 }],
};

describe('Dashboard home', () => {
  it('opens on the overview for an admin: figures, status counts, best sellers, low stock with restock', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, 'GET /api/admin/overview': { body: overview }, ...noActivity });
    const { queryClient } = renderRoutes([{ path: '/dashboard', element: <DashboardHome /> }], { path: '/dashboard' });
    queryClient.setQueryData(['me'], anAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByText('$42.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Paid\s*2/ })).toHaveAttribute('href', '/dashboard/orders?status=paid');
    // What is left to ship: paid orders and partly shipped ones (the state table's), not shipped ones.
    expect(screen.getByText('To ship').nextElementSibling).toHaveTextContent(/^5$/);
    expect(screen.getByText('3 sold · $42.50')).toBeInTheDocument();
    // Each part named by its number too: a catalogue has many parts of one name.
    expect(screen.getByText('BP-100')).toBeInTheDocument();
    expect(screen.getByText('OF-200')).toBeInTheDocument();
    const restock = within(screen.getByRole('form', { name: 'Restock Oil Filter (OF-200)' }));
    expect(restock.getByLabelText('Add to stock')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Revenue and orders per day' });
    // Its days as the pages write them, not as the API sends them (decision 155).
    expect(within(table).getByRole('rowheader', { name: 'Nov 21, 2026' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent('2026-11-21');
    expect(screen.getByText(/Days run midnight to midnight in the shop’s time zone \(America\/Detroit\)/)).toBeInTheDocument();
  });

  it('keeps My Orders for a customer, and never asks for the overview', async () => {
    const customer = aCustomer();
    const server = stubFetch({
      'GET /api/me': { body: customer },
      'PUT /api/user/jane%40example.com': { body: aTokenReply() },
      'GET /api/myorder/jane%40example.com?page=1': { body: [] },
    });
    const { queryClient } = renderRoutes([{ path: '/dashboard', element: <DashboardHome /> }], { path: '/dashboard' });
    queryClient.setQueryData(['me'], customer);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(server.paths()).not.toContain('GET /api/admin/overview');
  });
});
