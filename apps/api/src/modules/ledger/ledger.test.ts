import { STATEMENT_FIRST_MONTH, accountMessages, directionControlMessage, formatDueDay, formatInvoiceNumber, addDays, ADMIN_LEDGER_RECENT, companyMessages, LEDGER_PAGE_MAX, type AdminCompanyAccount, type LedgerEntry, type MyCompany, type OpenInvoice } from '@autoparts/shared';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectReply, type Credential } from '../../test/admin';
import { confirmAddress } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { clearOfMidnight } from '../../test/clock';
import { tokenMailedTo } from '../../test/company';
import { misplacedRuns, pdfRuns, pdfText } from '../../test/pdf';
import { fillCart, insertAddress, insertShippingMethod, userIdOf, withoutDemoShippingAndTax } from '../../test/checkout';
import { insertPart, signUpAdmin, signUpCustomer, stockOf, type Customer } from '../../test/orders';
import { balanceOf, openItems, openItemsOf, today } from './entries';
import { createLedgerRepository } from './repository';
import { renderStatement } from './statement-pdf';
import { mailStatements, previousMonth } from './statements-job';

// Buying on account on the real app and database (decision 081): each refusal, the ledger's
// entries and its append-only table, payments, credit notes, statements, and who may call what.
let app: FastifyInstance;
let admin: Customer;
let owner: Customer;
let buyer: Customer;
let accounts: Customer;
let viewer: Customer;
let stranger: Customer;
let companyId: string;
let shipping: string;
let locationId: string;

