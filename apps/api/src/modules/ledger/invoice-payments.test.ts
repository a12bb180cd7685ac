import { accountMessages, addDays, centsToDollars, dollarsToCents, formatCents, formatDueDay, paymentMessages, sumCents, type CompanyPayment, type LedgerEntry, type OpenInvoice } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { clearOfMidnight } from '../../test/clock';
import { withoutDemoShippingAndTax } from '../../test/checkout';
import { createTestCompany, invoiceOnAccount, joinCompany, type TestCompany } from '../../test/company';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { today } from './entries';

// Paying open invoices by card in test mode (decision 086): who may, what is charged (the
// server's reckoning, never the browser's), one payment in the ledger, and no invoice paid twice.
let app: FastifyInstance;
let admin: Customer;
let owner: Customer;
let buyer: Customer;
let accounts: Customer;
let viewer: Customer;
let otherOwner: Customer;
let company: TestCompany;
let other: TestCompany;

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' };
const pay = (who: Credential, invoiceNumbers: string[], cardNumber = card.cardNumber) =>
  call(app, who, { method: 'POST', url: '/api/company/invoices/pay', payload: { ...card, cardNumber, invoiceNumbers } });
const openInvoices = async (who: Customer = accounts) => {
  const response = await call(app, byToken(who), { method: 'GET', url: '/api/company/invoices' });
  expectReply(response, 200);
  return response.json() as OpenInvoice[];
};
const ledger = async () => (await call(app, byToken(accounts), { method: 'GET', url: '/api/company/ledger' })).json() as LedgerEntry[];
const payments = async () => (await ledger()).filter((entry) => entry.kind === 'payment');

beforeAll(async () => {
  app = await createTestApp();
  await withoutDemoShippingAndTax(app);
  [admin, owner, buyer, accounts, viewer, otherOwner] = await Promise.all([
    signUpAdmin(app, 'ip-admin'),
    signUpCustomer(app, 'ip-owner'),
    signUpCustomer(app, 'ip-buyer'),
    signUpCustomer(app, 'ip-accounts'),
    signUpCustomer(app, 'ip-viewer'),
    signUpCustomer(app, 'ip-other'),
  ]);
  company = await createTestCompany(app, admin, owner);
  other = await createTestCompany(app, admin, otherOwner);
  await joinCompany(app, company, buyer, 'buyer');
  await joinCompany(app, company, accounts, 'accounts');
  await joinCompany(app, company, viewer, 'viewer');
}, 180_000);

afterAll(async () => {
  await app?.close();
});

// Due days are UTC's, taken by the server and by the tests each for itself: no test runs across
// midnight UTC (decision 197).
beforeEach(() => clearOfMidnight());

describe('open invoices', () => {
  it('lists each invoice with what it still owes and whether it is overdue, to owner and accounts members only', async () => {
    const number = await invoiceOnAccount(app, company, buyer, 2_000);
    const listed = (await openInvoices()).find((invoice) => invoice.number === number);
    expect(listed).toMatchObject({ total: 25, open: 25, dueOn: addDays(today(), 30), overdue: false });
    expect((await openInvoices(owner)).some((invoice) => invoice.number === number)).toBe(true);
    // Made past due: it is marked overdue.
    await app.db.updateTable('orders').set({ due_on: addDays(today(), -3) }).where('invoice_number', '=', String(Number(number.slice('INV-'.length)))).execute();
    expect((await openInvoices()).find((invoice) => invoice.number === number)).toMatchObject({ overdue: true, dueOn: addDays(today(), -3) });

    for (const refused of [buyer, viewer]) {
      expectReply(await call(app, byToken(refused), { method: 'GET', url: '/api/company/invoices' }), 403, accountMessages.accountsOnly);
    }
    expectReply(await call(app, anonymous, { method: 'GET', url: '/api/company/invoices' }), 401);
    expectReply(await call(app, byToken(admin), { method: 'GET', url: '/api/company/invoices' }), 404);
  });
});

