import { randomBytes } from 'node:crypto';
import { accountMessages, ADMIN_LEDGER_RECENT, companyMessages, type AdminCompanyAccount, type LedgerEntry, type MyCompany, type OpenInvoice } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { userIdOf, withoutDemoShippingAndTax } from '../../test/checkout';
import { createTestCompany, invoiceOnAccount, joinCompany, type TestCompany } from '../../test/company';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';

// Paying open invoices by card with Stripe (decision 086), its API played by the local stand-in:
// the session's amount is the server's, the webhook enters one payment per PaymentIntent, and what
// was paid meanwhile is refunded, not entered twice.
let app: FastifyInstance;
let stripeApi: StripeStandIn;
let admin: Customer;
let owner: Customer;
let accounts: Customer;
let company: TestCompany;
const signer = new Stripe('sk_test_x');

beforeAll(async () => {
  stripeApi = await startStripeStandIn();
  app = await createTestApp({ env: { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.url } });
  await withoutDemoShippingAndTax(app);
  admin = await signUpAdmin(app, 'ips-admin');
  owner = await signUpCustomer(app, 'ips-owner');
  company = await createTestCompany(app, admin, owner);
  accounts = await signUpCustomer(app, 'ips-accounts');
  await joinCompany(app, company, accounts, 'accounts');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await stripeApi?.stop();
});

const startCheckout = (invoiceNumbers: string[], who = owner) => call(app, byCookie(who), { method: 'POST', url: '/api/company/invoices/checkout', payload: { invoiceNumbers } });
const ledger = async () => (await call(app, byToken(owner), { method: 'GET', url: '/api/company/ledger' })).json() as LedgerEntry[];
const openInvoices = async () => (await call(app, byToken(owner), { method: 'GET', url: '/api/company/invoices' })).json() as OpenInvoice[];

/** The messages of `kind` queued that name `paymentIntent`: who to, and the plain text. */
const mailsNaming = (kind: string, paymentIntent: string) =>
  app.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('kind', '=', kind).where('text', 'like', `%${paymentIntent}%`).execute();
const refundsOf = (paymentIntent: string) => stripeApi.requestsTo('/v1/refunds').filter((request) => request.body.payment_intent === paymentIntent);
const givenBack = (paymentIntent: string) => app.db.selectFrom('card_payments_given_back').selectAll().where('payment_intent', '=', paymentIntent).execute();

/** Stripe's `checkout.session.completed` for the last session made, paid with `paymentIntent`. */
function completed(paymentIntent: string, session = stripeApi.sessions.at(-1)) {
  if (!session) throw new Error('no session');
  return sent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid', payment_intent: paymentIntent });
}

/** Stripe's event `type` about `session`, signed. */
function sent(type: string, session: object) {
  const payload = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type, data: { object: session } });
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET }) },
    payload,
  });
}

