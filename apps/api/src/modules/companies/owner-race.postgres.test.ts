import { accountMessages, certificateMessages, companyMessages } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byToken, call, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { someoneWaits } from '../../test/locks';
import { userIdOf } from '../../test/checkout';
import { createTestCompany, invoiceOnAccount, joinCompany } from '../../test/company';
import { multipartForm } from '../../test/multipart';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, startStripeStandIn } from '../../test/stripe-stand-in';

// Runs in the PostgreSQL pass only: an owner's request is already past the route's check of their
// role when another owner demotes them. The test holds the company's row (as a concurrent change of
// its members does), sends the request, waits until it waits for that row, demotes its sender and
// lets go: the request must find the role as it is now, not as it was when it came in. The same
// holds for the writes of the certificates and the ledger that an owner or accounts member makes.
let app: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'race-admin');
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** Sends `request` as `who` while the company's row is held, and demotes `who` to viewer before letting go. */
async function sentWhileDemoted(companyId: string, who: Customer, request: Parameters<typeof call>[2], on: FastifyInstance = app) {
  const app = on;
  const whoId = await userIdOf(app, who.email);
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const holder = app.db.transaction().execute(async (trx) => {
    await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
    held();
    await released;
    await trx.updateTable('company_members').set({ role: 'viewer' }).where('user_id', '=', whoId).where('company_id', '=', companyId).execute();
  });
  await holding;
  const credential: Credential = byToken(who);
  const reply = call(app, credential, request);
  let answered = false;
  void reply.finally(() => (answered = true));
  // The request has passed its route's check and waits for the company's row (or, taking no lock
  // on it, has answered already).
  await someoneWaits(app, { or: () => answered });
  letGo();
  await holder;
  return reply;
}

describe('an owner demoted while their request is on its way', () => {
  it('changes no role, removes no member, invites nobody and touches no location', async () => {
    const [first, second, buyer] = await Promise.all(['race-first', 'race-second', 'race-buyer'].map((label) => signUpCustomer(app, label)));
    const company = await createTestCompany(app, admin, first!);
    await joinCompany(app, company, second!, 'owner');
    await joinCompany(app, company, buyer!, 'buyer');
    const buyerId = await userIdOf(app, buyer!.email);
    const attempts: Array<Parameters<typeof call>[2]> = [
      { method: 'PATCH', url: `/api/company/members/${buyerId}`, payload: { role: 'owner' } },
      { method: 'DELETE', url: `/api/company/members/${buyerId}` },
      { method: 'POST', url: '/api/company/invitations', payload: { email: 'race-newcomer@example.com', role: 'owner' } },
      { method: 'DELETE', url: `/api/company/locations/${company.locationId}` },
    ];

    for (const request of attempts) {
      // `first` is an owner again before each attempt.
      await app.db.updateTable('company_members').set({ role: 'owner' }).where('user_id', '=', await userIdOf(app, first!.email)).execute();
      const reply = await sentWhileDemoted(company.id, first!, request);

      expect({ request: `${request.method} ${request.url}`, status: reply.statusCode, body: reply.json() as unknown }).toEqual({
        request: `${request.method} ${request.url}`,
        status: 403,
        body: { message: companyMessages.ownerOnly },
      });
    }
    const members = await app.db.selectFrom('company_members').select(['user_id', 'role']).where('company_id', '=', company.id).execute();
    expect(members.find((member) => member.user_id === buyerId)?.role).toBe('buyer');
    expect(await app.db.selectFrom('company_invitations').select('id').where('email', '=', 'race-newcomer@example.com').executeTakeFirst()).toBeUndefined();
    expect(await app.db.selectFrom('company_locations').select('id').where('id', '=', company.locationId).executeTakeFirst()).toBeDefined();
  });
});

describe('an owner demoted while their certificate or card payment is on its way', () => {
  it('uploads no certificate and pays no invoice', async () => {
    const [first, second, buyer] = await Promise.all(['race-acc-first', 'race-acc-second', 'race-acc-buyer'].map((label) => signUpCustomer(app, label)));
    const company = await createTestCompany(app, admin, first!);
    await joinCompany(app, company, second!, 'owner');
    await joinCompany(app, company, buyer!, 'buyer');
    const invoice = await invoiceOnAccount(app, company, buyer!, 2_000);
    const certificate = multipartForm({ state: 'IL', number: 'RACE-1', expiresOn: '2030-06-30' }, { name: 'race.pdf', bytes: Buffer.from('%PDF-1.7\n%%EOF\n') });
    const attempts: Array<{ request: Parameters<typeof call>[2]; refusal: string }> = [
      { request: { method: 'POST', url: `/api/company/locations/${company.locationId}/certificates`, ...certificate }, refusal: certificateMessages.mayNot },
      {
        request: { method: 'POST', url: '/api/company/invoices/pay', payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123', invoiceNumbers: [invoice] } },
        refusal: accountMessages.payInvoicesOnly,
      },
    ];

    for (const { request, refusal } of attempts) {
      await app.db.updateTable('company_members').set({ role: 'owner' }).where('user_id', '=', await userIdOf(app, first!.email)).execute();
      const reply = await sentWhileDemoted(company.id, first!, request);

      expect({ request: `${request.method} ${request.url}`, status: reply.statusCode, body: reply.json() as unknown }).toEqual({
        request: `${request.method} ${request.url}`,
        status: 403,
        body: { message: refusal },
      });
    }
    expect(await app.db.selectFrom('resale_certificates').select('id').where('location_id', '=', company.locationId).executeTakeFirst()).toBeUndefined();
    expect(await app.db.selectFrom('company_payments').select('id').where('company_id', '=', company.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('an owner demoted while their Stripe payment of invoices is on its way', () => {
  it('opens no Checkout page', async () => {
    const stripeApi = await startStripeStandIn();
    const stripeShop = await createTestApp({ env: { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.url } });
    try {
      const stripeAdmin = await signUpAdmin(stripeShop, 'race-stripe-admin');
      const [first, second, buyer] = await Promise.all(['race-stripe-first', 'race-stripe-second', 'race-stripe-buyer'].map((label) => signUpCustomer(stripeShop, label)));
      const company = await createTestCompany(stripeShop, stripeAdmin, first!);
      await joinCompany(stripeShop, company, second!, 'owner');
      await joinCompany(stripeShop, company, buyer!, 'buyer');
      const invoice = await invoiceOnAccount(stripeShop, company, buyer!, 2_000);

      const reply = await sentWhileDemoted(company.id, first!, { method: 'POST', url: '/api/company/invoices/checkout', payload: { invoiceNumbers: [invoice] } }, stripeShop);

      expect({ status: reply.statusCode, body: reply.json() as unknown }).toEqual({ status: 403, body: { message: accountMessages.payInvoicesOnly } });
      expect(stripeApi.sessions).toEqual([]);
    } finally {
      await stripeShop.close();
      await stripeApi.stop();
    }
  });
});
