import { accountMessages, companyFieldChangedMessage, companyMessages, notices, validation, type AdminCompany, type AdminCompanyAccount, type CompanySummary, COMPANIES_PAGE_SIZE } from '@autoparts/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { adminNotices } from '../../admin/admin-notices';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { fullPage } from '../../../test/pages';
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

const account: AdminCompanyAccount = {
  balance: 500,
  creditLimit: 5000,
  available: 4500,
  overdue: 120,
  invoices: [
    { number: 'INV-000041', orderNumber: '1041', issuedAt: '2026-10-01T10:00:00.000Z', dueOn: '2026-10-31', total: 120, open: 120, overdue: true },
    { number: 'INV-000042', orderNumber: '1042', issuedAt: '2026-11-20T10:00:00.000Z', dueOn: '2026-12-20', total: 380, open: 380, overdue: false },
  ],
  recent: [
    { at: '2026-11-20T10:00:00.000Z', kind: 'invoice', number: 'INV-000042', amount: 380, balance: 500, position: 2 },
    { at: '2026-10-01T10:00:00.000Z', kind: 'invoice', number: 'INV-000041', amount: 120, balance: 120, position: 1 },
  ],
  entries: 2,
  givenBack: [],
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
  it('offers no next page after a full page that is the last: the next page is asked first', async () => {
    const full = fullPage(COMPANIES_PAGE_SIZE, (n) => ({ ...fleetco, id: `c-${n}`, name: `Company ${n}` }));
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: full },
      'GET /api/admin/companies?page=2': { body: [] },
      ...noActivity,
    });
    renderPage();
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    await waitFor(() => expect(server.paths()).toContain('GET /api/admin/companies?page=2'));
    // Nothing to page through: one page holds every company.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Companies pages' })).not.toBeInTheDocument());
  });

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
    expect(await screen.findByText(companyMessages.companyCreated('Garage Two'))).toBeInTheDocument();
    // Exactly the create schema's fields: it is strict (decision 136), and a status it lacks was refused by the form itself.
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Garage Two',
      ownerEmail: 'owner@example.com',
      taxId: '',
      paymentTerms: 'net15',
      creditLimit: 2500.5,
      poRequired: false,
    });
  });

  it('checks the form when Create company is pressed, then on each change, not on leaving a field (decision 085)', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [] },
      'POST /api/admin/companies': { body: { id: 'c-2' } },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create a company' });
    await user.type(within(form).getByLabelText('Company name'), 'Garage Two');
    await user.type(within(form).getByLabelText('Owner’s e-mail'), 'owner@');
    // Leaving the field draws nothing: an error drawn now moved Create company under the pointer
    // between the press and the release, and the first click was lost.
    await user.tab();
    expect(within(form).queryByText(validation.emailInvalid)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await within(form).findByText(validation.emailInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText('Owner’s e-mail')).toHaveFocus();
    await user.type(within(form).getByLabelText('Owner’s e-mail'), 'example.com');
    expect(within(form).queryByText(validation.emailInvalid)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText(companyMessages.companyCreated('Garage Two'))).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('creates the company once however quickly Create is pressed twice', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [] },
      'POST /api/admin/companies': { body: { id: 'c-2' } },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create a company' });
    await user.type(within(form).getByLabelText('Company name'), 'Garage Two');
    await user.type(within(form).getByLabelText('Owner’s e-mail'), 'owner@example.com');
    // Two presses before anything answers, as a double click's: the second was refused as a
    // company of that name already there ("action failed"), beside the first's "created".
    const create = within(form).getByRole('button', { name: 'Create company' });
    fireEvent.click(create);
    fireEvent.click(create);
    expect(await screen.findByText(companyMessages.companyCreated('Garage Two'))).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('names each card’s Edit after its company, and Escape closes the edit form with the focus back on its Edit', async () => {
    const full: AdminCompany = { ...fleetco, members: [], invitations: [], priceListIds: [] };
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco, { ...fleetco, id: 'c-2', name: 'Brakeworks' }] },
      'GET /api/admin/companies/c-1': { body: full },
      'GET /api/admin/companies/c-1/account': { body: account },
      'GET /api/admin/price-lists': { body: [] },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    const edit = await screen.findByRole('button', { name: 'Edit Fleetco' });
    expect(screen.getByRole('button', { name: 'Edit Brakeworks' })).toBeInTheDocument();
    await user.click(edit);
    const form = screen.getByRole('form', { name: 'Edit “Fleetco”' });
    expect(within(form).getByLabelText('Company name')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit “Fleetco”' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Create a company' })).toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('puts a company on hold through its edit form', async () => {
    const saved: AdminCompany = { ...fleetco, status: 'on-hold', members: [], invitations: [], priceListIds: [] };
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco] },
      'PATCH /api/admin/companies/c-1': { body: saved },
      'GET /api/admin/companies/c-1': { body: saved },
      'GET /api/admin/companies/c-1/account': { body: account },
      'GET /api/admin/price-lists': { body: [] },
      ...noActivity,
    });
    renderPage();
    const card = within(await screen.findByRole('article', { name: 'Fleetco' }));
    expect(card.getByRole('heading', { level: 2, name: 'Fleetco' })).toBeInTheDocument();
    expect(card.getByText('Net 30')).toBeInTheDocument();
    expect(card.getByText('$5,000.00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Edit Fleetco' }));
    const form = screen.getByRole('form', { name: 'Edit “Fleetco”' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'on-hold');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(companyMessages.companySaved('Fleetco'))).toBeInTheDocument();
    // Only what changed, with what the form loaded of it (decision 125): the rest is not written over.
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'on-hold', expected: { status: 'active' } });
  });

  it('says at the field that someone else saved it since the form loaded, without a toast; a second Save puts the admin’s value in (decision 125)', async () => {
    const saved: AdminCompany = { ...fleetco, creditLimit: 7000, members: [], invitations: [], priceListIds: [] };
    const stale = companyFieldChangedMessage('creditLimit', 6000);
    let patches = 0;
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco] },
      // Another admin set the limit to $6,000 after this form loaded.
      'PATCH /api/admin/companies/c-1': () => (++patches === 1 ? { status: 409, body: { message: stale, field: 'creditLimit', current: 6000 } } : { body: saved }),
      'GET /api/admin/companies/c-1': { body: { ...saved, creditLimit: 6000 } },
      'GET /api/admin/companies/c-1/account': { body: account },
      'GET /api/admin/price-lists': { body: [] },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'Fleetco' })).getByRole('button', { name: 'Edit Fleetco' }));
    const form = within(screen.getByRole('form', { name: 'Edit “Fleetco”' }));
    const limit = form.getByLabelText('Credit limit ($)');
    await user.clear(limit);
    await user.type(limit, '7000');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    // Sent: the limit alone, held to what was loaded; refused, it is said at the field, which takes the focus.
    expect(await form.findByText(`${stale} ${adminNotices.staleKept}`)).toBeInTheDocument();
    expect(limit).toHaveFocus();
    expect(limit).toHaveAccessibleDescription(`Empty: no credit limit. ${stale} ${adminNotices.staleKept}`);
    expect(screen.queryByText(notices.actionFailed)).not.toBeInTheDocument();

    // The second Save says it has seen $6,000, and puts $7,000 in its place.
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(companyMessages.companySaved('Fleetco'))).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { creditLimit: 7000, expected: { creditLimit: 5000 } },
      { creditLimit: 7000, expected: { creditLimit: 6000 } },
    ]);
  });

  it("assigns price lists to a company from its edit form, in the lists' priority order", async () => {
    const company: AdminCompany = { ...fleetco, members: [], invitations: [], priceListIds: ['pl-2'] };
    const list = (id: string, name: string, priority: number) => ({ id, name, currency: 'USD', priority, startsAt: null, endsAt: null, entries: 1, companies: [] });
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco] },
      'GET /api/admin/companies/c-1': { body: company },
      'GET /api/admin/companies/c-1/account': { body: account },
      'GET /api/admin/price-lists': { body: [list('pl-1', 'Fleetco brakes', 1), list('pl-2', 'Spring promo', 5)] },
      'PATCH /api/admin/companies/c-1': { body: { ...company, priceListIds: ['pl-1', 'pl-2'] } },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'Fleetco' })).getByRole('button', { name: 'Edit Fleetco' }));
    const form = within(await screen.findByRole('form', { name: 'Price lists of “Fleetco”' }));
    expect(form.getByLabelText('Spring promo (priority 5, always)')).toBeChecked();
    await user.click(form.getByLabelText('Fleetco brakes (priority 1, always)'));
    await user.click(form.getByRole('button', { name: 'Save price lists' }));
    expect(await screen.findByText(companyMessages.companySaved('Fleetco'))).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ priceListIds: ['pl-1', 'pl-2'], expected: { priceListIds: ['pl-2'] } });
  });

  it('shows a company’s money and records a payment once, however often it is clicked; the balance then changes', async () => {
    // A day of its own: the form takes today when drawn, and this test again later, the next day's past midnight UTC (decision 197).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T12:00:00Z'), shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const company: AdminCompany = { ...fleetco, members: [], invitations: [], priceListIds: [] };
    let current = account;
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco] },
      'GET /api/admin/companies/c-1': { body: company },
      'GET /api/admin/price-lists': { body: [] },
      'GET /api/admin/companies/c-1/account': () => ({ body: current }),
      'POST /api/admin/companies/c-1/payments': (call) => {
        const body = call.body as { amount: number; reference: string; receivedAt: string };
        current = {
          ...account,
          balance: 500 - body.amount,
          available: 4500 + body.amount,
          overdue: 0,
          recent: [{ at: `${body.receivedAt}T00:00:00.000Z`, kind: 'payment', number: body.reference, amount: -body.amount, balance: 500 - body.amount, position: 3 }, ...account.recent],
          entries: 3,
        };
        return { body: { id: 'p-1', amount: body.amount, receivedAt: body.receivedAt, reference: body.reference, settles: [], created: true } };
      },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'Fleetco' })).getByRole('button', { name: 'Edit Fleetco' }));
    const money = within(await screen.findByRole('region', { name: 'Account of “Fleetco”' }));
    const figures = within(money.getByLabelText('Account figures'));
    expect(figures.getByText('$500.00')).toBeInTheDocument();
    expect(figures.getByText('$4,500.00')).toBeInTheDocument();
    expect(figures.getByText('$120.00')).toBeInTheDocument();
    const invoices = within(money.getByRole('list', { name: 'Open invoices, due soonest first' }));
    expect(invoices.getAllByRole('listitem')).toHaveLength(2);
    expect(invoices.getByText('Overdue')).toBeInTheDocument();
    expect(money.getByRole('link', { name: /Download the statement of Fleetco for [A-Z][a-z]+ \d{4} \(PDF\)/ }).getAttribute('href')).toMatch(
      /^\/api\/admin\/companies\/c-1\/statements\/\d{4}-\d{2}\.pdf$/,
    );

    // None given back: no such list.
    expect(money.queryByRole('heading', { name: 'Card payments given back' })).not.toBeInTheDocument();

    const form = within(money.getByRole('form', { name: 'Record payment' }));
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findByText(accountMessages.referenceRequired)).toBeInTheDocument();
    await user.type(form.getByLabelText('Amount ($)'), '1,000.50');
    await user.type(form.getByLabelText('Reference'), 'BANK-7781');
    await user.dblClick(form.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(accountMessages.paymentRecorded('BANK-7781'))).toBeInTheDocument();
    // The toast's day as the pages write it (decision 155).
    expect(screen.getByText(`$1,000.50 received on Dec 6, 2026`)).toBeInTheDocument();
    expect(await figures.findByText('-$500.50')).toBeInTheDocument();
    expect(within(money.getByRole('list', { name: 'Ledger entries, newest first' })).getByText('Payment BANK-7781')).toBeInTheDocument();
    const posts = server.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ amount: 1000.5, reference: 'BANK-7781', receivedAt: '2026-12-06', invoiceNumbers: [] });
    expect(form.getByLabelText('Amount ($)')).toHaveValue('');
    expect(form.getByLabelText('Amount ($)')).toHaveFocus();
  });

  it('lists the card payments given back whole beside the ledger: the invoices they were for, when and who paid (decision 225)', async () => {
    const company: AdminCompany = { ...fleetco, members: [], invitations: [], priceListIds: [] };
    const givenBack = [
      { at: '2026-12-07T15:30:00.000Z', paymentIntent: 'pi_3QgivenBack', amount: 500, invoices: ['INV-000041', 'INV-000042'], paidBy: 'accounts@fleetco.example' },
      { at: '2026-11-02T09:00:00.000Z', paymentIntent: 'pi_3Qolder', amount: 120, invoices: ['INV-000041'], paidBy: null },
    ];
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/companies?page=1': { body: [fleetco] },
      'GET /api/admin/companies/c-1': { body: company },
      'GET /api/admin/price-lists': { body: [] },
      'GET /api/admin/companies/c-1/account': { body: { ...account, givenBack } },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'Fleetco' })).getByRole('button', { name: 'Edit Fleetco' }));
    const money = within(await screen.findByRole('region', { name: 'Account of “Fleetco”' }));
    const list = within(await money.findByRole('list', { name: 'Card payments given back, newest first' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'pi_3QgivenBack$500.00 given backFor INV-000041 and INV-000042 · Dec 7, 2026Paid by accounts@fleetco.example',
      'pi_3Qolder$120.00 given backFor INV-000041 · Nov 2, 2026Paid by an account since deleted',
    ]);
    // Not in the ledger: they paid nothing.
    expect(within(money.getByRole('list', { name: 'Ledger entries, newest first' })).queryByText(/pi_3Q/)).not.toBeInTheDocument();
  });
});