const post = (credential: Credential, url: string, payload: object = {}) => call(app, credential, { method: 'POST', url, payload });
const get = (credential: Credential, url: string) => call(app, credential, { method: 'GET', url });
const patchCompany = (fields: object, id = companyId) => call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${id}`, payload: fields });

async function join(who: Customer, role: string, by = owner) {
  expectReply(await post(byToken(by), '/api/company/invitations', { email: who.email, role }), 200);
  expectReply(await post(byCookie(who), `/api/company/invitations/${await tokenMailedTo(app, who.email)}/accept`), 200);
}

async function createCompany(ownerEmail: string, fields: object): Promise<string> {
  // Only a confirmed address is made owner at once (decision 144).
  await confirmAddress(app, ownerEmail);
  const response = await post(byToken(admin), '/api/admin/companies', { name: `Acct ${ownerEmail.slice(0, 10)}`, ownerEmail, ...fields });
  expectReply(response, 200);
  return (response.json() as { id: string }).id;
}

/** One part of `priceCents` in the member's cart, ordered on account (shipping is $5.00). */
async function orderOnAccount(who: Customer, priceCents: number, extra: object = {}) {
  const part = await insertPart(app, { priceCents, available: 10 });
  await fillCart(app, await userIdOf(app, who.email), [[part, 1]]);
  const response = await post(byCookie(who), '/api/checkout', { locationId, shippingMethodId: shipping, paymentMethod: 'account', poNumber: 'PO-1', ...extra });
  return { response, part };
}

/** An order on account of `companyId`'s, invoiced, written directly (its ledger entry is the test's to write, dated as it needs). */
async function invoicedOrder(email: string, companyId: string, cents: number, dueOn: string, poNumber: string | null = null) {
  const part = await insertPart(app);
  const { id: orderId, invoice_number } = await app.db
    .insertInto('orders')
    .values({
      user_id: await userIdOf(app, email),
      email,
      customer_name: 'Statement',
      part_id: part,
      part_name: 'Part',
      part_img: '',
      unit_price_cents: cents,
      quantity: 1,
      total_cents: cents,
      address: 'Here',
      status: 'paid',
      company_id: companyId,
      payment_method: 'account',
      invoice_number: Math.floor(Math.random() * 1e9) + 1e6,
      due_on: dueOn,
      po_number: poNumber,
    })
    .returning(['id', 'invoice_number'])
    .executeTakeFirstOrThrow();
  return { orderId, invoiceNumber: Number(invoice_number) };
}

const company = async (who: Customer) => (await get(byToken(who), '/api/company')).json() as MyCompany;
const ledger = async (who: Customer = accounts) => (await get(byToken(who), '/api/company/ledger')).json() as LedgerEntry[];

beforeAll(async () => {
  app = await createTestApp();
  await withoutDemoShippingAndTax(app);
  shipping = await insertShippingMethod(app, { name: 'Account courier', baseCents: 500 });
  [admin, owner, buyer, accounts, viewer, stranger] = await Promise.all([
    signUpAdmin(app, 'ac-admin'),
    signUpCustomer(app, 'ac-owner'),
    signUpCustomer(app, 'ac-buyer'),
    signUpCustomer(app, 'ac-accounts'),
    signUpCustomer(app, 'ac-viewer'),
    signUpCustomer(app, 'ac-stranger'),
  ]);
  // The buyer's messages repeat the PO number: their address is confirmed.
  await confirmAddress(app, buyer.email);
  companyId = await createCompany(owner.email, { paymentTerms: 'net30', creditLimit: '1000.00', poRequired: true });
  await join(buyer, 'buyer');
  await join(accounts, 'accounts');
  await join(viewer, 'viewer');
  const location = await post(byToken(owner), '/api/company/locations', {
    name: 'Springfield workshop',
    line1: '1 Depot Road',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
  });
  expectReply(location, 200);
  locationId = (location.json() as { id: string }).id;
  // Six sign-ups and four invitations: on the shared two-core machine this may take more than the default minute.
}, 180_000);

afterAll(async () => {
  await app?.close();
});

// The shop's days and months are UTC's (entries.ts `today`), taken by the server and by the tests
// each for itself: no test runs across midnight UTC (decision 197).
beforeEach(() => clearOfMidnight());

describe('an order on account', () => {
  it('needs no card: it takes its stock, is paid-state, invoiced at once with its due date and PO, and debits the ledger', async () => {
    const { response, part } = await orderOnAccount(buyer, 10_000, { poNumber: 'PO-7781' });
    expectReply(response, 200);
    const placed = response.json() as { insertedId: string; total: number; paymentMethod: string; dueOn: string };
    expect(placed).toMatchObject({ total: 105, paymentMethod: 'account', dueOn: addDays(today(), 30) });
    expect(await stockOf(app, part)).toBe(9);
    const order = await app.db.selectFrom('orders').selectAll().where('id', '=', placed.insertedId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', payment_method: 'account', po_number: 'PO-7781', expires_at: null, transaction_id: null, due_on: placed.dueOn });
    expect(order.invoice_number).not.toBeNull();
    const entries = await ledger();
    expect(entries.at(-1)).toMatchObject({ kind: 'invoice', amount: 105, balance: 105 });
    expect(await company(buyer)).toMatchObject({ balance: 105, creditLimit: 1000, available: 895 });
    // The e-mail is the invoice's, with the PO number and the due date; no payment is asked for.
    const mail = await app.db.selectFrom('mail_outbox').select(['subject', 'text']).where('recipient', '=', buyer.email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toContain('placed on account');
    expect(mail.text).toContain('PO-7781');
    // The due day as the pages say it ("Jan 5, 2027"), not as the database keeps it.
    expect(mail.text).toContain(`Due: ${formatDueDay(placed.dueOn)}\n`);
    expect(mail.text).not.toContain(placed.dueOn);
    // And the invoice PDF carries the PO number.
    const pdf = await call(app, byCookie(buyer), { method: 'GET', url: `/api/order/${placed.insertedId}/invoice.pdf` });
    expectReply(pdf, 200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Purchase order: PO-7781');
    // The due day as the pages and the e-mail write it ("Jan 5, 2027"), not as the database keeps it (decision 155).
    expect(text).toContain(`Due: ${formatDueDay(placed.dueOn)}`);
    expect(text).not.toContain(placed.dueOn);
  });

  it('is refused, with the reason, for a role that may not order (accounts, viewer, no company)', async () => {
    // Someone of no company ships to their own address: a company's location is its members' only.
    const strangersAddress = await insertAddress(app, await userIdOf(app, stranger.email));
    for (const who of [accounts, viewer, stranger]) {
      const { response } = await orderOnAccount(who, 1000, who === stranger ? { locationId: undefined, addressId: strangersAddress } : {});
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: accountMessages.refusals.role, reason: 'role' });
    }
  });

  it('is refused without a PO number when the company requires one, and over the credit limit', async () => {
    const missing = await orderOnAccount(buyer, 1000, { poNumber: '' });
    expect(missing.response.statusCode).toBe(409);
    expect(missing.response.json()).toMatchObject({ message: accountMessages.refusals['po-required'], reason: 'po-required' });
    const before = await balanceOf(app.db, companyId);
    const { response, part } = await orderOnAccount(owner, 100_000_00);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: accountMessages.refusals['credit-limit'], reason: 'credit-limit' });
    expect(await stockOf(app, part)).toBe(10);
    expect(await balanceOf(app.db, companyId)).toBe(before);
  });

  it('is refused while the company is on hold, and when it has no payment terms', async () => {
    expectReply(await patchCompany({ status: 'on-hold' }), 200);
    const held = await orderOnAccount(buyer, 1000);
    expect(held.response.statusCode).toBe(409);
    expect(held.response.json()).toMatchObject({ message: accountMessages.refusals['on-hold'], reason: 'on-hold' });
    expectReply(await patchCompany({ status: 'active', paymentTerms: null }), 200);
    const noTerms = await orderOnAccount(buyer, 1000);
    expect(noTerms.response.json()).toMatchObject({ reason: 'no-terms' });
    expectReply(await patchCompany({ paymentTerms: 'net30' }), 200);
  });

  it('is refused while an invoice is more than 15 days past due, and allowed once it is paid', async () => {
    const { response } = await orderOnAccount(buyer, 2000);
    expectReply(response, 200);
    const { insertedId } = response.json() as { insertedId: string };
    // Due 16 days ago (an order's row is not the ledger: its due date may be set back for the test).
    await app.db.updateTable('orders').set({ due_on: addDays(today(), -16) }).where('id', '=', insertedId).execute();
    const refused = await orderOnAccount(buyer, 1000);
    expect(refused.response.statusCode).toBe(409);
    expect(refused.response.json()).toMatchObject({ message: accountMessages.refusals.overdue, reason: 'overdue' });
    // 15 days is still within the grace.
    await app.db.updateTable('orders').set({ due_on: addDays(today(), -15) }).where('id', '=', insertedId).execute();
    expectReply((await orderOnAccount(buyer, 1000)).response, 200);
    await app.db.updateTable('orders').set({ due_on: addDays(today(), -40) }).where('id', '=', insertedId).execute();
    const order = await app.db.selectFrom('orders').select('invoice_number').where('id', '=', insertedId).executeTakeFirstOrThrow();
    const paid = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, {
      amount: 25,
      receivedAt: today(),
      reference: 'BANK-OVERDUE-1',
      invoiceNumbers: [`INV-${String(order.invoice_number).padStart(6, '0')}`],
    });
    expectReply(paid, 200);
    expect(paid.json()).toMatchObject({ amount: 25, created: true, settles: [{ amount: 25 }] });
    expectReply((await orderOnAccount(buyer, 1000)).response, 200);
  });
});

describe('cancelling an order on account (decision 133)', () => {
  it('is its placer’s only while they are the company’s buyer or owner: removed or made a viewer, they are refused and the company keeps its order', async () => {
    const cancel = (who: Customer, id: string) => call(app, byCookie(who), { method: 'DELETE', url: `/api/myorder?id=${id}` });
    for (const exit of ['removed', 'viewer'] as const) {
      const placer = await signUpCustomer(app, `ac-placer-${exit}`);
      await join(placer, 'buyer');
      const { response } = await orderOnAccount(placer, 1500);
      expectReply(response, 200);
      const id = (response.json() as { insertedId: string }).insertedId;
      const url = `/api/company/members/${await userIdOf(app, placer.email)}`;
      if (exit === 'removed') expectReply(await call(app, byToken(owner), { method: 'DELETE', url }), 200);
      else expectReply(await call(app, byToken(owner), { method: 'PATCH', url, payload: { role: 'viewer' } }), 200);

      const before = await balanceOf(app.db, companyId);
      expectReply(await cancel(placer, id), 409, accountMessages.cancelNotBuyer);
      expect(await balanceOf(app.db, companyId)).toBe(before);
      expect(await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'paid' });
    }
    // A buyer who still is one cancels their own: the company is credited.
    const placer = await signUpCustomer(app, 'ac-placer-kept');
    await join(placer, 'buyer');
    const { response } = await orderOnAccount(placer, 1500);
    expectReply(response, 200);
    const before = await balanceOf(app.db, companyId);
    expectReply(await cancel(placer, (response.json() as { insertedId: string }).insertedId), 200);
    expect(await balanceOf(app.db, companyId)).toBe(before - 2000);
  });
});

describe('a credit on account (decision 161)', () => {
  it('pays the invoices that come after it: none is open, overdue or charged again by card while the credit covers it', async () => {
    const prepaid = await signUpCustomer(app, 'ac-prepaid');
    const id = await createCompany(prepaid.email, { paymentTerms: 'net30', creditLimit: '1000.00' });
    const location = await post(byToken(prepaid), '/api/company/locations', { name: 'Yard', line1: '3 Yard Lane', city: 'Peoria', region: 'IL', postalCode: '61602', country: 'US' });
    expectReply(location, 200);
    const yard = (location.json() as { id: string }).id;
    // $500 paid up front: a credit on account, no invoice to settle yet.
    expectReply(await post(byToken(admin), `/api/admin/companies/${id}/payments`, { amount: '500.00', receivedAt: today(), reference: 'PREPAY-1', invoiceNumbers: [] }), 200);
    const { response } = await orderOnAccount(prepaid, 29_500, { locationId: yard });
    expectReply(response, 200);
    const { insertedId } = response.json() as { insertedId: string };
    expect(await company(prepaid)).toMatchObject({ balance: -200 });
    // The $300 invoice is paid by the credit: nothing is open, nothing to pay by card.
    expect((await get(byToken(prepaid), '/api/company/invoices')).json()).toEqual([]);
    const order = await app.db.selectFrom('orders').select('invoice_number').where('id', '=', insertedId).executeTakeFirstOrThrow();
    const invoice = formatInvoiceNumber(order.invoice_number ?? 0);
    const card = await post(byCookie(prepaid), '/api/company/invoices/pay', { invoiceNumbers: [invoice], cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' });
    expectReply(card, 409, accountMessages.nothingOpen([invoice]));
    // Long past its due date, it stops no order on account: the company owes nothing.
    await app.db.updateTable('orders').set({ due_on: addDays(today(), -40) }).where('id', '=', insertedId).execute();
    const account = (await get(byToken(admin), `/api/admin/companies/${id}/account`)).json() as AdminCompanyAccount;
    expect(account).toMatchObject({ balance: -200, overdue: 0, invoices: [] });
    expectReply((await orderOnAccount(prepaid, 4_500, { locationId: yard })).response, 200);
    // What the credit does not cover is open: $100 of the next $300 invoice, aged current.
    const next = await orderOnAccount(prepaid, 29_500, { locationId: yard });
    expectReply(next.response, 200);
    const open = (await get(byToken(prepaid), '/api/company/invoices')).json() as OpenInvoice[];
    expect(open.map((item) => [item.total, item.open])).toEqual([[300, 150]]);
    const statement = await createLedgerRepository(app.db).statement({ id, name: 'Prepaid', tax_id: '' }, today().slice(0, 7));
    expect(statement.aged).toEqual({ current: 15_000, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 });
  });

  it('left by a cancelled order whose invoice was paid is current in the statement, and pays the next invoice', async () => {
    const paidUp = await signUpCustomer(app, 'ac-paid-up');
    const id = await createCompany(paidUp.email, { paymentTerms: 'net15' });
    const location = await post(byToken(paidUp), '/api/company/locations', { name: 'Bay', line1: '4 Bay Road', city: 'Peoria', region: 'IL', postalCode: '61602', country: 'US' });
    expectReply(location, 200);
    const bay = (location.json() as { id: string }).id;
    const { response } = await orderOnAccount(paidUp, 9_500, { locationId: bay });
    expectReply(response, 200);
    const { insertedId } = response.json() as { insertedId: string };
    const order = await app.db.selectFrom('orders').select('invoice_number').where('id', '=', insertedId).executeTakeFirstOrThrow();
    expectReply(await post(byToken(admin), `/api/admin/companies/${id}/payments`, { amount: '100.00', receivedAt: today(), reference: 'PAID-UP-1', invoiceNumbers: [formatInvoiceNumber(order.invoice_number ?? 0)] }), 200);
    // Paid, then cancelled: its credit note is a credit of $100; its invoice was due long ago.
    await app.db.updateTable('orders').set({ due_on: addDays(today(), -70) }).where('id', '=', insertedId).execute();
    expectReply(await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${insertedId}/cancel` }), 200);
    const repository = createLedgerRepository(app.db);
    const month = today().slice(0, 7);
    expect((await repository.statement({ id, name: 'Paid up', tax_id: '' }, month)).aged).toEqual({ current: -10_000, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 });
    const next = await orderOnAccount(paidUp, 5_500, { locationId: bay });
    expectReply(next.response, 200);
    expect((await get(byToken(paidUp), '/api/company/invoices')).json()).toEqual([]);
    expect((await repository.statement({ id, name: 'Paid up', tax_id: '' }, month)).aged).toEqual({ current: -4_000, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 });
  });
});

