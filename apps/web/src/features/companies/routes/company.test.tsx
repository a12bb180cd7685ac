import { addDays, CERTIFICATE_DOCUMENT_MAX_BYTES, certificateMessages, companyMessages, givenBackMessages, notices, type Address, type Certificate, type CompanyMember, type CompanyOrder, type MyCompany } from '@autoparts/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { anAddress } from '../../../test/addresses';
import { Component as CompanyPage } from './company';

const company = (role: MyCompany['role']): MyCompany => ({
  id: 'company-1',
  name: 'Fleetco',
  taxId: 'US-1',
  status: 'active',
  paymentTerms: 'net30',
  creditLimit: 5000,
  poRequired: true,
  role,
  balance: 0,
  available: 5000,
});
const members: CompanyMember[] = [
  { userId: 'u-owner', name: 'Olga Owner', email: 'olga@example.com', role: 'owner', joinedAt: '2026-12-01T10:00:00.000Z' },
  { userId: 'u-buyer', name: 'Bo Buyer', email: 'bo@example.com', role: 'buyer', joinedAt: '2026-12-01T11:00:00.000Z' },
];

function renderCompany(path?: string) {
  return renderRoutes([
    {
      path: '*',
      element: (
        <>
          <CompanyPage />
          <Toaster />
        </>
      ),
    },
  ], { path });
}

function companyServer(role: MyCompany['role'], orders: CompanyOrder[] = []) {
  return stubFetch(companyRoutes(role, orders));
}

/** A verified resale certificate of North depot (`loc-1`) for Illinois. */
const aVerifiedCertificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: 'rc-1',
  locationId: 'loc-1',
  state: 'IL',
  number: 'IL-RS-1001',
  expiresOn: '2026-12-31',
  status: 'verified',
  documentName: 'certificate.pdf',
  uploadedAt: '2026-12-01T10:00:00.000Z',
  verifiedAt: '2026-12-02T10:00:00.000Z',
  version: 1,
  rejectedAt: null,
  rejectionReason: null,
  ...overrides,
});

/** The owner's company page with one location, North depot (`loc-1`), holding `certificates`, and nothing else listed. */
function ownerWithDepot(certificates: Certificate[]) {
  const location = { ...anAddress({ id: 'loc-1', name: 'North depot' }) } as Partial<Address>;
  delete location.isDefault;
  return {
    'GET /api/me': { body: aCustomer({ email: 'olga@example.com', company: true }) },
    'GET /api/company': { body: company('owner') },
    'GET /api/company/members': { body: members },
    'GET /api/company/locations': { body: [location] },
    'GET /api/company/locations/loc-1/certificates': { body: certificates },
    'GET /api/company/orders?page=1': { body: [] },
    'GET /api/company/invoices': { body: [] },
    'GET /api/company/invitations': { body: [] },
    'GET /api/company/ledger': { body: [] },
  };
}

function companyRoutes(role: MyCompany['role'], orders: CompanyOrder[] = []) {
  return {
    'GET /api/me': { body: aCustomer({ email: role === 'owner' ? 'olga@example.com' : 'bo@example.com', company: true }) },
    'GET /api/company': { body: company(role) },
    'GET /api/company/members': { body: members },
    'GET /api/company/locations': { body: [] },
    'GET /api/company/orders?page=1': { body: orders },
    'GET /api/company/invoices': {
      body: [{ number: 'INV-000012', orderNumber: '100042', issuedAt: '2026-11-03T10:00:00.000Z', dueOn: '2026-11-10', total: 105, open: 5, overdue: true }],
    },
    'GET /api/company/invitations': { body: [{ id: 'inv-1', email: 'pending@example.com', role: 'viewer', expiresAt: '2026-12-09T00:00:00.000Z' }] },
    'DELETE /api/company/invitations/inv-1': { body: [] },
    'PATCH /api/company/members/u-buyer': (call) => ({ body: [members[0], { ...members[1], role: (call.body as { role: MyCompany['role'] }).role }] }),
    'GET /api/config': { body: { googleSignIn: false, payments: 'test' } },
    'POST /api/company/invoices/pay': (call) => ({
      body: { id: 'p1', amount: 5, receivedAt: '2026-12-02', reference: 'test_1', settles: [{ invoiceNumber: (call.body as { invoiceNumbers: string[] }).invoiceNumbers[0], amount: 5 }], created: true },
    }),
    'GET /api/company/ledger': {
      body: [
        { at: '2026-11-03T10:00:00.000Z', kind: 'invoice', number: 'INV-000012', amount: 105, balance: 105, position: 1 },
        { at: '2026-11-20T00:00:00.000Z', kind: 'payment', number: 'WIRE-9', amount: -100, balance: 5, position: 2 },
      ],
    },
    'DELETE /api/company/members/u-buyer': { body: members.slice(0, 1) },
    'POST /api/company/invitations': (call) => ({ body: { message: `Invitation sent to ${(call.body as { email: string }).email}`, email: 'x', role: 'buyer', expiresAt: '2026-12-09T00:00:00.000Z' } }),
  } satisfies Parameters<typeof stubFetch>[0];
}

