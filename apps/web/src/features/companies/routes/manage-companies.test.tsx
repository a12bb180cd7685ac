import { companyMessages, type AdminCompany, type CompanySummary } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as ManageCompanies } from './manage-companies';

const fleetco: CompanySummary = {
  id: 'c-1',
  name: 'Fleetco',
  taxId: 'US-1',
  status: 'active',
  paymentTerms: 'net30',
  creditLimit: 5000,
  poRequired: false,
  members: 2,
  createdAt: '2026-12-01T10:00:00.000Z',
};

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/dashboard/companies',
        element: (
          <>
            <ManageCompanies />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/companies' },
  );
}

describe('Companies (admins)', () => {
  it('creates a company with its owner’s e-mail, terms and limit as typed', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [] },
      'POST /api/admin/companies': { body: { id: 'c-2' } },
      ...noActivity,
    });
    renderPage();
    expect(await screen.findByText('No companies yet: create the first one below.')).toBeInTheDocument();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Create a company' });
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await within(form).findByText(companyMessages.nameRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Company name'), 'Garage Two');
    await user.type(within(form).getByLabelText('Owner’s e-mail'), 'owner@example.com');
    await user.selectOptions(within(form).getByLabelText('Payment terms'), 'net15');
    await user.type(within(form).getByLabelText('Credit limit ($)'), '2500.50');
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Company “Garage Two” created')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Garage Two',
      ownerEmail: 'owner@example.com',
      taxId: '',
      paymentTerms: 'net15',
      creditLimit: 2500.5,
      poRequired: false,
    });
  });

  it('puts a company on hold through its edit form', async () => {
    const saved: AdminCompany = { ...fleetco, status: 'on-hold', members: [], invitations: [], priceListIds: [] };
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco] },
      'PATCH /api/admin/companies/c-1': { body: saved },
      'GET /api/admin/companies/c-1': { body: saved },
      'GET /api/admin/price-lists': { body: [] },
      ...noActivity,
    });
    renderPage();
    const card = within(await screen.findByRole('article', { name: 'Fleetco' }));
    expect(card.getByRole('heading', { level: 2, name: 'Fleetco' })).toBeInTheDocument();
    expect(card.getByText('Net 30')).toBeInTheDocument();
    expect(card.getByText('$5,000.00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit “Fleetco”' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'on-hold');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Company “Fleetco” saved')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ status: 'on-hold', creditLimit: 5000, paymentTerms: 'net30' });
  });

  it("assigns price lists to a company from its edit form, in the lists' priority order", async () => {
    const company: AdminCompany = { ...fleetco, members: [], invitations: [], priceListIds: ['pl-2'] };
    const list = (id: string, name: string, priority: number) => ({ id, name, currency: 'USD', priority, startsAt: null, endsAt: null, entries: 1, companies: [] });
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco] },
      'GET /api/admin/companies/c-1': { body: company },
      'GET /api/admin/price-lists': { body: [list('pl-1', 'Fleetco brakes', 1), list('pl-2', 'Spring promo', 5)] },
      'PATCH /api/admin/companies/c-1': { body: { ...company, priceListIds: ['pl-1', 'pl-2'] } },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'Fleetco' })).getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Price lists of “Fleetco”' }));
    expect(form.getByLabelText('Spring promo (priority 5, always)')).toBeChecked();
    await user.click(form.getByLabelText('Fleetco brakes (priority 1, always)'));
    await user.click(form.getByRole('button', { name: 'Save price lists' }));
    expect(await screen.findByText('Company “Fleetco” saved')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ priceListIds: ['pl-1', 'pl-2'] });
  });
});
