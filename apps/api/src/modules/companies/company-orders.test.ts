import { accountMessages, apiErrors, type CompanyOrder, type OrderPage } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byCookie, byToken, call, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { createTestCompany, joinCompany, type TestCompany } from '../../test/company';
import { fillCart, userIdOf, withoutDemoShippingAndTax } from '../../test/checkout';
import { insertPart, postOrder, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { pdfText } from '../../test/pdf';

// A company's orders as its members read them (decision 106): every member opens an order placed
// for the company, its page, invoice and credit notes; nobody else does; the invoice bills the
// company; its e-mail reaches those who pay it; and a company's PO rule holds on card orders too.
let app: FastifyInstance;
let admin: Customer;
let owner: Customer;
let buyer: Customer;
let accounts: Customer;
let viewer: Customer;
let stranger: Customer;
let rivalOwner: Customer;
let rivalBuyer: Customer;
let fleet: TestCompany;
let rival: TestCompany;

const FLEET = 'Fleetco Trade Supply';
const TAX_ID = 'US-12-3456789';

const get = (credential: Credential, url: string) => call(app, credential, { method: 'GET', url });

/** The member's cart of one part, checked out to the company's location; the reply. */
async function checkout(company: TestCompany, who: Customer, payment: object) {
  const part = await insertPart(app, { priceCents: 10_000, available: 10 });
  await fillCart(app, await userIdOf(app, who.email), [[part, 1]]);
  return call(app, byCookie(who), { method: 'POST', url: '/api/checkout', payload: { locationId: company.locationId, shippingMethodId: company.shippingMethodId, ...payment } });
}

/** An order on account that must be placed: its id and number. */
async function onAccount(company: TestCompany, who: Customer): Promise<{ id: string; number: string }> {
  const response = await checkout(company, who, { paymentMethod: 'account', poNumber: 'PO-1' });
  expectReply(response, 200);
  const { insertedId, orderNumber } = response.json() as { insertedId: string; orderNumber: string };
  return { id: insertedId, number: orderNumber };
}

/** What each way of reading an order answers `who`. */
async function readsOf(who: Customer, order: { id: string; number: string }) {
  const [page, byNumber, invoice] = await Promise.all([
    get(byToken(who), `/api/order/${order.id}`),
    get(byToken(who), `/api/orders/by-number/${order.number}`),
    get(byCookie(who), `/api/order/${order.id}/invoice.pdf`),
  ]);
  return { page: page.statusCode, byNumber: byNumber.statusCode, invoice: invoice.statusCode, yours: byNumber.statusCode === 200 ? (byNumber.json() as OrderPage).yours : undefined };
}

beforeAll(async () => {
  app = await createTestApp();
  await withoutDemoShippingAndTax(app);
  [admin, owner, buyer, accounts, viewer, stranger, rivalOwner, rivalBuyer] = await Promise.all([
    signUpAdmin(app, 'co-admin'),
    signUpCustomer(app, 'co-owner'),
    signUpCustomer(app, 'co-buyer'),
    signUpCustomer(app, 'co-accounts'),
    signUpCustomer(app, 'co-viewer'),
    signUpCustomer(app, 'co-stranger'),
    signUpCustomer(app, 'co-rival'),
    signUpCustomer(app, 'co-rivalbuyer'),
  ]);
  fleet = await createTestCompany(app, admin, owner, { name: FLEET, taxId: TAX_ID, poRequired: true });
  await joinCompany(app, fleet, buyer, 'buyer');
  await joinCompany(app, fleet, accounts, 'accounts');
  await joinCompany(app, fleet, viewer, 'viewer');
  // A company of an owner and a buyer only, with no PO rule.
  rival = await createTestCompany(app, admin, rivalOwner);
  await joinCompany(app, rival, rivalBuyer, 'buyer');
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('an order placed for a company', () => {
  it('is read by every member of the company (its page, by number, its invoice); by nobody else', async () => {
    const order = await onAccount(fleet, buyer);
    expect(await readsOf(buyer, order)).toEqual({ page: 200, byNumber: 200, invoice: 200, yours: true });
    // The company's order list shows every member every order (decision 075): so does the order itself.
    for (const member of [owner, accounts, viewer]) {
      expect(await readsOf(member, order)).toEqual({ page: 200, byNumber: 200, invoice: 200, yours: false });
    }
    // A customer of no company, and another company's owner: as if there were no such order.
    for (const outsider of [stranger, rivalOwner]) {
      expect(await readsOf(outsider, order)).toEqual({ page: 404, byNumber: 404, invoice: 404, yours: undefined });
    }
    const refused = await get(byToken(rivalOwner), `/api/orders/by-number/${order.number}`);
    expectReply(refused, 404, apiErrors.orderNotFound);
  });

  it('is cancelled by its placer only; its credit note is read by every member and billed to the company', async () => {
    const order = await onAccount(fleet, buyer);
    // Reading is not acting: the owner may not cancel another member's order (its actions are unchanged).
    expectReply(await call(app, byCookie(owner), { method: 'DELETE', url: `/api/myorder?id=${order.id}` }), 404);
    expectReply(await call(app, byCookie(buyer), { method: 'DELETE', url: `/api/myorder?id=${order.id}` }), 200);
    const page = (await get(byToken(accounts), `/api/order/${order.id}`)).json() as OrderPage;
    const [note] = page.creditNotes;
    if (!note) throw new Error('the cancelled order on account has no credit note');
    const url = `/api/order/${order.id}/credit-notes/${note.number}.pdf`;
    for (const member of [owner, accounts, viewer, buyer]) expectReply(await get(byCookie(member), url), 200);
    for (const outsider of [stranger, rivalOwner]) expectReply(await get(byCookie(outsider), url), 404);
    const text = await pdfText((await get(byCookie(accounts), url)).rawPayload);
    expect(text).toContain(FLEET);
    expect(text).toContain(`Tax ID: ${TAX_ID}`);
    expect(text).toContain(`Contact: ${buyer.name}`);
  });

  it('is no longer read by a member who has left the company', async () => {
    const leaver = await signUpCustomer(app, 'co-leaver');
    await joinCompany(app, fleet, leaver, 'viewer');
    const order = await onAccount(fleet, buyer);
    expect((await readsOf(leaver, order)).page).toBe(200);
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/members/${await userIdOf(app, leaver.email)}` }), 200);
    expect(await readsOf(leaver, order)).toEqual({ page: 404, byNumber: 404, invoice: 404, yours: undefined });
  });
});

describe('an invoice on account', () => {
  it('bills the company by its name and tax id, with the member who ordered as contact', async () => {
    const order = await onAccount(fleet, buyer);
    const text = await pdfText((await get(byCookie(buyer), `/api/order/${order.id}/invoice.pdf`)).rawPayload);
    expect(text).toContain(`Bill to ${FLEET}`);
    expect(text).toContain(`Tax ID: ${TAX_ID}`);
    expect(text).toContain(`Contact: ${buyer.name}`);
    expect(text).toContain(buyer.email);
  });

  it('is e-mailed to the company’s accounts members beside the buyer, or to its owners when it has none', async () => {
    const order = await onAccount(fleet, buyer);
    const mails = await app.db.selectFrom('mail_outbox').select(['recipient', 'kind', 'subject', 'text']).where('order_id', '=', order.id).execute();
    const row = await app.db.selectFrom('orders').select('invoice_number').where('id', '=', order.id).executeTakeFirstOrThrow();
    const invoice = `INV-${String(row.invoice_number).padStart(6, '0')}`;
    expect(mails.map((mail) => [mail.recipient, mail.kind]).sort()).toEqual(
      [
        [buyer.email, 'order-on-account'],
        [accounts.email, 'company-invoice'],
      ].sort(),
    );
    const toAccounts = mails.find((mail) => mail.recipient === accounts.email);
    expect(toAccounts?.subject).toBe(`${FLEET}: invoice ${invoice} for order ${order.number}`);
    expect(toAccounts?.text).toContain(`${buyer.name} (${buyer.email}) placed an order on ${FLEET}'s account`);
    expect(toAccounts?.text).toContain(`/dashboard/orders/${order.number}`);

    // A company with no accounts member: its owner is sent it.
    const rivalOrder = await onAccount(rival, rivalBuyer);
    const rivalMails = await app.db.selectFrom('mail_outbox').select(['recipient', 'kind']).where('order_id', '=', rivalOrder.id).execute();
    expect(rivalMails.map((mail) => [mail.recipient, mail.kind]).sort()).toEqual(
      [
        [rivalBuyer.email, 'order-on-account'],
        [rivalOwner.email, 'company-invoice'],
      ].sort(),
    );
  });
});

describe('a company that requires a PO number', () => {
  it('requires it on a card order as on account, in the same words; a company without the rule does not', async () => {
    const refused = await checkout(fleet, viewer, { paymentMethod: 'card' });
    expectReply(refused, 409);
    expect(refused.json()).toEqual({ message: accountMessages.refusals['po-required'], reason: 'po-required', lines: [] });
    const blank = await checkout(fleet, buyer, { paymentMethod: 'card', poNumber: '   ' });
    expectReply(blank, 409);
    expect(blank.json()).toMatchObject({ reason: 'po-required' });
    expectReply(await checkout(fleet, viewer, { paymentMethod: 'card', poNumber: 'PO-88' }), 200);
    // SPEC's one-line order has no PO number to give: refused, saying where to give one (decision 161).
    const part = await insertPart(app, { priceCents: 1_000, available: 5 });
    const spec = await postOrder(app, viewer.cookie, { partId: part, customername: viewer.name, address: '1 Depot Road', orderQuantity: 1 });
    expectReply(spec, 409, accountMessages.poRequiredPlaceOrder);
    expectReply(await checkout(rival, rivalBuyer, { paymentMethod: 'card' }), 200);
  });

  it('finds the company’s orders still standing that carry a PO number, for checkout to warn of an order placed twice (decision 187)', async () => {
    const po = 'PO-TWICE-7';
    const placed = [];
    // On account, by card (typed with a space and a zero-width character: kept as a reader sees it), and one cancelled.
    for (const payment of [{ paymentMethod: 'account', poNumber: po }, { poNumber: ` ${po}\u200b` }, { paymentMethod: 'account', poNumber: po }]) {
      const reply = await checkout(fleet, buyer, payment);
      expectReply(reply, 200);
      placed.push((reply.json() as { insertedId: string; orderNumber: string }));
    }
    const [first, second, cancelled] = placed;
    expectReply(await call(app, byCookie(buyer), { method: 'DELETE', url: `/api/myorder?id=${cancelled?.insertedId ?? ''}` }), 200);
    const rivals = await checkout(rival, rivalBuyer, { poNumber: po });
    expectReply(rivals, 200);
    const numbers = async (who: Customer, query: string) => {
      const reply = await get(byToken(who), `/api/company/orders?${query}`);
      expectReply(reply, 200);
      return (reply.json() as CompanyOrder[]).map((order) => order.orderNumber);
    };
    // Any member asks; the PO number read as checkout keeps it; never another company's orders, nor one cancelled.
    expect(await numbers(viewer, `poNumber=${encodeURIComponent(` ${po} `)}`)).toEqual([second?.orderNumber, first?.orderNumber]);
    expect(await numbers(rivalOwner, `poNumber=${po}`)).toEqual([(rivals.json() as { orderNumber: string }).orderNumber]);
    expect(await numbers(owner, 'poNumber=PO-NEVER-USED')).toEqual([]);
    // Without it, or blank, every order as before.
    expect(await numbers(owner, 'poNumber=')).toEqual(await numbers(owner, 'page=1'));
    expect(await numbers(owner, 'page=1')).toContain(cancelled?.orderNumber);
    expectReply(await get(byToken(owner), `/api/company/orders?poNumber=${'P'.repeat(51)}`), 400);
  });

  it('takes no PO number of invisible characters, and keeps what a reader sees of one', async () => {
    for (const paymentMethod of ['card', 'account']) {
      const invisible = await checkout(fleet, buyer, { paymentMethod, poNumber: '\u200b\u2060\u200d' });
      expectReply(invisible, 409);
      expect(invisible.json()).toMatchObject({ reason: 'po-required' });
    }
    // Zero-width and direction characters go; a full-width digit is a digit.
    const placed = await checkout(fleet, buyer, { paymentMethod: 'account', poNumber: ' PO\u200b-\u202e４２ ' });
    expectReply(placed, 200);
    const order = await app.db.selectFrom('orders').select('po_number').where('id', '=', (placed.json() as { insertedId: string }).insertedId).executeTakeFirstOrThrow();
    expect(order.po_number).toBe('PO-42');
  });
});