describe('the credit left that checkout shows (decision 169)', () => {
  it('is the limit less the balance, a credit on account counted, kept nowhere; an order of exactly it is placed, a cent more refused', async () => {
    const garage = await signUpCustomer(app, 'ac-left-owner');
    const itsBuyer = await signUpCustomer(app, 'ac-left-buyer');
    const id = await createCompany(garage.email, { paymentTerms: 'net30', creditLimit: '1000.00' });
    await join(itsBuyer, 'buyer', garage);
    const location = await post(byToken(garage), '/api/company/locations', { name: 'Bay', line1: '4 Bay Road', city: 'Peoria', region: 'IL', postalCode: '61602', country: 'US' });
    expectReply(location, 200);
    const bay = (location.json() as { id: string }).id;
    // $200 paid ahead: $1,200.00 may be ordered on account.
    expectReply(await post(byToken(admin), `/api/admin/companies/${id}/payments`, { amount: '200.00', receivedAt: today(), reference: 'AHEAD-1', invoiceNumbers: [] }), 200);
    const read = await get(byCookie(itsBuyer), '/api/company');
    expectReply(read, 200);
    expect(read.json()).toMatchObject({ role: 'buyer', creditLimit: 1000, balance: -200, available: 1200 });
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers.etag).toBeUndefined();
    // The server's rule is the figure's: $1,200.01 is refused, $1,200.00 placed ($5.00 of shipping each).
    const over = await orderOnAccount(itsBuyer, 119_501, { locationId: bay });
    expectReply(over.response, 409);
    expect(over.response.json()).toMatchObject({ reason: 'credit-limit' });
    expectReply((await orderOnAccount(itsBuyer, 119_500, { locationId: bay })).response, 200);
    expect(await company(itsBuyer)).toMatchObject({ balance: 1000, available: 0 });
  });
});

describe('an order on account’s own page (decision 136)', () => {
  it('says how it was paid and when its invoice is due, as the company’s orders do; a card order says card', async () => {
    const placer = await signUpCustomer(app, 'ac-page');
    await join(placer, 'buyer');
    const { response } = await orderOnAccount(placer, 1500);
    expectReply(response, 200);
    const row = await app.db.selectFrom('orders').select(['order_number', 'due_on']).where('id', '=', (response.json() as { insertedId: string }).insertedId).executeTakeFirstOrThrow();
    expect(row.due_on).not.toBeNull();
    for (const who of [placer, owner]) {
      const page = await get(byCookie(who), `/api/orders/by-number/${row.order_number}`);
      expectReply(page, 200);
      expect(page.json()).toMatchObject({ status: 'paid', paymentMethod: 'account', dueOn: row.due_on });
    }
    const part = await insertPart(app, { priceCents: 1500, available: 10 });
    await fillCart(app, await userIdOf(app, placer.email), [[part, 1]]);
    const byCard = await post(byCookie(placer), '/api/checkout', { locationId, shippingMethodId: shipping, poNumber: 'PO-2' });
    expectReply(byCard, 200);
    const card = await app.db.selectFrom('orders').select('order_number').where('id', '=', (byCard.json() as { insertedId: string }).insertedId).executeTakeFirstOrThrow();
    expect((await get(byCookie(placer), `/api/orders/by-number/${card.order_number}`)).json()).toMatchObject({ status: 'unpaid', paymentMethod: 'card', dueOn: null });
  });
});