describe('Company', () => {
  it('shows an owner the company, its members with Remove, the invite form, locations and orders', async () => {
    const server = companyServer('owner', [
      { ...anOrder({ status: 'paid' }), placedBy: 'Bo Buyer (bo@example.com)', location: 'North depot', paymentMethod: 'card', dueOn: null },
      { ...anOrder({ _id: 'order-2', orderNumber: '100043', status: 'paid' }), placedBy: 'Bo Buyer (bo@example.com)', location: null, paymentMethod: 'account', dueOn: '2027-01-05' },
      { ...anOrder({ _id: 'order-3', orderNumber: '100044', status: 'shipped' }), placedBy: 'Bo Buyer (bo@example.com)', location: null, paymentMethod: 'account', dueOn: '2026-12-31' },
    ]);
    renderCompany();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fleetco' })).toBeInTheDocument();
    expect(screen.getByText('Net 30')).toBeInTheDocument();
    expect(await screen.findByText('No locations yet. Add the places the company’s orders go to.')).toBeInTheDocument();
    expect(await screen.findByText(/Placed by Bo Buyer \(bo@example.com\) for North depot/)).toBeInTheDocument();
    // Every member may open the company's orders (decision 106).
    expect(within(screen.getByRole('list', { name: 'The company’s orders' })).getByRole('link', { name: 'Order 100042' })).toHaveAttribute('href', '/dashboard/orders/100042');
    // An order on account was invoiced, never paid by card: its card says so and when it is due, not "Paid".
    const orders = within(screen.getByRole('list', { name: 'The company’s orders' })).getAllByRole('listitem');
    expect(orders[0]).toHaveTextContent('Paid');
    expect(orders[1]).toHaveTextContent('On account, invoice due Jan 5, 2027');
    expect(orders[1]).not.toHaveTextContent('Paid');
    expect(orders[2]).toHaveTextContent('Shipped · on account, invoice due Dec 31, 2026');

    const user = userEvent.setup();
    const invite = screen.getByRole('form', { name: 'Invite a member' });
    await user.type(within(invite).getByLabelText('E-mail'), 'new@example.com');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'new@example.com', role: 'buyer' });

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Remove Bo Buyer (bo@example.com)' }));
    expect(confirm).toHaveBeenCalledWith('Remove Bo Buyer (bo@example.com) from the company? Their past orders stay the company’s.');
    expect(await screen.findByText('Bo Buyer is no longer a member')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('keeps the focus on Remove while the removal saves, and sends it once however often it is pressed', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = stubFetch({
      ...companyRoutes('owner'),
      'DELETE /api/company/members/u-buyer': async () => {
        await held;
        return { body: members.slice(0, 1) };
      },
    });
    renderCompany();
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const remove = await screen.findByRole('button', { name: 'Remove Bo Buyer (bo@example.com)' });
    await user.click(remove);
    await waitFor(() => expect(remove).toHaveAttribute('aria-disabled', 'true'));
    expect(remove).toHaveFocus();
    await user.click(remove);
    expect(confirm).toHaveBeenCalledTimes(1);
    release();
    expect(await screen.findByText('Bo Buyer is no longer a member')).toBeInTheDocument();
    expect(server.paths().filter((path) => path === 'DELETE /api/company/members/u-buyer')).toHaveLength(1);
    confirm.mockRestore();
  });

  it('hands the focus to a neighbour’s Remove once a member is removed, not to the top of the page', async () => {
    let current = [...members, { userId: 'u-viewer', name: 'Vi Viewer', email: 'vi@example.com', role: 'viewer' as const, joinedAt: '2026-12-01T12:00:00.000Z' }];
    const without = (userId: string) => () => {
      current = current.filter((member) => member.userId !== userId);
      return { body: current };
    };
    stubFetch({
      ...companyRoutes('owner'),
      'GET /api/company/members': () => ({ body: current }),
      'DELETE /api/company/members/u-buyer': without('u-buyer'),
      'DELETE /api/company/members/u-viewer': without('u-viewer'),
    });
    renderCompany();
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Remove Bo Buyer (bo@example.com)' }));
    expect(await screen.findByText('Bo Buyer is no longer a member')).toBeInTheDocument();
    // The next member's Remove; the last one's gives it to the one before.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Vi Viewer (vi@example.com)' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Vi Viewer is no longer a member')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Olga Owner (olga@example.com)' })).toHaveFocus());
    confirm.mockRestore();
  });

  it('lets a buyer leave the company after a confirmation: the page then says they belong to none, and who they are is asked again', async () => {
    let left = false;
    const server = stubFetch({
      'GET /api/me': () => ({ body: aCustomer({ email: 'bo@example.com', company: left ? undefined : true }) }),
      'GET /api/company': () => (left ? { status: 404, body: { message: companyMessages.notMember } } : { body: company('buyer') }),
      'GET /api/company/members': () => (left ? { status: 404, body: { message: companyMessages.notMember } } : { body: members }),
      'GET /api/company/locations': { body: [] },
      'GET /api/company/orders?page=1': { body: [] },
      'DELETE /api/company/members/u-buyer': () => {
        left = true;
        return { body: [] };
      },
    });
    renderCompany();
    const user = userEvent.setup();
    const leave = await screen.findByRole('button', { name: 'Leave company' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(leave);
    expect(confirm).toHaveBeenCalledWith(companyMessages.leaveConfirm('Fleetco'));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);

    confirm.mockReturnValueOnce(true);
    await user.click(leave);
    expect(await screen.findByText(companyMessages.left('Fleetco'))).toBeInTheDocument();
    expect(await screen.findByText('You are not a member of a company. An owner of one can invite you by e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Company' })).toHaveFocus();
    await waitFor(() => expect(server.calls.filter((call) => call.path === '/api/me').length).toBeGreaterThan(1));
    confirm.mockRestore();
  });

  it('tells the last owner, who may not leave, why', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer({ email: 'olga@example.com', company: true }) },
      'GET /api/company': { body: company('owner') },
      'GET /api/company/members': { body: members },
      'GET /api/company/locations': { body: [] },
      'GET /api/company/orders?page=1': { body: [] },
      'GET /api/company/invitations': { body: [] },
      'GET /api/company/invoices': { body: [] },
      'GET /api/company/ledger': { body: [] },
      'DELETE /api/company/members/u-owner': { status: 409, body: { message: companyMessages.lastOwner } },
    });
    renderCompany();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Leave company' }));
    expect(await screen.findByText(companyMessages.lastOwner)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Fleetco' })).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('lets an owner change a member’s role and withdraw a pending invitation', async () => {
    const server = companyServer('owner');
    renderCompany();
    const user = userEvent.setup();
    const role = await screen.findByRole('combobox', { name: 'Role of Bo Buyer (bo@example.com)' });
    await user.selectOptions(role, 'accounts');
    // Choosing only chooses: a closed select's arrow keys choose at each press in Chromium.
    expect(server.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect(role).toHaveFocus();
    expect(role).toHaveValue('accounts');
    const change = screen.getByRole('button', { name: 'Change the role of Bo Buyer (bo@example.com)' });
    await user.click(change);
    expect(await screen.findByText('Bo Buyer is now accounts')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ role: 'accounts' }]);
    expect(change).toHaveFocus();
    expect(change).not.toHaveAttribute('aria-disabled');
    expect(role).toHaveValue('accounts');
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(pending).toHaveTextContent('pending@example.com');
    await user.click(within(pending).getByRole('button', { name: 'Withdraw the invitation to pending@example.com' }));
    expect(await screen.findByText('The invitation to pending@example.com is withdrawn')).toBeInTheDocument();
  });

  it('sends a role change and a withdrawal once when each is clicked twice in a row, as a double click delivers them', async () => {
    const server = companyServer('owner');
    renderCompany();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Bo Buyer (bo@example.com)' }), 'accounts');
    // Two clicks in one go: before React draws the first one's pending state.
    const twice = (button: HTMLElement) => {
      fireEvent.click(button);
      fireEvent.click(button);
    };
    twice(screen.getByRole('button', { name: 'Change the role of Bo Buyer (bo@example.com)' }));
    expect(await screen.findByText('Bo Buyer is now accounts')).toBeInTheDocument();
    twice(within(await screen.findByRole('list', { name: 'Pending invitations' })).getByRole('button', { name: 'Withdraw the invitation to pending@example.com' }));
    expect(await screen.findByText('The invitation to pending@example.com is withdrawn')).toBeInTheDocument();
    expect(server.paths().filter((path) => !path.startsWith('GET'))).toEqual(['PATCH /api/company/members/u-buyer', 'DELETE /api/company/invitations/inv-1']);
  });

  it('lets an accounts member choose an open invoice and pay it with the test card', async () => {
    const server = companyServer('accounts');
    renderCompany();
    const user = userEvent.setup();
    const invoice = await screen.findByRole('checkbox', { name: /INV-000012/ });
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    await user.click(invoice);
    expect(screen.getByText('1 invoice chosen: $5.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/99');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $5.00' }));
    expect(await screen.findByText('Payment of $5.00 received for 1 invoice. Thank you!')).toBeInTheDocument();
    // The form is gone with the invoice chosen: the focus waits on the list's heading, not on the page's top.
    expect(screen.queryByRole('button', { name: 'Pay $5.00' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open invoices' })).toHaveFocus();
    expect(server.calls.find((call) => call.path === '/api/company/invoices/pay')?.body).toEqual({ invoiceNumbers: ['INV-000012'], cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' });
  });

  // Back from Stripe's page the webhook may not have entered the payment yet (decision 219): the
  // list is asked again until the invoices paid leave it, saying meanwhile that it is being recorded.
  it('asks for the open invoices again, back from Stripe, until the invoices paid have left the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    let answers = 0;
    const paid = { number: 'INV-000012', orderNumber: '100042', issuedAt: '2026-11-03T10:00:00.000Z', dueOn: '2026-11-10', total: 105, open: 5, overdue: true };
    const other = { ...paid, number: 'INV-000013', orderNumber: '100043', dueOn: '2026-12-30', open: 20, total: 20, overdue: false };
    const server = stubFetch({
      ...companyRoutes('accounts'),
      'GET /api/config': { body: { googleSignIn: false, payments: 'stripe' } },
      'GET /api/company/invoices': () => {
        answers += 1;
        return { body: answers > 2 ? [other] : [paid, other] };
      },
    });
    renderCompany('/dashboard/company?checkout=success&invoices=INV-000012');
    const status = await screen.findByText(/Recording your payment: INV-000012 stays listed until Stripe has confirmed it/);
    expect(status.closest('[role="status"]')).toHaveTextContent('Thank you: your card payment is taken.');
    // Not to be paid again while it is recorded; another open invoice may be.
    expect(screen.getByRole('checkbox', { name: /INV-000012/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /INV-000013/ })).toBeEnabled();
    const invoiceReads = () => server.paths().filter((path) => path === 'GET /api/company/invoices').length;
    const companyReads = () => server.paths().filter((path) => path === 'GET /api/company').length;
    const companyReadsBefore = companyReads();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(invoiceReads()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /INV-000012/ })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /INV-000013/ })).toBeInTheDocument();
    expect(screen.queryByText(/Recording your payment/)).not.toBeInTheDocument();
    // The balance is read again with the payment entered.
    await waitFor(() => expect(companyReads()).toBeGreaterThan(companyReadsBefore));
    // And no more asking once the paid invoice is gone, though another stays open.
    const reads = invoiceReads();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(invoiceReads()).toBe(reads);
  });

  it('stops asking after a minute without the webhook, says so, and asks again on Check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    let entered = false;
    const paid = { number: 'INV-000012', orderNumber: '100042', issuedAt: '2026-11-03T10:00:00.000Z', dueOn: '2026-11-10', total: 105, open: 5, overdue: true };
    const server = stubFetch({
      ...companyRoutes('accounts'),
      'GET /api/config': { body: { googleSignIn: false, payments: 'stripe' } },
      'GET /api/company/invoices': () => ({ body: entered ? [] : [paid] }),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderCompany('/dashboard/company?checkout=success&invoices=INV-000012');
    expect(await screen.findByText(/Recording your payment/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(await screen.findByText('Stripe has not confirmed the payment of INV-000012 yet. If you completed it on Stripe, it leaves this list shortly.')).toBeInTheDocument();
    const reads = server.paths().filter((path) => path === 'GET /api/company/invoices').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.paths().filter((path) => path === 'GET /api/company/invoices')).toHaveLength(reads);
    entered = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('No open invoices: everything invoiced is paid.')).toBeInTheDocument();
  });

  it('asks for the open invoices once when the Stripe payment was cancelled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const server = stubFetch({ ...companyRoutes('accounts'), 'GET /api/config': { body: { googleSignIn: false, payments: 'stripe' } } });
    renderCompany('/dashboard/company?checkout=cancelled&invoices=INV-000012');
    expect(await screen.findByRole('checkbox', { name: /INV-000012/ })).toBeEnabled();
    expect(screen.queryByText(/Recording your payment/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.paths().filter((path) => path === 'GET /api/company/invoices')).toHaveLength(1);
  });

  it('shows a buyer the same company without the owner’s actions', async () => {
    companyServer('buyer');
    renderCompany();
    expect(await screen.findByText('Your role: Buyer')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Members' })).toHaveTextContent('Olga Owner');
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(await screen.findByText('No orders yet: the orders members place show here.')).toBeInTheDocument();
    expect(screen.getByText('No locations yet. An owner of the company adds them.')).toBeInTheDocument();
  });

  it('shows an accounts member the balance, the ledger newest first and a statement to download by month', async () => {
    companyServer('accounts');
    renderCompany();
    expect(await screen.findByText('Your role: Accounts')).toBeInTheDocument();
    const entries = await screen.findByRole('list', { name: 'Ledger entries, newest first' });
    const rows = within(entries).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Payment WIRE-9');
    expect(rows[0]).toHaveTextContent('-$100.00');
    expect(rows[1]).toHaveTextContent('Invoice INV-000012');
    expect(rows[1]).toHaveTextContent('Balance $105.00');
    const month = screen.getByLabelText('Statement month');
    const user = userEvent.setup();
    await user.clear(month);
    await user.type(month, '2026-11');
    expect(screen.getByRole('link', { name: 'Download the statement for November 2026 (PDF)' })).toHaveAttribute('href', '/api/company/statements/2026-11.pdf');
  });

  it('lists the card payments given back whole under the ledger to an accounts member: the invoices, the day and who paid, named as the members list names them (decision 228)', async () => {
    const givenBack = [
      { at: '2026-12-07T15:30:00.000Z', paymentIntent: 'pi_3QgivenBack', amount: 500, invoices: ['INV-000041', 'INV-000042'], paidBy: 'olga@example.com' },
      { at: '2026-11-02T09:00:00.000Z', paymentIntent: 'pi_3Qleft', amount: 120, invoices: ['INV-000041'], paidBy: 'gone@example.com' },
      { at: '2026-11-01T09:00:00.000Z', paymentIntent: 'pi_3Qdeleted', amount: 60, invoices: ['INV-000040'], paidBy: null },
    ];
    stubFetch({ ...companyRoutes('accounts'), 'GET /api/company': { body: { ...company('accounts'), givenBack } } });
    renderCompany();
    const account = within(await screen.findByRole('region', { name: 'Account' }));
    expect(account.getByRole('heading', { name: 'Card payments given back' })).toBeInTheDocument();
    expect(account.getByText(givenBackMessages.listNote)).toBeInTheDocument();
    const list = within(account.getByRole('list', { name: 'Card payments given back, newest first' }));
    await waitFor(() =>
      expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'pi_3QgivenBack$500.00 given backFor INV-000041 and INV-000042 · Dec 7, 2026Paid by Olga Owner (olga@example.com)',
        'pi_3Qleft$120.00 given backFor INV-000041 · Nov 2, 2026Paid by gone@example.com',
        'pi_3Qdeleted$60.00 given backFor INV-000040 · Nov 1, 2026Paid by an account since deleted',
      ]),
    );
    // Not in the ledger: they paid nothing.
    expect(within(account.getByRole('list', { name: 'Ledger entries, newest first' })).queryByText(/pi_3Q/)).not.toBeInTheDocument();
  });

  it('lists no card payments given back when there are none, and none to a buyer', async () => {
    stubFetch({ ...companyRoutes('owner'), 'GET /api/company': { body: { ...company('owner'), givenBack: [] } } });
    const { unmount } = renderCompany();
    expect(await screen.findByRole('list', { name: 'Ledger entries, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Card payments given back' })).not.toBeInTheDocument();
    unmount();

    companyServer('buyer');
    renderCompany();
    expect(await screen.findByText('Your role: Buyer')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Card payments given back' })).not.toBeInTheDocument();
  });

  it('shows the ledger’s newest 20 entries, and 20 older ones more at each press, the focus on the first added (decision 133)', async () => {
    // 45 invoices of $1.00, oldest first as the API lists them.
    const ledger = Array.from({ length: 45 }, (_, index) => ({
      at: new Date(Date.UTC(2026, 9, 1 + index)).toISOString(),
      kind: 'invoice' as const,
      number: `INV-${String(index + 1).padStart(6, '0')}`,
      amount: 1,
      balance: index + 1,
      position: index + 1,
    }));
    stubFetch({ ...companyRoutes('accounts'), 'GET /api/company/ledger': { body: ledger } });
    renderCompany();
    const entries = await screen.findByRole('list', { name: 'Ledger entries, newest first' });
    expect(within(entries).getAllByRole('listitem')).toHaveLength(20);
    expect(within(entries).getAllByRole('listitem')[0]).toHaveTextContent('Invoice INV-000045');
    expect(screen.getByText('Showing the newest 20 of 45 entries. A month’s statement lists all of that month’s.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show 20 older entries' }));
    const rows = within(entries).getAllByRole('listitem');
    expect(rows).toHaveLength(40);
    expect(rows[20]).toHaveTextContent('Invoice INV-000025');
    expect(rows[20]).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Show 5 older entries' }));
    expect(within(entries).getAllByRole('listitem')).toHaveLength(45);
    expect(within(entries).getAllByRole('listitem')[40]).toHaveFocus();
    expect(screen.queryByRole('button', { name: /older entr/ })).not.toBeInTheDocument();
  });

  it('says how many entries there are in all when the API sent only its newest page (decision 138)', async () => {
    // The newest 45 of 545 entries: the API sends a page, each entry with its place in the ledger.
    const ledger = Array.from({ length: 45 }, (_, index) => ({
      at: new Date(Date.UTC(2026, 9, 1 + index)).toISOString(),
      kind: 'invoice' as const,
      number: `INV-${String(index + 501).padStart(6, '0')}`,
      amount: 1,
      balance: index + 501,
      position: index + 501,
    }));
    stubFetch({ ...companyRoutes('accounts'), 'GET /api/company/ledger': { body: ledger } });
    renderCompany();
    await screen.findByRole('list', { name: 'Ledger entries, newest first' });
    expect(screen.getByText('Showing the newest 20 of 545 entries. A month’s statement lists all of that month’s.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show 20 older entries' }));
    await user.click(screen.getByRole('button', { name: 'Show 5 older entries' }));
    // Every entry sent is shown; the statements hold the older ones.
    expect(screen.getByText('Showing the newest 45 of 545 entries. A month’s statement lists all of that month’s.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /older entr/ })).not.toBeInTheDocument();
  });

  it('says a balance below zero as a credit, not as an amount owed below zero (decision 161)', async () => {
    stubFetch({ ...companyRoutes('accounts'), 'GET /api/company': { body: { ...company('accounts'), balance: -150.21, available: 5150.21 } } });
    renderCompany();
    expect((await screen.findByText('In credit')).nextElementSibling).toHaveTextContent(/^\$150\.21$/);
    expect(screen.queryByText('Balance owed')).not.toBeInTheDocument();
    expect(screen.queryByText('-$150.21')).not.toBeInTheDocument();
  });

  it('lists a location’s resale certificates with their expiry as the pages write days, not as the API sends them', async () => {
    stubFetch(ownerWithDepot([aVerifiedCertificate({ expiresOn: '2026-12-31' })]));
    renderCompany();
    const list = await screen.findByRole('list', { name: 'Resale certificates of North depot' });
    expect(within(list).getByText('expires Dec 31, 2026')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('2026-12-31');
  });

  it('warns that an upload for the state of a verified certificate replaces it, and orders there are taxed until the new one is verified (decision 212)', async () => {
    stubFetch(ownerWithDepot([aVerifiedCertificate({ expiresOn: '2099-01-03' })]));
    renderCompany();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload a certificate for North depot' }));
    const form = within(screen.getByRole('form', { name: 'Upload a resale certificate for North depot' }));
    const state = form.getByLabelText('State');
    await user.selectOptions(state, 'IL');
    expect(state).toHaveAccessibleDescription(certificateMessages.replacesVerified('IL-RS-1001', 'IL'));
    await user.selectOptions(state, 'WI');
    expect(state).not.toHaveAccessibleDescription();
  });

  it('focuses the first field a resale certificate upload refuses', async () => {
    // A day of its own: the form takes today when drawn, and this test again later, the next day's past midnight UTC (decision 197).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T12:00:00Z'), shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    stubFetch(ownerWithDepot([]));
    renderCompany();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload a certificate for North depot' }));
    const form = screen.getByRole('form', { name: 'Upload a resale certificate for North depot' });
    // The date picker offers what the schema takes: an expiry after today (decision 161).
    expect(within(form).getByLabelText('Expires on')).toHaveAttribute('min', '2026-12-07');
    await user.type(within(form).getByLabelText('Certificate number'), 'RS-1');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).getByLabelText('State')).toHaveFocus();
    expect(within(form).getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a document over 5 MB or of a type the shop does not take at its field before sending it, and a server refusal once', async () => {
    const location = { ...anAddress({ id: 'loc-1', name: 'North depot' }) } as Partial<Address>;
    delete location.isDefault;
    const server = stubFetch({
      ...companyRoutes('owner'),
      'GET /api/company/locations': { body: [location] },
      'GET /api/company/locations/loc-1/certificates': { body: [] },
      'POST /api/company/locations/loc-1/certificates': { status: 400, body: { message: certificateMessages.fileType } },
    });
    renderCompany();
    // A file picker's "All files" lets any file through, whatever the input's `accept` says.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Upload a certificate for North depot' }));
    const form = within(screen.getByRole('form', { name: 'Upload a resale certificate for North depot' }));
    await user.selectOptions(form.getByLabelText('State'), 'IL');
    await user.type(form.getByLabelText('Certificate number'), 'RS-1');
    await user.type(form.getByLabelText('Expires on'), addDays(new Date().toISOString().slice(0, 10), 30));
    const document = form.getByLabelText(/^Document/);
    const posts = () => server.calls.filter((call) => call.method === 'POST');

    await user.upload(document, new File([`%PDF-${"x".repeat(CERTIFICATE_DOCUMENT_MAX_BYTES)}`], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(document).toHaveFocus();
    expect(document).toHaveAccessibleDescription(expect.stringContaining(certificateMessages.fileTooLarge));
    await user.upload(document, new File(['a letter'], 'letter.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(document).toHaveAccessibleDescription(expect.stringContaining(certificateMessages.fileType));
    expect(posts()).toHaveLength(0);

    // A file the browser cannot tell (its bytes are no PDF): the server's refusal, said once, in the form.
    await user.upload(document, new File(['not a PDF at all'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(form.getByRole('button', { name: 'Upload' }));
    expect(await form.findByRole('alert')).toHaveTextContent(certificateMessages.fileType);
    expect(posts()).toHaveLength(1);
    expect(screen.queryByText(notices.somethingWrong)).not.toBeInTheDocument();
  });

  it('checks a new location when Add location is pressed, then on each change, not on leaving a field (decision 085)', async () => {
    const server = stubFetch({ ...companyRoutes('owner'), 'POST /api/company/locations': { body: { id: 'loc-9' } } });
    renderCompany();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a location' }));
    const form = within(screen.getByRole('form', { name: 'New location' }));
    await user.type(form.getByLabelText('Location name'), 'North depot');
    await user.type(form.getByLabelText('Postal code'), '12');
    // Leaving the field draws nothing: an error drawn now moved the submit button under the pointer
    // between the press and the release, and the first click was lost.
    await user.tab();
    expect(form.queryByText(/^Postal code: write it as/)).not.toBeInTheDocument();
    // The location form's button says what it adds (decision 227), not the address book's "Add address".
    expect(form.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Add location' }));
    expect(await form.findByText(/^Postal code: write it as/)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('opens the location and certificate forms on their first field, and gives the focus back on Escape, Cancel and Delete', async () => {
    const location = (id: string, name: string) => {
      const { isDefault: _default, ...fields } = anAddress({ id, name });
      return fields;
    };
    let locations = [location('loc-1', 'North depot'), location('loc-3', 'Middle depot'), location('loc-2', 'South depot')];
    const deleted = (id: string) => () => ((locations = locations.filter((kept) => kept.id !== id)), { body: null });
    let invitations = [{ id: 'inv-1', email: 'pending@example.com', role: 'viewer', expiresAt: '2026-12-09T00:00:00.000Z' }];
    stubFetch({
      'GET /api/me': { body: aCustomer({ email: 'olga@example.com', company: true }) },
      'GET /api/company': { body: company('owner') },
      'GET /api/company/members': { body: members },
      'GET /api/company/locations': () => ({ body: locations }),
      'GET /api/company/locations/loc-1/certificates': { body: [] },
      'GET /api/company/locations/loc-2/certificates': { body: [] },
      'GET /api/company/locations/loc-3/certificates': { body: [] },
      'DELETE /api/company/locations/loc-1': deleted('loc-1'),
      'DELETE /api/company/locations/loc-2': deleted('loc-2'),
      'DELETE /api/company/locations/loc-3': deleted('loc-3'),
      'GET /api/company/orders?page=1': { body: [] },
      'GET /api/company/invoices': { body: [] },
      'GET /api/company/invitations': () => ({ body: invitations }),
      'DELETE /api/company/invitations/inv-1': () => ((invitations = []), { body: [] }),
      'GET /api/company/ledger': { body: [] },
    });
    renderCompany();
    const user = userEvent.setup();

    const addLocation = await screen.findByRole('button', { name: 'Add a location' });
    await user.click(addLocation);
    expect(within(screen.getByRole('form', { name: 'New location' })).getByLabelText('Country')).toHaveFocus();
    // The opener is the shop's primary button, the one its form submits with (one style, not a copy).
    expect(addLocation.className).toBe(within(screen.getByRole('form', { name: 'New location' })).getByRole('button', { name: 'Add location' }).className);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'New location' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a location' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add a location' }));
    await user.click(within(screen.getByRole('form', { name: 'New location' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add a location' })).toHaveFocus();

    const north = await screen.findByRole('button', { name: 'Upload a certificate for North depot' });
    // Each location's opener says which (three "Upload a certificate" before).
    expect(screen.getByRole('button', { name: 'Upload a certificate for South depot' })).toBeInTheDocument();
    await user.click(north);
    const form = screen.getByRole('form', { name: 'Upload a resale certificate for North depot' });
    expect(within(form).getByLabelText('State')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Upload a certificate for North depot' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Upload a certificate for North depot' }));
    await user.click(within(screen.getByRole('form', { name: 'Upload a resale certificate for North depot' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Upload a certificate for North depot' })).toHaveFocus();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete the location North depot' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete the location Middle depot' })).toHaveFocus());
    // The last one's neighbour is the same card again: it takes the focus a second time.
    await user.click(screen.getByRole('button', { name: 'Delete the location South depot' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete the location Middle depot' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Delete the location Middle depot' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Locations' })).toHaveFocus());
    confirm.mockRestore();

    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to pending@example.com' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Members' })).toHaveFocus());
  });

  it('says beside On hold what the hold stops and what goes on (decision 219)', async () => {
    stubFetch({ ...companyRoutes('buyer', []), 'GET /api/company': { body: { ...company('buyer'), status: 'on-hold' } } });
    renderCompany();
    const status = (await screen.findByText('Status')).closest('div');
    expect(status).toHaveTextContent(
      'StatusOn holdOrders on account are stopped until the shop lifts the hold. Orders by card at your company’s prices, invitations and resale certificate uploads go on.',
    );
  });

  it('says nothing beside Active', async () => {
    companyServer('buyer');
    renderCompany();
    expect((await screen.findByText('Status')).closest('div')).toHaveTextContent(/^StatusActive$/);
  });

  it('shows a buyer no ledger', async () => {
    const server = companyServer('buyer');
    renderCompany();
    expect(await screen.findByText('Your role: Buyer')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();
    expect(server.paths()).not.toContain('GET /api/company/ledger');
  });

  it('tells a customer of no company so', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, 'GET /api/company': { status: 404, body: { message: 'You are not a member of a company.' } } });
    renderCompany();
    expect(await screen.findByText('You are not a member of a company. An owner of one can invite you by e-mail.')).toBeInTheDocument();
  });
});
