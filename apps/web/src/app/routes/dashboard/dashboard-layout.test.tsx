import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../../../features/auth';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, anAdmin } from '../../../test/users';
import { Component as DashboardLayout } from './dashboard-layout';

function renderDashboard(path = '/dashboard/profile') {
  return renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/dashboard',
            element: <DashboardLayout />,
            children: [
              { path: '/dashboard/profile', element: <h1>Profile page</h1> },
              { path: '/dashboard/myorders', element: <h1>Orders page</h1> },
            ],
          },
        ],
      },
    ],
    { path },
  );
}

const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('Dashboard layout', () => {
  it('shows a customer their links beside the chosen page', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() } });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(linkNames()).toEqual([
      ['My Orders', '/dashboard'],
      ['Order history', '/dashboard/history'],
      ['My Returns', '/dashboard/returns'],
      ['Add a Review', '/dashboard/review'],
      ['My Profile', '/dashboard/profile'],
      ['My Addresses', '/dashboard/addresses'],
      ['Change password', '/dashboard/password'],
    ]);
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Orders' })).not.toHaveAttribute('aria-current');
  });

  it('marks a customer’s My Orders as the page where their orders open at their own path too', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() } });
    renderDashboard('/dashboard/myorders');
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Profile' })).not.toHaveAttribute('aria-current');
  });

  it('shows an admin the overview, their own orders, then the admin links spelled as SPEC §2 does', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() } });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(linkNames()).toEqual([
      ['Overview', '/dashboard'],
      ['My Orders', '/dashboard/myorders'],
      ['Order history', '/dashboard/history'],
      ['My Returns', '/dashboard/returns'],
      ['My Profile', '/dashboard/profile'],
      ['My Addresses', '/dashboard/addresses'],
      ['Change password', '/dashboard/password'],
      ['Manage All Orderes', '/dashboard/orders'],
      ['Returns', '/dashboard/manage-returns'],
      ['Add a Product', '/dashboard/addaproduct'],
      ['Make Admin', '/dashboard/makeadmin'],
      ['Manage Products', '/dashboard/manageproducts'],
      ['Customer Reviews', '/dashboard/reviews'],
      ['Shipping Methods', '/dashboard/shipping-methods'],
      ['Tax Rates', '/dashboard/tax-rates'],
      ['Fitment reports', '/dashboard/fitment-reports'],
      ['Catalogue data', '/dashboard/catalogue-data'],
      ['Operations', '/dashboard/operations'],
      ['Audit log', '/dashboard/audit'],
      ['Companies', '/dashboard/companies'],
      ['Certificates', '/dashboard/certificates'],
      ['Price lists', '/dashboard/price-lists'],
    ]);
  });

  it('folds an admin’s twenty links on a phone under a button naming the page; a customer’s few stay out', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/me': { body: anAdmin() } });
    renderDashboard();
    const fold = await screen.findByRole('button', { name: 'Dashboard menu: My Profile' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(fold.getAttribute('aria-controls') ?? '');
    expect(list).toHaveClass('max-md:hidden');
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('max-md:hidden');
    await user.keyboard('{Escape}');
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(fold).toHaveFocus();
  });

  it('keeps a customer’s links unfolded', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() } });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Dashboard menu/ })).toBeNull();
  });

  it('shows a member of a company its Company page after their addresses, and nobody else', async () => {
    stubFetch({ 'GET /api/me': { body: { ...aCustomer(), company: true } } });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(linkNames().slice(4, 7)).toEqual([
      ['My Profile', '/dashboard/profile'],
      ['My Addresses', '/dashboard/addresses'],
      ['Company', '/dashboard/company'],
    ]);
  });
});
