import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { byCookie, byToken, call, expectReply } from '../../test/admin';
import { actsAsOwnPage, anotherInstance, createTestApp } from '../../test/app';
import { fillCart, insertShippingMethod, userIdOf, withoutDemoShippingAndTax } from '../../test/checkout';
import { createTestCompany, joinCompany, tokenMailedTo } from '../../test/company';
import { eventually } from '../../test/wait';
import { insertPart, signUpAdmin, signUpCustomer, stockOf } from '../../test/orders';
import { balanceOf } from './entries';

// Runs in the PostgreSQL pass only: two members of one company order on account at once, on two
// instances of the shop, against a credit limit only one of the orders fits. The company's row is
// locked in each order's transaction, so the second sees the first's invoice: exactly one passes.
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  first = await createTestApp();
  second = actsAsOwnPage(await anotherInstance(first));
}, 180_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('two members ordering on account at once', () => {
  it('cannot pass the credit limit together: exactly one order is placed', async () => {
    await withoutDemoShippingAndTax(first);
    const shipping = await insertShippingMethod(first, { name: 'Race courier', baseCents: 0 });
    const [admin, owner, buyer] = await Promise.all([signUpAdmin(first, 'race-admin'), signUpCustomer(first, 'race-owner'), signUpCustomer(first, 'race-buyer')]);
    // Only a confirmed address is made owner at once (decision 144).
    await confirmAddress(first, owner.email);
    const created = await call(first, byToken(admin), {
      method: 'POST',
      url: '/api/admin/companies',
      payload: { name: 'Race Fleet', ownerEmail: owner.email, paymentTerms: 'net30', creditLimit: '150.00' },
    });
    expectReply(created, 200);
    const companyId = (created.json() as { id: string }).id;
    expectReply(await call(first, byToken(owner), { method: 'POST', url: '/api/company/invitations', payload: { email: buyer.email, role: 'buyer' } }), 200);
    const token = await tokenMailedTo(first, buyer.email);
    expectReply(await call(first, byCookie(buyer), { method: 'POST', url: `/api/company/invitations/${token}/accept` }), 200);
    const location = await call(first, byToken(owner), {
      method: 'POST',
      url: '/api/company/locations',
      payload: { name: 'Depot', line1: '1 Depot Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    });
    expectReply(location, 200);
    const locationId = (location.json() as { id: string }).id;

    // $100 each, a $150 limit: one fits, two do not.
    const part = await insertPart(first, { priceCents: 10_000, available: 10 });
    await fillCart(first, await userIdOf(first, owner.email), [[part, 1]]);
    await fillCart(first, await userIdOf(first, buyer.email), [[part, 1]]);
    const body = { locationId, shippingMethodId: shipping, paymentMethod: 'account' };
    const replies = await Promise.all([
      call(first, byCookie(owner), { method: 'POST', url: '/api/checkout', payload: body }),
      call(second, byCookie(buyer), { method: 'POST', url: '/api/checkout', payload: body }),
    ]);
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409);
    expect(refused?.json()).toMatchObject({ reason: 'credit-limit' });
    expect(await balanceOf(first.db, companyId)).toBe(10_000);
    expect(await stockOf(first, part)).toBe(9);
  });
});

describe('a buyer removed while their order on account waits for the company', () => {
  it('is refused: nothing is charged to a company by someone no longer its buyer', async () => {
    await withoutDemoShippingAndTax(first);
    const [admin, owner, buyer] = await Promise.all([signUpAdmin(first, 'gone-admin'), signUpCustomer(first, 'gone-owner'), signUpCustomer(first, 'gone-buyer')]);
    const company = await createTestCompany(first, admin, owner);
    await joinCompany(first, company, buyer, 'buyer');
    const buyerId = await userIdOf(first, buyer.email);
    const part = await insertPart(first, { priceCents: 10_000, available: 10 });
    await fillCart(first, buyerId, [[part, 1]]);

    // The owner's Remove, as companies/repository.ts does it: the company's row locked, the member
    // deleted. Meanwhile the buyer's checkout has read who they are and queues on that row.
    let checkingOut: Promise<LightMyRequestResponse> | undefined;
    await first.db.transaction().execute(async (trx) => {
      await trx.selectFrom('companies').select('id').where('id', '=', company.id).forUpdate().execute();
      checkingOut = call(second, byCookie(buyer), {
        method: 'POST',
        url: '/api/checkout',
        payload: { locationId: company.locationId, shippingMethodId: company.shippingMethodId, paymentMethod: 'account', poNumber: 'PO-GONE' },
      });
      await eventually(async () => {
        const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(first.db);
        return Number(rows[0]?.waiting) > 0;
      });
      await trx.deleteFrom('company_members').where('user_id', '=', buyerId).where('company_id', '=', company.id).execute();
    });
    const reply = await checkingOut;
    expect(reply?.statusCode, reply?.body).toBe(409);
    expect(reply?.json()).toMatchObject({ reason: 'role' });
    expect(await balanceOf(first.db, company.id)).toBe(0);
    expect(await stockOf(first, part)).toBe(10);
  });
});