describe('paying invoices by card', () => {
  it('charges what the chosen invoices still owe and enters one payment that settles them', async () => {
    const first = await invoiceOnAccount(app, company, buyer, 1_000);
    const second = await invoiceOnAccount(app, company, buyer, 3_050);
    const before = (await payments()).length;
    const response = await pay(byCookie(accounts), [first, second]);
    expectReply(response, 200);
    const payment = response.json() as CompanyPayment;
    // $15.00 + $35.50: the server's figures; the request named no amount.
    expect(payment).toMatchObject({ amount: 50.5, created: true, settles: [{ invoiceNumber: first, amount: 15 }, { invoiceNumber: second, amount: 35.5 }] });
    expect(payment.reference).toMatch(/^test_/);
    const entries = await payments();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ amount: -50.5, number: payment.reference });
    const open = (await openInvoices()).map((invoice) => invoice.number);
    expect(open).not.toContain(first);
    expect(open).not.toContain(second);
    // A receipt to the member who paid, once, as a card order's "Receipt for order" (decision 212).
    const receipts = await app.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('kind', '=', 'company-payment').where('text', 'like', `%${payment.reference}%`).execute();
    expect(receipts.map((mail) => mail.recipient)).toEqual([accounts.email]);
    expect(receipts[0]?.subject).toContain('payment of $50.50 received');
    expect(receipts[0]?.text).toContain(`${first}: $15.00\n`);
    expect(receipts[0]?.text).toContain(`${second}: $35.50\n`);
    expect(receipts[0]?.text).toContain(`Reference: ${payment.reference}\n`);
  });

  it('lets the owner pay too', async () => {
    const number = await invoiceOnAccount(app, company, buyer, 500);
    expectReply(await pay(byCookie(owner), [number]), 200);
  });

  it('refuses a paid invoice again: a replay charges and enters nothing', async () => {
    const number = await invoiceOnAccount(app, company, buyer, 700);
    expectReply(await pay(byCookie(accounts), [number]), 200);
    const before = await ledger();
    expectReply(await pay(byCookie(accounts), [number]), 409, accountMessages.nothingOpen([number]));
    expect(await ledger()).toEqual(before);
  });

  it('pays an invoice once when two tabs pay it at the same moment', async () => {
    const number = await invoiceOnAccount(app, company, buyer, 900);
    const before = (await payments()).length;
    const replies = await Promise.all([pay(byCookie(accounts), [number]), pay(byCookie(owner), [number])]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await payments()).toHaveLength(before + 1);
    expect((await openInvoices()).some((invoice) => invoice.number === number)).toBe(false);
  });

  it('enters nothing for a declined card and keeps the invoice open', async () => {
    const number = await invoiceOnAccount(app, company, buyer, 800);
    const before = await ledger();
    const receipts = async () => (await app.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'company-payment').execute()).length;
    const sent = await receipts();
    expectReply(await pay(byCookie(accounts), [number], '4000 0000 0000 0002'), 402, paymentMessages.declined);
    expect(await ledger()).toEqual(before);
    expect(await receipts()).toBe(sent);
    expect((await openInvoices()).some((invoice) => invoice.number === number)).toBe(true);
  });

  it('refuses buyers, viewers, another company and people outside any company', async () => {
    const number = await invoiceOnAccount(app, company, buyer, 600);
    for (const refused of [buyer, viewer]) expectReply(await pay(byCookie(refused), [number]), 403, accountMessages.payInvoicesOnly);
    // Another company's owner naming this invoice: it is not theirs.
    expectReply(await pay(byCookie(otherOwner), [number]), 400, accountMessages.unknownInvoices([number]));
    expectReply(await pay(byCookie(admin), [number]), 404);
    expectReply(await pay(anonymous, [number]), 401);
    expect((await openInvoices()).some((invoice) => invoice.number === number)).toBe(true);
    expect(other.id).not.toBe(company.id);
  });

  it('asks for at least one invoice', async () => {
    const response = await pay(byCookie(accounts), []);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(accountMessages.chooseInvoices);
  });
});

describe('a payment an admin records (decision 222)', () => {
  it('is acknowledged once to each owner and accounts member: the amount, the day received, the reference, the invoices it settles and the credit left', async () => {
    const [first, second] = [await invoiceOnAccount(app, company, buyer, 2000), await invoiceOnAccount(app, company, buyer, 3000)];
    // Whatever earlier tests left open is settled too ("then the oldest open ones"): $40.00 more is a credit.
    const owed = sumCents((await openInvoices()).map((invoice) => dollarsToCents(invoice.open)));
    const amount = centsToDollars(owed + 4000);
    const { name: companyName } = await app.db.selectFrom('companies').select('name').where('id', '=', company.id).executeTakeFirstOrThrow();
    const receivedAt = addDays(today(), -1);
    const body = { amount, receivedAt, reference: 'WIRE-RCPT-7781', invoiceNumbers: [second, first] };
    const recorded = await call(app, byToken(admin), { method: 'POST', url: `/api/admin/companies/${company.id}/payments`, payload: body });
    expectReply(recorded, 200);
    expect((recorded.json() as CompanyPayment).settles).toEqual(expect.arrayContaining([{ invoiceNumber: first, amount: 25 }, { invoiceNumber: second, amount: 35 }]));
    const receipts = () => app.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('kind', '=', 'company-payment-received').execute();
    const sent = await receipts();
    // Those who may see the company's invoices and payments (ACCOUNTS_ROLES); not the buyer, not the viewer.
    expect(sent.map((mail) => mail.recipient).sort()).toEqual([owner.email, accounts.email].map((email) => email.toLowerCase()).sort());
    for (const mail of sent) {
      expect(mail.subject).toBe(`${companyName}: payment of ${formatCents(owed + 4000)} received`);
      expect(mail.text).toContain(`Received on: ${formatDueDay(receivedAt)}\n`);
      expect(mail.text).toContain('Reference: WIRE-RCPT-7781\n');
      expect(mail.text).toContain(`${first}: $25.00\n`);
      expect(mail.text).toContain(`${second}: $35.00\n`);
      expect(mail.text).toContain('Left on account as a credit: $40.00\n');
      expect(mail.text).toContain(`Open the Company page: ${app.config.baseUrl}/dashboard/company\n`);
    }
    // The same reference again enters nothing (`created: false`) and mails nothing more.
    const again = await call(app, byToken(admin), { method: 'POST', url: `/api/admin/companies/${company.id}/payments`, payload: body });
    expectReply(again, 200);
    expect(again.json()).toMatchObject({ created: false });
    expect(await receipts()).toHaveLength(2);
  });
});