describe('returning items of an order on account (decision 136)', () => {
  it('is its placer’s only while they are the company’s buyer or owner: removed or made a viewer, they are refused and no return is made', async () => {
    const requestReturn = (who: Customer, orderId: string, partId: string) =>
      post(byCookie(who), '/api/returns', { orderId, reason: 'no-longer-needed', lines: [{ partId, quantity: 1 }] });
    /** An order on account of `placer`'s, delivered today: its items may be returned. */
    async function delivered(placer: Customer) {
      const { response, part } = await orderOnAccount(placer, 1500);
      expectReply(response, 200);
      const id = (response.json() as { insertedId: string }).insertedId;
      await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', id).execute();
      return { id, part };
    }
    const returnsOf = async (orderId: string) => (await app.db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).length;
    for (const exit of ['removed', 'viewer'] as const) {
      const placer = await signUpCustomer(app, `ar-placer-${exit}`);
      await join(placer, 'buyer');
      const { id, part } = await delivered(placer);
      const url = `/api/company/members/${await userIdOf(app, placer.email)}`;
      if (exit === 'removed') expectReply(await call(app, byToken(owner), { method: 'DELETE', url }), 200);
      else expectReply(await call(app, byToken(owner), { method: 'PATCH', url, payload: { role: 'viewer' } }), 200);

      expectReply(await requestReturn(placer, id, part), 409, accountMessages.returnNotBuyer);
      expect(await returnsOf(id)).toBe(0);
      // My Orders and the order's page say so (`mayAct`, decision 138): they offer no "Return items".
      const mine = await get(byCookie(placer), `/api/myorder/${encodeURIComponent(placer.email)}`);
      expectReply(mine, 200);
      expect((mine.json() as { _id: string; mayAct: boolean }[]).find((order) => order._id === id)).toMatchObject({ mayAct: false });
      const { order_number } = await app.db.selectFrom('orders').select('order_number').where('id', '=', id).executeTakeFirstOrThrow();
      expect((await get(byCookie(placer), `/api/orders/by-number/${order_number}`)).json()).toMatchObject({ yours: true, mayAct: false });
    }
    // A buyer who still is one asks to return their own.
    const placer = await signUpCustomer(app, 'ar-placer-kept');
    await join(placer, 'buyer');
    const { id, part } = await delivered(placer);
    const { order_number } = await app.db.selectFrom('orders').select('order_number').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await get(byCookie(placer), `/api/orders/by-number/${order_number}`)).json()).toMatchObject({ yours: true, mayAct: true });
    expect((await get(byCookie(owner), `/api/orders/by-number/${order_number}`)).json()).toMatchObject({ yours: false, mayAct: false });
    const mine = (await get(byCookie(placer), `/api/myorder/${encodeURIComponent(placer.email)}`)).json() as { _id: string; mayAct: boolean }[];
    expect(mine.find((order) => order._id === id)).toMatchObject({ mayAct: true });
    expectReply(await requestReturn(placer, id, part), 200);
    expect(await returnsOf(id)).toBe(1);
  });
});

