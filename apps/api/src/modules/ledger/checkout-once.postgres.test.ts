import { accountMessages } from '@autoparts/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byCookie, call } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { withoutDemoShippingAndTax } from '../../test/checkout';
import { createTestCompany, invoiceOnAccount, joinCompany, type TestCompany } from '../../test/company';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';

// Runs in the PostgreSQL pass only: the owner and an accounts member ask for the Stripe page of the
// same invoices at once on two instances of the shop (double clicks in two tabs). One page is
// opened for the amounts (decision 207): every answer is that page, or says it is being opened.
let stripeApi: StripeStandIn;
beforeAll(async () => {
  stripeApi = await startStripeStandIn();
});
afterAll(async () => {
  await stripeApi?.stop();
});
const shops = twoInstances(() => ({ env: { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.url } }));
let owner: Customer;
let accounts: Customer;
let company: TestCompany;

beforeAll(async () => {
  await withoutDemoShippingAndTax(shops.first);
  const admin = await signUpAdmin(shops.first, 'once-admin');
  owner = await signUpCustomer(shops.first, 'once-owner');
  company = await createTestCompany(shops.first, admin, owner);
  accounts = await signUpCustomer(shops.first, 'once-accounts');
  await joinCompany(shops.first, company, accounts, 'accounts');
}, 120_000);

it('opens one Stripe page for the same invoices asked for at once by two members on two instances', { timeout: 60_000 }, async () => {
  const numbers = [await invoiceOnAccount(shops.first, company, owner, 1_000), await invoiceOnAccount(shops.first, company, owner, 2_000)];
  const ask = (n: number) =>
    call(n % 2 === 0 ? shops.first : shops.second, byCookie(n % 4 < 2 ? owner : accounts), { method: 'POST', url: '/api/company/invoices/checkout', payload: { invoiceNumbers: numbers } });

  const replies = await Promise.all(Array.from({ length: 8 }, (_, n) => ask(n)));

  const sessions = stripeApi.sessions.filter((session) => session.metadata.companyId === company.id);
  expect(sessions.map((session) => session.amount_total)).toEqual([4_000]);
  const url = sessions[0]?.url;
  expect(replies.map((reply) => (reply.statusCode === 200 ? reply.json() : { status: reply.statusCode, ...(reply.json() as object) }))).toEqual(
    replies.map((reply) => (reply.statusCode === 200 ? { url } : { status: 409, message: accountMessages.checkoutOpening })),
  );
  expect(replies.filter((reply) => reply.statusCode === 200).length).toBeGreaterThan(0);
  // Opened, it is the answer to everyone after.
  for (const n of [0, 1, 2, 3]) expect((await ask(n)).json()).toEqual({ url });
});