describe('invoices paid with Stripe', () => {
  it('opens a Checkout Session for what the invoices owe, one item each, and the webhook enters one payment', async () => {
    const first = await invoiceOnAccount(app, company, owner, 1_000);
    const second = await invoiceOnAccount(app, company, owner, 2_000);
    const response = await startCheckout([first, second]);
    expectReply(response, 200);
    const session = stripeApi.sessions.at(-1);
    expect((response.json() as { url: string }).url).toBe(session?.url);
    // $15.00 + $25.00, from the server's reckoning.
    expect(session?.amount_total).toBe(4_000);
    expect(session?.metadata).toMatchObject({ companyId: company.id });
    // Back from Stripe's page, the Company page knows which invoices to wait for (decision 219).
    expect(session?.success_url).toBe(`${app.config.baseUrl}/dashboard/company?checkout=success&invoices=${first}%2C${second}`);

    expectReply(await completed('pi_invoices_1'), 200);
    const payments = (await ledger()).filter((entry) => entry.kind === 'payment');
    expect(payments).toEqual([expect.objectContaining({ number: 'pi_invoices_1', amount: -40 })]);
    expect((await openInvoices()).map((invoice) => invoice.number)).not.toContain(first);

    // Stripe delivers it again (another event id, same PaymentIntent): nothing more is entered.
    const before = await ledger();
    expectReply(await completed('pi_invoices_1', session), 200);
    expect(await ledger()).toEqual(before);
    expect(stripeApi.refunds).toHaveLength(0);
    // And the invoices cannot be paid again.
    expectReply(await startCheckout([first]), 409, accountMessages.nothingOpen([first]));
  });

  // Regression (was a bug): each member asking opened a session of their own for the same amounts,
  // and a double click from two tabs of two members could have them paid twice (decision 207).
  it('answers the page opened already for the same amounts, whichever member asks and however often', async () => {
    const first = await invoiceOnAccount(app, company, owner, 5_000);
    const second = await invoiceOnAccount(app, company, owner, 6_000);
    const made = stripeApi.sessions.length;
    const opened = await startCheckout([first, second]);
    expectReply(opened, 200);
    const { url } = opened.json() as { url: string };
    for (const [numbers, who] of [[[second, first], accounts], [[first, second], owner], [[first, second, first], accounts]] as const) {
      const again = await startCheckout([...numbers], who);
      expectReply(again, 200);
      expect(again.json()).toEqual({ url });
    }
    expect(stripeApi.sessions.slice(made).map((session) => session.url)).toEqual([url]);
    // Another set of amounts is another page.
    expectReply(await startCheckout([first], accounts), 200);
    expect(stripeApi.sessions.slice(made)).toHaveLength(2);
  });

  it('opens another page for the same amounts once the last one ended without settling them', async () => {
    const number = await invoiceOnAccount(app, company, owner, 8_000);
    const opened = await startCheckout([number]);
    expectReply(opened, 200);
    const session = stripeApi.sessions.at(-1);
    if (!session) throw new Error('no session');
    // A bank debit's payment failed days later: the page is complete and takes no more.
    expectReply(await sent('checkout.session.async_payment_failed', { ...session, status: 'complete', payment_status: 'unpaid' }), 200);

    const again = await startCheckout([number], accounts);
    expectReply(again, 200);
    expect(again.json()).not.toEqual(opened.json());
    expect(stripeApi.sessions.at(-1)?.url).toBe((again.json() as { url: string }).url);
  });

  it('lets the next request open the page when Stripe did not open it', async () => {
    const number = await invoiceOnAccount(app, company, owner, 7_000);
    const made = stripeApi.sessions.length;
    stripeApi.failNext('/v1/checkout/sessions', { status: 400, message: 'stripe refused' });
    expect((await startCheckout([number])).statusCode).toBeGreaterThanOrEqual(500);
    const retried = await startCheckout([number], accounts);
    expectReply(retried, 200);
    expect(stripeApi.sessions.slice(made).map((session) => session.url)).toEqual([(retried.json() as { url: string }).url]);
  });

  it('refunds a second payment of an invoice another tab paid meanwhile, and enters only the first', async () => {
    const number = await invoiceOnAccount(app, company, owner, 3_000);
    expectReply(await startCheckout([number]), 200);
    const session = stripeApi.sessions.at(-1);
    // Two payments of one session's amount reach the webhook (two tabs, two PaymentIntents).
    expectReply(await completed('pi_tab_a', session), 200);
    expectReply(await completed('pi_tab_b', session), 200);
    const payments = (await ledger()).filter((entry) => entry.kind === 'payment' && entry.number.startsWith('pi_tab'));
    expect(payments).toEqual([expect.objectContaining({ number: 'pi_tab_a', amount: -35 })]);
    expect(stripeApi.refunds).toEqual([expect.objectContaining({ payment_intent: 'pi_tab_b' })]);
    expect(stripeApi.requestsTo('/v1/refunds').at(-1)?.body).toMatchObject({ amount: '3500' });
    const entries = await ledger();
    expect(entries.at(-1)?.balance).toBe(entries.reduce((sum, entry) => Math.round((sum + entry.amount) * 100) / 100, 0));
  });

  it('gives back what was not entered when Stripe sends the event again after the refund failed', async () => {
    const first = await invoiceOnAccount(app, company, owner, 1_000);
    const second = await invoiceOnAccount(app, company, owner, 2_000);
    expectReply(await startCheckout([first, second]), 200);
    const both = stripeApi.sessions.at(-1);
    // The second invoice is paid on its own meanwhile.
    expectReply(await startCheckout([second]), 200);
    expectReply(await completed('pi_second_alone'), 200);
    // The refund of what is no longer owed fails (a 400 is not retried by the SDK): Stripe will send the event again.
    stripeApi.failNext('/v1/refunds', { status: 400, message: 'stripe refused' });
    expect((await completed('pi_both', both)).statusCode).toBeGreaterThanOrEqual(500);
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === 'pi_both')).toEqual([]);

    expectReply(await completed('pi_both', both), 200);
    const payments = (await ledger()).filter((entry) => entry.kind === 'payment' && entry.number === 'pi_both');
    expect(payments).toEqual([expect.objectContaining({ amount: -15 })]);
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === 'pi_both')).toHaveLength(1);
    expect(stripeApi.requestsTo('/v1/refunds').at(-1)?.body).toMatchObject({ amount: '2500' });
    // The member who paid is sent one receipt (decision 212), saying what was given back and why.
    const receipts = await app.db.selectFrom('mail_outbox').select(['recipient', 'text']).where('kind', '=', 'company-payment').where('text', 'like', '%pi_both%').execute();
    expect(receipts.map((mail) => mail.recipient)).toEqual([owner.email]);
    expect(receipts[0]?.text).toContain(`${first}: $15.00\n`);
    expect(receipts[0]?.text).toContain('Given back to your card: $25.00\n');
  });

  // Regression (was a bug, decision 225): a charge of which nothing was owed any more was refunded
  // whole with no record and no word to anyone; the member saw a charge and a refund on their card.
  it('records a card payment given back whole once, tells the member who paid once and refunds it once', async () => {
    const first = await invoiceOnAccount(app, company, owner, 1_100);
    const second = await invoiceOnAccount(app, company, owner, 2_100);
    // The accounts member opens the page; the same two invoices are paid meanwhile (another tab's payment of it).
    expectReply(await startCheckout([first, second], accounts), 200);
    const session = stripeApi.sessions.at(-1);
    expectReply(await completed('pi_whole_a', session), 200);
    const before = await ledger();

    expectReply(await completed('pi_whole_b', session), 200);

    // The member who paid is told, once: the whole amount is given back, why, when it shows.
    const told = await mailsNaming('company-payment-given-back', 'pi_whole_b');
    expect(told.map((mail) => [mail.recipient, mail.subject])).toEqual([[accounts.email, `Co ${owner.email.slice(0, 12)}: card payment of $42.00 given back`]]);
    const text = told[0]?.text ?? '';
    expect(text).toContain(`Your card payment of $42.00 to Co ${owner.email.slice(0, 12)}'s account is given back to your card in full: every invoice it was for had been paid meanwhile, so nothing of it was owed.`);
    expect(text).toContain(`${first}: Paid already\n`);
    expect(text).toContain(`${second}: Paid already\n`);
    expect(text).toContain('Reference: pi_whole_b\n');
    expect(text).toContain('Given back to your card: $42.00\n');
    expect(text).toContain('Depending on your bank it shows within 5 to 10 days.');
    expect(text).toContain(`${app.config.baseUrl}/dashboard/company`);
    // No receipt: it paid nothing.
    expect(await mailsNaming('company-payment', 'pi_whole_b')).toEqual([]);
    // Recorded once: who paid, the company, the amount, the invoices named, when.
    const recorded = await givenBack('pi_whole_b');
    expect(recorded).toEqual([
      expect.objectContaining({ company_id: company.id, amount_cents: 4_200, invoice_numbers: [first, second], paid_by: await userIdOf(app, accounts.email), given_back_at: expect.any(Date) }),
    ]);
    // Given back whole, once; the company's ledger and balance are as they were.
    expect(refundsOf('pi_whole_b').map((request) => [request.body.amount, request.idempotencyKey])).toEqual([['4200', 'refund-unapplied-pi_whole_b']]);
    expect(await ledger()).toEqual(before);
    // The admins see it on the company's Account.
    const account = (await call(app, byToken(admin), { method: 'GET', url: `/api/admin/companies/${company.id}/account` })).json() as AdminCompanyAccount;
    expect(account.givenBack).toContainEqual({ at: recorded[0]?.given_back_at.toISOString(), paymentIntent: 'pi_whole_b', amount: 42, invoices: [first, second], paidBy: accounts.email });
    expect(account.recent.some((entry) => entry.number === 'pi_whole_b')).toBe(false);

    // Stripe sends the event again: the refund is asked again under its key (a no-op), nothing else happens.
    expectReply(await completed('pi_whole_b', session), 200);
    expect(await mailsNaming('company-payment-given-back', 'pi_whole_b')).toHaveLength(1);
    expect(await givenBack('pi_whole_b')).toHaveLength(1);
    expect(refundsOf('pi_whole_b').map((request) => request.idempotencyKey)).toEqual(['refund-unapplied-pi_whole_b', 'refund-unapplied-pi_whole_b']);
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === 'pi_whole_b')).toHaveLength(1);
    expect(await ledger()).toEqual(before);
  });

  it('keeps the record and the message of a payment given back whole when the refund failed, and sends nothing more as it is given back', async () => {
    const number = await invoiceOnAccount(app, company, owner, 1_200);
    expectReply(await startCheckout([number]), 200);
    const session = stripeApi.sessions.at(-1);
    expectReply(await completed('pi_whole_first', session), 200);
    // The refund fails (Stripe away): the webhook fails, so Stripe will send the event again.
    stripeApi.failNext('/v1/refunds', { status: 400, message: 'stripe refused' });
    expect((await completed('pi_whole_late', session)).statusCode).toBeGreaterThanOrEqual(500);
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === 'pi_whole_late')).toEqual([]);
    expect(await givenBack('pi_whole_late')).toHaveLength(1);
    expect((await mailsNaming('company-payment-given-back', 'pi_whole_late')).map((mail) => mail.recipient)).toEqual([owner.email]);

    expectReply(await completed('pi_whole_late', session), 200);
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === 'pi_whole_late')).toHaveLength(1);
    expect(refundsOf('pi_whole_late').at(-1)?.body).toMatchObject({ amount: '1700' });
    expect(await givenBack('pi_whole_late')).toHaveLength(1);
    expect(await mailsNaming('company-payment-given-back', 'pi_whole_late')).toHaveLength(1);
  });

  // Regression (was a bug, decision 228): the message said "Paid already" of an invoice whose order
  // was cancelled meanwhile; its credit note had settled it, and nobody paid it.
  it('says of each invoice of a payment given back whole what settled it: paid already, or credited as its order was cancelled', async () => {
    const paid = await invoiceOnAccount(app, company, owner, 1_300);
    const cancelled = await invoiceOnAccount(app, company, owner, 2_300);
    expectReply(await startCheckout([paid, cancelled], accounts), 200);
    const session = stripeApi.sessions.at(-1);
    // Meanwhile the first is paid by a bank transfer an admin records, the second's order is cancelled.
    expectReply(await call(app, byToken(admin), { method: 'POST', url: `/api/admin/companies/${company.id}/payments`, payload: { amount: 18, receivedAt: new Date().toISOString().slice(0, 10), reference: 'WIRE-228', invoiceNumbers: [paid] } }), 200);
    const order = await app.db.selectFrom('orders').select('id').where('invoice_number', '=', String(Number(cancelled.slice(4)))).executeTakeFirstOrThrow();
    expectReply(await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${order.id}/cancel` }), 200);

    expectReply(await completed('pi_whole_credited', session), 200);

    const told = await mailsNaming('company-payment-given-back', 'pi_whole_credited');
    expect(told.map((mail) => mail.recipient)).toEqual([accounts.email]);
    const text = told[0]?.text ?? '';
    expect(text).toContain('is given back to your card in full: every invoice it was for had been paid or credited meanwhile, so nothing of it was owed.');
    expect(text).toContain(`${paid}: Paid already\n`);
    expect(text).toContain(`${cancelled}: Credited: order cancelled\n`);
    expect(refundsOf('pi_whole_credited').at(-1)?.body).toMatchObject({ amount: '4600' });
  });

  it('lists the payments given back whole to the company’s owners and accounts members on GET /api/company, the newest 20; to no one else', async () => {
    const own = await signUpCustomer(app, 'ips-own2');
    const other = await createTestCompany(app, admin, own);
    const payer = await signUpCustomer(app, 'ips-acc2');
    const buyer = await signUpCustomer(app, 'ips-buy2');
    const viewer = await signUpCustomer(app, 'ips-view2');
    const stranger = await signUpCustomer(app, 'ips-none2');
    await joinCompany(app, other, payer, 'accounts');
    await joinCompany(app, other, buyer, 'buyer');
    await joinCompany(app, other, viewer, 'viewer');
    const mine = async (who: Customer) => (await call(app, byToken(who), { method: 'GET', url: '/api/company' })).json() as MyCompany;
    // None yet: an empty list for those who see the company's money.
    expect((await mine(own)).givenBack).toEqual([]);

    const number = await invoiceOnAccount(app, other, own, 1_400);
    expectReply(await call(app, byCookie(payer), { method: 'POST', url: '/api/company/invoices/checkout', payload: { invoiceNumbers: [number] } }), 200);
    const session = stripeApi.sessions.at(-1);
    expectReply(await completed('pi_members_paid', session), 200);
    expectReply(await completed('pi_members_back', session), 200);
    const [recorded] = await givenBack('pi_members_back');
    const item = { at: recorded?.given_back_at.toISOString(), paymentIntent: 'pi_members_back', amount: 19, invoices: [number], paidBy: payer.email };

    for (const who of [own, payer]) {
      const reply = await call(app, byToken(who), { method: 'GET', url: '/api/company' });
      expectReply(reply, 200);
      // Every field it had stays as it was.
      expect(reply.json()).toMatchObject({ id: other.id, role: who === own ? 'owner' : 'accounts', balance: 0, available: null, givenBack: [item] });
    }
    // Buyers and viewers see no invoices or payments: no list, though they read the company.
    for (const who of [buyer, viewer]) {
      const reply = await call(app, byToken(who), { method: 'GET', url: '/api/company' });
      expectReply(reply, 200);
      expect(reply.json()).not.toHaveProperty('givenBack');
    }
    // Another company's owner sees only their own; a customer of none and a signed-out caller are refused.
    expect((await mine(owner)).givenBack?.map((payment) => payment.paymentIntent)).not.toContain('pi_members_back');
    expectReply(await call(app, byToken(stranger), { method: 'GET', url: '/api/company' }), 404, companyMessages.notMember);
    expectReply(await call(app, anonymous, { method: 'GET', url: '/api/company' }), 401);

    // The newest 20, newest first, as the admins' Account lists them.
    const payerId = await userIdOf(app, payer.email);
    await app.db
      .insertInto('card_payments_given_back')
      .values(Array.from({ length: ADMIN_LEDGER_RECENT }, (_, n) => ({ company_id: other.id, payment_intent: `pi_members_more_${n}`, amount_cents: 100 + n, invoice_numbers: [number], paid_by: payerId, given_back_at: new Date(Date.now() + (n + 1) * 60_000) })))
      .execute();
    const listed = (await mine(payer)).givenBack ?? [];
    expect(listed.map((payment) => payment.paymentIntent)).toEqual(Array.from({ length: ADMIN_LEDGER_RECENT }, (_, n) => `pi_members_more_${ADMIN_LEDGER_RECENT - 1 - n}`));
    const account = (await call(app, byToken(admin), { method: 'GET', url: `/api/admin/companies/${other.id}/account` })).json() as AdminCompanyAccount;
    expect(listed).toEqual(account.givenBack);
  });

  // Regression (was a bug): a payment of the right number in another currency settled the invoices,
  // where an order's (paidInFull) is refunded and pays nothing.
  it('enters nothing for a payment in another currency: it is refunded and the invoice stays open', async () => {
    const number = await invoiceOnAccount(app, company, owner, 4_000);
    expectReply(await startCheckout([number]), 200);
    const session = stripeApi.sessions.at(-1);
    if (!session) throw new Error('no session');

    expectReply(await completed('pi_invoice_eur', { ...session, currency: 'eur' }), 200);

    expect((await ledger()).filter((entry) => entry.number === 'pi_invoice_eur')).toEqual([]);
    expect((await openInvoices()).map((invoice) => invoice.number)).toContain(number);
    expect(stripeApi.refunds.filter((refund) => refund.payment_intent === 'pi_invoice_eur')).toHaveLength(1);
    expect(stripeApi.requestsTo('/v1/refunds').at(-1)?.body).toMatchObject({ payment_intent: 'pi_invoice_eur', amount: String(session.amount_total) });
    // Paid in dollars, it is settled.
    expectReply(await completed('pi_invoice_usd', session), 200);
    expect((await openInvoices()).map((invoice) => invoice.number)).not.toContain(number);
  });
});