describe('the ledger', () => {
  it('is append-only: an UPDATE or DELETE of an entry is refused by the database', async () => {
    const before = await balanceOf(app.db, companyId);
    expect(before).toBeGreaterThan(0);
    await expect(sql`update company_ledger set amount_cents = amount_cents + 1`.execute(app.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from company_ledger`.execute(app.db)).rejects.toThrow(/append-only/);
    await expect(sql`update company_payments set amount_cents = 1`.execute(app.db)).rejects.toThrow(/append-only/);
    expect(await balanceOf(app.db, companyId)).toBe(before);
  });

  it('lists each entry with the balance after it; the last balance is the company’s', async () => {
    const entries = await ledger(owner);
    let balance = 0;
    for (const entry of entries) {
      balance = Math.round((balance + entry.amount) * 100) / 100;
      expect(entry.balance).toBe(balance);
    }
    expect((await company(viewer)).balance).toBe(balance);
  });

  it('sends a page (decision 138): `limit` entries after the `offset` newest, each with the whole ledger’s balance and its place; never more than LEDGER_PAGE_MAX', async () => {
    const all = await ledger(owner);
    expect(all.length).toBeGreaterThan(3);
    expect(all.map((entry) => entry.position)).toEqual(all.map((_, index) => index + 1));
    const page = async (query: string) => {
      const response = await get(byToken(owner), `/api/company/ledger?${query}`);
      expectReply(response, 200);
      return response.json() as LedgerEntry[];
    };
    // The two newest, oldest first, with the same balances as the whole ledger's.
    expect(await page('limit=2')).toEqual(all.slice(-2));
    expect(await page('limit=2&offset=1')).toEqual(all.slice(-3, -1));
    expect(await page(`limit=2&offset=${all.length}`)).toEqual([]);
    // Bounded: a caller that asks for more than a page is refused, not sent every entry.
    // Digits only (decision 188): `1e1` was 10 and `0x1` 1.
    for (const query of [`limit=${LEDGER_PAGE_MAX + 1}`, 'limit=0', 'offset=-1', 'limit=x', 'limit=1e1', 'offset=0x1', 'limit=2.0']) {
      expect((await get(byToken(owner), `/api/company/ledger?${query}`)).statusCode).toBe(400);
    }
  });

  it('records a payment once per reference, and refuses invoice numbers not the company’s', async () => {
    const body = { amount: '12.50', receivedAt: today(), reference: 'CHQ-100200', invoiceNumbers: [] };
    const first = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, body);
    expectReply(first, 200);
    const again = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, body);
    expectReply(again, 200);
    expect(again.json()).toMatchObject({ id: (first.json() as { id: string }).id, created: false });
    expect((await ledger()).filter((entry) => entry.number === 'CHQ-100200')).toHaveLength(1);
    // The audit log names the company as its other sentences do, by its name (decision 187).
    const name = (await app.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow()).name;
    const audit = await get(byToken(admin), '/api/admin/audit?action=company.payment&limit=1');
    expect((audit.json() as Array<{ sentence: string }>).map((entry) => entry.sentence)).toEqual([`recorded a payment of $12.50 from “${name}” (reference “CHQ-100200”)`]);
    const unknown = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, { ...body, reference: 'X-1', invoiceNumbers: ['INV-999999'] });
    expectReply(unknown, 400, accountMessages.unknownInvoices(['INV-999999']));
    const future = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, { ...body, reference: 'X-2', receivedAt: addDays(today(), 2) });
    expectReply(future, 400, accountMessages.receivedAt);
    // "Trojan source" (decisions 216, 220): the company reads the reference in its ledger and on its statement.
    const reversed = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, { ...body, reference: 'CHQ-\u202E002001' });
    expectReply(reversed, 400, directionControlMessage('Reference'));
  });

  it('enters a payment after the invoices it settles: received today, when recorded; on an earlier day, at that day’s end', async () => {
    const { response } = await orderOnAccount(buyer, 2000);
    expectReply(response, 200);
    const order = await app.db.selectFrom('orders').select('invoice_number').where('id', '=', (response.json() as { insertedId: string }).insertedId).executeTakeFirstOrThrow();
    const invoice = formatInvoiceNumber(order.invoice_number ?? 0);
    const pay = { amount: '25.00', receivedAt: today(), reference: 'WIRE-TODAY-1', invoiceNumbers: [invoice] };
    expectReply(await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, pay), 200);
    const entries = await ledger();
    const invoiced = entries.findIndex((entry) => entry.number === invoice);
    const paid = entries.findIndex((entry) => entry.number === 'WIRE-TODAY-1');
    // The statement and the Account list it after the invoice: no credit that never was between them.
    expect(paid).toBe(invoiced + 1);
    expect(entries[paid]?.balance).toBe(Math.round(((entries[invoiced]?.balance ?? 0) - 25) * 100) / 100);
    expect(entries[paid]?.at.slice(0, 10)).toBe(today());

    const yesterday = addDays(today(), -1);
    expectReply(await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, { ...pay, reference: 'WIRE-YESTERDAY-1', receivedAt: yesterday, invoiceNumbers: [] }), 200);
    expect((await ledger()).find((entry) => entry.number === 'WIRE-YESTERDAY-1')?.at).toBe(`${yesterday}T23:59:59.999Z`);
  });

  it('credits a cancelled order on account with its credit note', async () => {
    const { response } = await orderOnAccount(buyer, 3000);
    const { insertedId, total } = response.json() as { insertedId: string; total: number };
    const before = await balanceOf(app.db, companyId);
    expectReply(await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${insertedId}/cancel` }), 200);
    const last = (await ledger()).at(-1);
    expect(last).toMatchObject({ kind: 'credit-note', amount: -total });
    expect(await balanceOf(app.db, companyId)).toBe(before - total * 100);
    // Its buyer's Order history says so: credited to the account, not refunded (decision 109).
    const history = (await get(byToken(buyer), '/api/orders/history')).json() as Array<{ _id: string; refunded: number | null; creditedToAccount: number | null }>;
    expect(history.find((entry) => entry._id === insertedId)).toMatchObject({ refunded: null, creditedToAccount: total });
    // So does its message: credited to the account, with the credit note; no card, and not "nothing was charged".
    const mail = await app.db.selectFrom('mail_outbox').select('text').where('order_id', '=', insertedId).where('kind', '=', 'order-cancelled').executeTakeFirstOrThrow();
    expect(mail.text).toContain(`Refund: $${total.toFixed(2)} credited to your company’s account\n`);
    expect(mail.text).toMatch(/Credit note: CN-\d+\n/);
    expect(mail.text).not.toContain('card');
    expect(mail.text).not.toContain('Nothing was charged');
    // And its credit note, which names the account, not a payment method the order never had.
    const number = /Credit note: (CN-\d+)\n/.exec(mail.text)?.[1] ?? '';
    const note = await get(byToken(buyer), `/api/order/${insertedId}/credit-notes/${number}.pdf`);
    expectReply(note, 200);
    const text = await pdfText(note.rawPayload);
    expect(text).toContain('The amount is credited to your company’s account.');
    expect(text).not.toContain('payment method');
  });

  it('e-mails each credit note to those its invoice went to, once: a cancelled order’s and a return’s (decision 212)', async () => {
    // The invoice goes to the accounts member who pays it (decision 106); its credit note went to
    // nobody there, and an invoice cancelled was paid all the same from the mail.
    const mailsOf = (orderId: string, kind: string) =>
      app.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('order_id', '=', orderId).where('kind', '=', kind).execute();
    const { response } = await orderOnAccount(buyer, 3000, { poNumber: 'PO-CN-1' });
    const { insertedId, total } = response.json() as { insertedId: string; total: number };
    const { invoice_number, order_number } = await app.db.selectFrom('orders').select(['invoice_number', 'order_number']).where('id', '=', insertedId).executeTakeFirstOrThrow();
    expect((await mailsOf(insertedId, 'company-invoice')).map((mail) => mail.recipient)).toEqual([accounts.email]);
    expectReply(await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${insertedId}/cancel` }), 200);
    const [cancelled, ...more] = await mailsOf(insertedId, 'company-credit-note');
    expect(more).toEqual([]);
    expect(cancelled?.recipient).toBe(accounts.email);
    const creditNote = /Credit note: (CN-\d+)\n/.exec(cancelled?.text ?? '')?.[1] ?? 'none';
    expect(cancelled?.subject).toContain(`credit note ${creditNote} for order ${order_number}`);
    expect(cancelled?.text).toContain(`Invoice: ${formatInvoiceNumber(Number(invoice_number))}\n`);
    expect(cancelled?.text).toContain(`Credited: $${total.toFixed(2)}\n`);
    expect(cancelled?.text).toContain('the order was cancelled');
    expect(cancelled?.text).toContain(`/dashboard/orders/${order_number}`);

    // A return of an order on account, received: its credit note too.
    const placed = await orderOnAccount(buyer, 1500, { poNumber: 'PO-CN-2' });
    const orderId = (placed.response.json() as { insertedId: string }).insertedId;
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', orderId).execute();
    const requested = await post(byCookie(buyer), '/api/returns', { orderId, reason: 'no-longer-needed', lines: [{ partId: placed.part, quantity: 1 }] });
    expectReply(requested, 200);
    const returned = (requested.json() as { id: string }).id;
    expectReply(await post(byToken(admin), `/api/admin/returns/${returned}/approve`), 200);
    expectReply(await post(byToken(admin), `/api/admin/returns/${returned}/receive`, { lines: [{ partId: placed.part, quantity: 1, action: 'restock' }] }), 200);
    const [fromReturn, ...again] = await mailsOf(orderId, 'company-credit-note');
    expect(again).toEqual([]);
    expect(fromReturn?.recipient).toBe(accounts.email);
    expect(fromReturn?.text).toContain('parts of it were returned');
    // The member who placed them hears of it in their own messages, not this one.
    expect((await app.db.selectFrom('mail_outbox').select('id').where('recipient', '=', buyer.email).where('kind', '=', 'company-credit-note').execute()).length).toBe(0);
  });
});

describe('who may call the account routes', () => {
  it('lets owner and accounts members read the ledger and statements, and only admins record payments', async () => {
    const month = today().slice(0, 7);
    const expected: Array<[Credential, number, number]> = [
      [byToken(owner), 200, 403],
      [byToken(accounts), 200, 403],
      [byToken(buyer), 403, 403],
      [byToken(viewer), 403, 403],
      [byToken(stranger), 404, 403],
      [byToken(admin), 404, 200],
      [anonymous, 401, 401],
    ];
    for (const [who, reads, pays] of expected) {
      expect((await get(who, '/api/company/ledger')).statusCode).toBe(reads);
      expect((await get(who, `/api/company/statements/${month}.pdf`)).statusCode).toBe(reads);
      expect((await get(who, `/api/company/statements/${month}.csv`)).statusCode).toBe(reads);
      const paid = await post(who, `/api/admin/companies/${companyId}/payments`, { amount: 1, receivedAt: today(), reference: 'ROLE-CHECK', invoiceNumbers: [] });
      expect(paid.statusCode).toBe(pays);
    }
  });
});

describe('an admin’s view of a company’s money (decision 107)', () => {
  const account = async (who: Credential = byToken(admin), id = companyId) => get(who, `/api/admin/companies/${id}/account`);

  it('gives the balance, limit, available credit, overdue sum, open invoices and newest entries, as the members see them', async () => {
    // An invoice 5 days past due (within the grace, so later orders pass): its open rest is overdue.
    const { response } = await orderOnAccount(buyer, 1500);
    expectReply(response, 200);
    const { insertedId } = response.json() as { insertedId: string };
    await app.db.updateTable('orders').set({ due_on: addDays(today(), -5) }).where('id', '=', insertedId).execute();

    const reply = await account();
    expectReply(reply, 200);
    const money = reply.json() as AdminCompanyAccount;
    const mine = await company(accounts);
    const invoices = (await get(byToken(accounts), '/api/company/invoices')).json() as OpenInvoice[];
    const entries = await ledger();
    expect(money).toMatchObject({ balance: mine.balance, creditLimit: mine.creditLimit, available: mine.available, invoices, entries: entries.length });
    expect(money.recent).toEqual(entries.slice(-ADMIN_LEDGER_RECENT).reverse());
    const overdue = invoices.filter((invoice) => invoice.overdue).reduce((sum, invoice) => sum + invoice.open * 100, 0) / 100;
    expect(money.overdue).toBe(overdue);
    expect(money.overdue).toBeGreaterThanOrEqual(20);
  });

  it('a payment recorded reduces the balance by its amount, once however often it is sent', async () => {
    const before = (await account()).json() as AdminCompanyAccount;
    const body = { amount: '1,000.50', receivedAt: today(), reference: 'BANK-ADMIN-VIEW-1', invoiceNumbers: [] };
    const first = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, body);
    expectReply(first, 200);
    expect(first.json()).toMatchObject({ amount: 1000.5, created: true });
    const after = (await account()).json() as AdminCompanyAccount;
    expect(after.balance).toBe(Math.round((before.balance - 1000.5) * 100) / 100);
    // Received today: entered now, the newest entry.
    expect(after.recent.find((entry) => entry.number === 'BANK-ADMIN-VIEW-1')).toMatchObject({ kind: 'payment', amount: -1000.5 });
    // A second click: the same payment answered, nothing entered twice.
    const again = await post(byToken(admin), `/api/admin/companies/${companyId}/payments`, body);
    expectReply(again, 200);
    expect(again.json()).toMatchObject({ created: false });
    expect(((await account()).json() as AdminCompanyAccount).balance).toBe(after.balance);
  });

  it('draws a long company name and payment reference whole, within the page and clear of the dates', async () => {
    const longOwner = await signUpCustomer(app, 'ac-long');
    const name = 'Ångström Motorsport & Söhne GmbH, Werkstatt Nord, Zweigniederlassung Hamburg-Altona und Schleswig-Holstein Nord-Ost';
    const id = await createCompany(longOwner.email, { name, taxId: 'DE123456789', paymentTerms: 'net30' });
    // 80 characters, the longest reference a payment may have.
    const reference = 'WIRE 2026-12-05 DEUTSCHE BANK AG HAMBURG REF 0001234567890123456789 REMITTANCE X';
    expect(reference).toHaveLength(80);
    expectReply(await post(byToken(admin), `/api/admin/companies/${id}/payments`, { amount: '10.00', receivedAt: today(), reference, invoiceNumbers: [] }), 200);

    const response = await get(byToken(admin), `/api/admin/companies/${id}/statements/${today().slice(0, 7)}.pdf`);
    expectReply(response, 200);

    const text = await pdfText(response.rawPayload);
    expect(text).toContain(name);
    expect(text).toContain(reference);
    expect(misplacedRuns(await pdfRuns(response.rawPayload), { left: 50, right: 562 })).toEqual([]);
  });

  it('gives any company’s statement PDF to an admin', async () => {
    const month = today().slice(0, 7);
    const response = await get(byToken(admin), `/api/admin/companies/${companyId}/statements/${month}.pdf`);
    expectReply(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Month: ${monthName(month)}`);
    // Its day as the pages write it ("Dec 31, 2026"), not as the database keeps it (decision 155).
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain('Closing balance');
    expectReply(await get(byToken(admin), `/api/admin/companies/${companyId}/statements/${addDays(today(), 40).slice(0, 7)}.pdf`), 404, accountMessages.noStatement);
    expect((await get(byToken(admin), `/api/admin/companies/${companyId}/statements/2025-13.pdf`)).statusCode).toBe(400);
    expectReply(await get(byToken(admin), `/api/admin/companies/${companyId}/statements/${addDays(today(), 40).slice(0, 7)}.csv`), 404, accountMessages.noStatement);
    expectReply(await get(byToken(admin), `/api/admin/companies/${companyId}/statements/${month}.xlsx`), 400, accountMessages.month);
  });

  it('answers admins only: members and other customers 403, signed out 401, a company not there 404', async () => {
    const month = today().slice(0, 7);
    const expected: Array<[Credential, number]> = [
      [byToken(owner), 403],
      [byCookie(accounts), 403],
      [byToken(buyer), 403],
      [byToken(stranger), 403],
      [byCookie(admin), 200],
      [anonymous, 401],
    ];
    for (const [who, status] of expected) {
      expect((await account(who)).statusCode).toBe(status);
      expect((await get(who, `/api/admin/companies/${companyId}/statements/${month}.pdf`)).statusCode).toBe(status);
      expect((await get(who, `/api/admin/companies/${companyId}/statements/${month}.csv`)).statusCode).toBe(status);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expectReply(await account(byToken(admin), missing), 404, companyMessages.notFound);
    expectReply(await get(byToken(admin), `/api/admin/companies/${missing}/statements/${month}.pdf`), 404, companyMessages.notFound);
    expectReply(await get(byToken(admin), `/api/admin/companies/${missing}/statements/${month}.csv`), 404, companyMessages.notFound);
    expectReply(await account(byToken(admin), 'not-an-id'), 404, companyMessages.notFound);
  });
});

