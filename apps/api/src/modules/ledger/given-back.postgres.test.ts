import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byCookie, call, expectReply } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { withoutDemoShippingAndTax } from '../../test/checkout';
import { createTestCompany, invoiceOnAccount, type TestCompany } from '../../test/company';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';

// Runs in the PostgreSQL pass only: Stripe delivers the same event of a card payment of which
// nothing is owed any more to two instances of the shop at once. It is recorded once and its payer
// told once (decision 225), and given back whole once.
let stripeApi: StripeStandIn;
beforeAll(async () => {
  stripeApi = await startStripeStandIn();
});
afterAll(async () => {
  await stripeApi?.stop();
});
const shops = twoInstances(() => ({ env: { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.url } }));
const signer = new Stripe('sk_test_x');
let owner: Customer;
let company: TestCompany;

beforeAll(async () => {
  await withoutDemoShippingAndTax(shops.first);
  const admin = await signUpAdmin(shops.first, 'back-admin');
  owner = await signUpCustomer(shops.first, 'back-owner');
  company = await createTestCompany(shops.first, admin, owner);
}, 120_000);

/** One signed `checkout.session.completed` event of `session` paid with `paymentIntent`, to send to either instance. */
function completedEvent(session: object, paymentIntent: string) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: paymentIntent } },
  });
  const headers = { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET }) };
  return (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload });
}

it('records a payment given back whole once and tells its payer once when two instances receive its event at once', { timeout: 60_000 }, async () => {
  const number = await invoiceOnAccount(shops.first, company, owner, 1_000);
  expectReply(await call(shops.first, byCookie(owner), { method: 'POST', url: '/api/company/invoices/checkout', payload: { invoiceNumbers: [number] } }), 200);
  const session = stripeApi.sessions.at(-1);
  if (!session) throw new Error('no session');
  expectReply(await completedEvent(session, 'pi_back_first')(shops.first), 200);

  const late = completedEvent(session, 'pi_back_late');
  const replies = await Promise.all([late(shops.first), late(shops.second), late(shops.first), late(shops.second)]);

  expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
  const told = await shops.first.db.selectFrom('mail_outbox').select('recipient').where('kind', '=', 'company-payment-given-back').where('text', 'like', '%pi_back_late%').execute();
  expect(told.map((mail) => mail.recipient)).toEqual([owner.email]);
  const recorded = await shops.first.db.selectFrom('card_payments_given_back').select(['company_id', 'amount_cents', 'invoice_numbers']).where('payment_intent', '=', 'pi_back_late').execute();
  expect(recorded).toEqual([{ company_id: company.id, amount_cents: 1_500, invoice_numbers: [number] }]);
  expect(stripeApi.refunds.filter((refund) => refund.payment_intent === 'pi_back_late')).toHaveLength(1);
  const payments = await shops.first.db.selectFrom('company_payments').select('reference').where('company_id', '=', company.id).execute();
  expect(payments.map((payment) => payment.reference)).toEqual(['pi_back_first']);
});