describe('statements', () => {
  it('download under the company’s name, its letters kept in filename* and an ASCII stand-in in filename, for its owner and an admin', async () => {
    const month = today().slice(0, 7);
    const named = [
      {
        name: 'Zoë Ångström GmbH',
        disposition: `attachment; filename=statement-Zoe-Angstrom-GmbH-${month}.pdf; filename*=UTF-8''statement-Zo%C3%AB-%C3%85ngstr%C3%B6m-GmbH-${month}.pdf`,
      },
      {
        name: 'Bob’s "Best"; Parts',
        disposition: `attachment; filename=statement-Bob_s-_Best__-Parts-${month}.pdf; filename*=UTF-8''statement-Bob%E2%80%99s-%22Best%22%3B-Parts-${month}.pdf`,
      },
      { name: 'Plain Parts Co', disposition: `attachment; filename=statement-Plain-Parts-Co-${month}.pdf` },
    ];
    for (const [index, { name, disposition }] of named.entries()) {
      const companyOwner = await signUpCustomer(app, `ac-named-${index}`);
      const id = await createCompany(companyOwner.email, { name, paymentTerms: 'net30' });
      const asOwner = await get(byToken(companyOwner), `/api/company/statements/${month}.pdf`);
      const asAdmin = await get(byToken(admin), `/api/admin/companies/${id}/statements/${month}.pdf`);
      expectReply(asOwner, 200);
      expectReply(asAdmin, 200);
      expect({ name, owner: asOwner.headers['content-disposition'], admin: asAdmin.headers['content-disposition'] }).toEqual({ name, owner: disposition, admin: disposition });
      // Its CSV under the same name (decision 223).
      const csvs = await Promise.all([get(byToken(companyOwner), `/api/company/statements/${month}.csv`), get(byToken(admin), `/api/admin/companies/${id}/statements/${month}.csv`)]);
      expect(csvs.map((csv) => csv.headers['content-disposition'])).toEqual(Array(2).fill(disposition.replaceAll('.pdf', '.csv')));
    }
  });

  it('give the opening balance, the month’s entries, the closing balance and the ageing, which adds up to it', async () => {
    const other = await signUpCustomer(app, 'ac-statement');
    const id = await createCompany(other.email, { paymentTerms: 'net15' });
    const repository = createLedgerRepository(app.db);
    // Entries written directly, dated in the past: October's invoice, November's payment and invoice.
    const order = (cents: number, dueOn: string) => invoicedOrder(other.email, id, cents, dueOn);
    const october = await order(40_000, '2025-10-20');
    const november = await order(10_000, '2025-11-30');
    await app.db
      .insertInto('company_ledger')
      .values([
        { company_id: id, at: new Date('2025-10-05T10:00:00Z'), kind: 'invoice', number: 'INV-A', amount_cents: 40_000, order_id: october.orderId, invoice_number: october.invoiceNumber },
        { company_id: id, at: new Date('2025-11-15T10:00:00Z'), kind: 'invoice', number: 'INV-B', amount_cents: 10_000, order_id: november.orderId, invoice_number: november.invoiceNumber },
      ])
      .execute();
    const payment = await repository.recordPayment(id, { amount: 150, receivedAt: '2025-11-10', reference: 'WIRE-9', invoiceNumbers: [] }, 'admin', app.mail);
    expect(payment).toMatchObject({ settles: [{ amount: 150 }] });

    const statement = await repository.statement({ id, name: 'Statement Co', tax_id: '' }, '2025-11');
    expect(statement).toMatchObject({ month: '2025-11', asOf: '2025-11-30', openingCents: 40_000, closingCents: 35_000 });
    expect(statement.entries.map((entry) => [entry.kind, entry.amountCents, entry.balanceCents])).toEqual([
      ['payment', -15_000, 25_000],
      ['invoice', 10_000, 35_000],
    ]);
    // October's invoice, 250.00 left, due 2025-10-20: 41 days late on 2025-11-30; November's is current.
    expect(statement.aged).toEqual({ current: 10_000, '1-30': 0, '31-60': 25_000, '61-90': 0, '90+': 0 });
    const october_ = await repository.statement({ id, name: 'Statement Co', tax_id: '' }, '2025-10');
    expect(october_).toMatchObject({ openingCents: 0, closingCents: 40_000, aged: { current: 0, '1-30': 40_000 } });
  });

  it('as CSV too (decision 223): opening balance, a row per entry, an invoice’s with its PO number and due date, closing balance; each cell through the one CSV writer', async () => {
    const other = await signUpCustomer(app, 'csv-statement');
    const id = await createCompany(other.email, { paymentTerms: 'net30' });
    // A PO number is what the buyer typed: one a spreadsheet would run as a formula, whole or after a `;`
    // (decision 216), and one of the longest (50 characters).
    const longPo = `PO-${'1234567890'.repeat(4)}1234567`;
    const october = await invoicedOrder(other.email, id, 40_000, '2025-10-20');
    const formula = await invoicedOrder(other.email, id, 9_999_999, '2025-12-03', '=1+2');
    const semicolon = await invoicedOrder(other.email, id, 2_500, '2025-12-04', 'PO 7;=1+2');
    const long = await invoicedOrder(other.email, id, 1_000, '2025-11-30', longPo);
    const invoice = (at: string, number: string, cents: number, order: { orderId: string; invoiceNumber: number }) => ({
      company_id: id,
      at: new Date(at),
      kind: 'invoice' as const,
      number,
      amount_cents: cents,
      order_id: order.orderId,
      invoice_number: order.invoiceNumber,
    });
    await app.db
      .insertInto('company_ledger')
      .values([
        invoice('2025-10-05T10:00:00Z', 'INV-A', 40_000, october),
        invoice('2025-11-03T10:00:00Z', 'INV-B', 9_999_999, formula),
        invoice('2025-11-04T10:00:00Z', 'INV-C', 2_500, semicolon),
        invoice('2025-11-06T10:00:00Z', 'INV-D', 1_000, long),
        // A credit note has the invoice's order too, and no PO number or due date of its own.
        { company_id: id, at: new Date('2025-11-07T10:00:00Z'), kind: 'credit-note', number: 'CN-D', amount_cents: -500, order_id: long.orderId, credit_note_number: long.invoiceNumber },
      ])
      .execute();
    // More than is owed: the month closes with a credit, a negative balance.
    expectReply(await post(byToken(admin), `/api/admin/companies/${id}/payments`, { amount: '100500.00', receivedAt: '2025-11-10', reference: 'WIRE-CSV', invoiceNumbers: [] }), 200);

    const response = await get(byToken(other), '/api/company/statements/2025-11.csv');
    expectReply(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=statement-Acct-csv-statem-2025-11.csv`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rows = parse(response.body) as string[][];
    expect(rows).toEqual([
      ['Date', 'Document', 'PO number', 'Due date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['2025-11-01', '', '', '', 'Opening balance', '', '', '400.00'],
      ['2025-11-03', 'INV-B', "'=1+2", '2025-12-03', 'Invoice', '99999.99', '', '100399.99'],
      ['2025-11-04', 'INV-C', "PO 7;'=1+2", '2025-12-04', 'Invoice', '25.00', '', '100424.99'],
      ['2025-11-06', 'INV-D', longPo, '2025-11-30', 'Invoice', '10.00', '', '100434.99'],
      ['2025-11-07', 'CN-D', '', '', 'Credit note', '', '5.00', '100429.99'],
      ['2025-11-10', 'WIRE-CSV', '', '', 'Payment', '', '100500.00', '-70.01'],
      ['2025-11-30', '', '', '', 'Closing balance', '', '', '-70.01'],
    ]);
    // A cell holding `;` is quoted (a semicolon locale's spreadsheet splits at it); a credit balance is a number, not text.
    expect(response.body).toContain(`"PO 7;'=1+2"`);
    expect(response.body).toContain(',-70.01\n');
    // The rows add up: the opening balance, each debit less each credit, gives each balance and the closing one, as the PDF's.
    const cents = (cell: string) => (cell ? Math.round(Number(cell) * 100) : 0);
    let balance = cents(rows[1]![7]!);
    for (const row of rows.slice(2, -1)) {
      balance += cents(row[5]!) - cents(row[6]!);
      expect(cents(row[7]!)).toBe(balance);
    }
    const statement = await createLedgerRepository(app.db).statement({ id, name: 'Acct', tax_id: '' }, '2025-11');
    expect(cents(rows.at(-1)![7]!)).toBe(balance);
    expect(balance).toBe(statement.closingCents);

    // The PDF's invoice lines name their PO number and due date too, under the invoice's number, clear of the amounts.
    const pdf = await get(byToken(other), '/api/company/statements/2025-11.pdf');
    expectReply(pdf, 200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`INV-B PO =1+2 Due ${formatDueDay('2025-12-03')}`);
    expect(text).toContain(`INV-C PO PO 7;=1+2 Due ${formatDueDay('2025-12-04')}`);
    expect(text).toContain(`Due ${formatDueDay('2025-11-30')}`);
    // A credit note names only itself.
    expect(text).toMatch(/Credit note CN-D -?\$5\.00 /);
    expect(misplacedRuns(await pdfRuns(pdf.rawPayload), { left: 50, right: 562 })).toEqual([]);
    // An admin's is the same file.
    const asAdmin = await get(byToken(admin), `/api/admin/companies/${id}/statements/2025-11.csv`);
    expectReply(asAdmin, 200);
    expect(asAdmin.body).toBe(response.body);
  });

  it('is a PDF of the month, and a month not begun is 404', async () => {
    const month = today().slice(0, 7);
    const response = await get(byToken(accounts), `/api/company/statements/${month}.pdf`);
    expectReply(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    // The month as its e-mail says it ("November 2026"), on the page and in the document's title.
    expect(text).toContain(`Month: ${monthName(month)}`);
    expect((await PDFDocument.load(response.rawPayload)).getTitle()).toMatch(new RegExp(`^Statement ${monthName(month)} `));
    expect(text).toContain('Closing balance');
    expect(text).toContain('Over 90 days');
    // Without MAIL_REPLY_TO the shop's mail comes from a no-reply address: the statement invites no
    // reply to it; with one, it names where questions go (decision 161).
    expect(app.config.mail.replyTo).toBeUndefined();
    expect(text).not.toMatch(/reply/i);
    const statement = await createLedgerRepository(app.db).statement({ id: companyId, name: 'Acct', tax_id: '' }, month);
    const answered = await pdfText(await renderStatement({ seller: app.config.seller, mail: { replyTo: 'accounts@example.com' } }, statement));
    expect(answered).toContain('Questions about this statement: write to accounts@example.com.');
    expectReply(await get(byToken(accounts), `/api/company/statements/${addDays(today(), 40).slice(0, 7)}.pdf`), 404, accountMessages.noStatement);
    expectReply(await get(byToken(accounts), `/api/company/statements/${addDays(today(), 40).slice(0, 7)}.csv`), 404, accountMessages.noStatement);
    expectReply(await get(byToken(accounts), '/api/company/statements/1999-12.csv'), 400, accountMessages.month);
    expect((await get(byToken(accounts), '/api/company/statements/2025-13.pdf')).statusCode).toBe(400);
    // A year PostgreSQL's dates do not reach (year 0000 was a 500), or before the shop's first month.
    expectReply(await get(byToken(accounts), '/api/company/statements/0000-01.pdf'), 400, accountMessages.month);
    expectReply(await get(byToken(accounts), '/api/company/statements/1999-12.pdf'), 400, accountMessages.month);
    expectReply(await get(byToken(accounts), `/api/company/statements/${STATEMENT_FIRST_MONTH}.pdf`), 200);
  });
});

/** "November 2026" for 2026-11: the month as the statement's mail names it. */
function monthName(month: string): string {
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${names[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

describe('the monthly statement mail', () => {
  it('e-mails each company with entries its owners and accounts members, not its buyers or viewers', async () => {
    const month = today().slice(0, 7);
    const queued = await mailStatements(app, month);
    const sent = await app.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('subject', 'like', `%statement for ${monthName(month)}`).execute();
    expect(queued).toBe(sent.length);
    const recipients = sent.map((row) => row.recipient);
    expect(recipients).toEqual(expect.arrayContaining([owner.email, accounts.email]));
    expect(recipients).not.toContain(buyer.email);
    expect(recipients).not.toContain(viewer.email);
    // Its button opens the Company page, which downloads it (signing a reader in first), not the PDF's address.
    const text = sent.find((row) => row.recipient === accounts.email)?.text;
    expect(text).toContain(`Download the statement: ${app.config.baseUrl}/dashboard/company\n`);
    expect(text).not.toContain('/api/');
    // The month as a person writes it, not "2026-11".
    expect(text).toContain(`for ${monthName(month)} is ready.`);
    expect(text).not.toContain(month);
  });

  it('mails each company once however often it runs: a run again (a retry, the next morning) mails only those left out', async () => {
    // A month no other test mails, by whose end every company's entries were made.
    const month = addDays(today(), 40).slice(0, 7);
    const statementsOf = () => app.db.selectFrom('mail_outbox').select('recipient').where('subject', 'like', `%statement for ${monthName(month)}`).execute();
    // A run broke off after the first company: the others were never mailed.
    const [first] = await app.db.selectFrom('company_ledger').select('company_id').orderBy('seq').limit(1).execute();
    await app.db.insertInto('company_statements_sent').values({ company_id: first!.company_id, month }).execute();

    const queued = await mailStatements(app, month);
    const again = await mailStatements(app, month);

    const mailed = await statementsOf();
    expect(queued).toBe(mailed.length);
    expect(queued).toBeGreaterThan(0);
    expect(again).toBe(0);
    expect(new Set(mailed.map((row) => row.recipient)).size).toBe(mailed.length);
    const owners = await app.db.selectFrom('company_members').innerJoin('users', 'users.id', 'company_members.user_id').select('users.email').where('company_members.company_id', '=', first!.company_id).execute();
    expect(mailed.map((row) => row.recipient)).not.toEqual(expect.arrayContaining([owners[0]!.email]));
  });

  it('is for the month before the one it runs in', () => {
    expect(previousMonth(new Date('2027-01-01T06:00:00Z'))).toBe('2026-12');
    expect(previousMonth(new Date('2026-03-01T06:00:00Z'))).toBe('2026-02');
  });
});

/** `openItems` as it was before decision 230: every entry and application read, `openItemsOf` of them. */
async function openItemsReadWhole(companyId: string, asOf: Date) {
  const entries = await app.db
    .selectFrom('company_ledger as l')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.kind', 'l.amount_cents', 'l.order_id', 'l.invoice_number', 'l.payment_id', 'o.due_on'])
    .where('l.company_id', '=', companyId)
    .where('l.at', '<', asOf)
    .orderBy('l.at')
    .orderBy('l.seq')
    .execute();
  const applied = await app.db
    .selectFrom('company_payment_invoices as a')
    .innerJoin('company_ledger as l', (join) => join.onRef('l.payment_id', '=', 'a.payment_id').on('l.kind', '=', 'payment'))
    .select(['a.payment_id', 'a.order_id', 'a.amount_cents'])
    .where('l.company_id', '=', companyId)
    .where('l.at', '<', asOf)
    .execute();
  return openItemsOf(entries, applied);
}

describe('a property of the ledger', () => {
  it('after random orders, payments and credit notes, the balance is the sum of the entries and of what is open', async () => {
    const other = await signUpCustomer(app, 'ac-property');
    const id = await createCompany(other.email, { paymentTerms: 'net7' });
    const repository = createLedgerRepository(app.db);
    const location = await post(byToken(other), '/api/company/locations', { name: 'Yard', line1: '2 Yard Lane', city: 'Peoria', region: 'IL', postalCode: '61602', country: 'US' });
    expectReply(location, 200);
    const yard = (location.json() as { id: string }).id;
    let reference = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('order' as const), cents: fc.integer({ min: 100, max: 50_000 }) }),
            fc.record({ kind: fc.constant('payment' as const), cents: fc.integer({ min: 1, max: 60_000 }) }),
            fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        async (steps) => {
          for (const step of steps) {
            if (step.kind === 'order') {
              const { response } = await orderOnAccount(other, step.cents, { locationId: yard });
              expectReply(response, 200);
            } else if (step.kind === 'payment') {
              reference += 1;
              await repository.recordPayment(id, { amount: step.cents / 100, receivedAt: today(), reference: `P-${reference}`, invoiceNumbers: [] }, 'admin', app.mail);
            } else {
              const paid = await app.db.selectFrom('orders').select('id').where('company_id', '=', id).where('status', '=', 'paid').orderBy('seq').execute();
              const order = paid[step.pick % Math.max(1, paid.length)];
              if (order) expectReply(await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${order.id}/cancel` }), 200);
            }
          }
          const sum = await app.db.selectFrom('company_ledger').select(['amount_cents']).where('company_id', '=', id).execute();
          const balance = await balanceOf(app.db, id);
          expect(balance).toBe(sum.reduce((total, row) => total + row.amount_cents, 0));
          const open = await openItems(app.db, id, new Date(Date.now() + 1000));
          expect(open.reduce((total, item) => total + item.cents, 0)).toBe(balance);
          // The database's grouping (decision 230) reckons as `openItemsOf` of every entry does,
          // now and at each entry's time (before it: what the statement of an earlier day ages).
          const times = await app.db.selectFrom('company_ledger').select('at').where('company_id', '=', id).orderBy('at').execute();
          for (const asOf of [new Date(Date.now() + 1000), ...times.map((row) => row.at)]) {
            expect(await openItems(app.db, id, asOf)).toEqual(await openItemsReadWhole(id, asOf));
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
