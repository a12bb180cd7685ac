import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { byCookie, byToken, call, expectReply } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { someoneWaits } from '../../test/locks';
import { fillCart, insertShippingMethod, userIdOf, withoutDemoShippingAndTax } from '../../test/checkout';
import { createTestCompany, joinCompany, tokenMailedTo } from '../../test/company';
import { insertPart, signUpAdmin, signUpCustomer, stockOf } from '../../test/orders';
import { balanceOf } from './entries';

// Runs in the PostgreSQL pass only: two members of one company order on account at once, on two
// instances of the shop, against a credit limit only one of the orders fits. The company's row is
// locked in each order's transaction, so the second sees the first's invoice: exactly one passes.
const shops = twoInstances();

describe('two members ordering on account at once', () => {
  it('cannot pass the credit limit together: exactly one order is placed', async () => {
    await withoutDemoShippingAndTax(shops.first);
    const shipping = await insertShippingMethod(shops.first, { name: 'Race courier', baseCents: 0 });
    const [admin, owner, buyer] = await Promise.all([signUpAdmin(shops.first, 'race-admin'), signUpCustomer(shops.first, 'race-owner'), signUpCustomer(shops.first, 'race-buyer')]);
    // Only a confirmed address is made owner at once (decision 144).
    await confirmAddress(shops.first, owner.email);
    const created = await call(shops.first, byToken(admin), {
      method: 'POST',
      url: '/api/admin/companies',
      payload: { name: 'Race Fleet', ownerEmail: owner.email, paymentTerms: 'net30', creditLimit: '150.00' },
    });
    expectReply(created, 200);
    const companyId = (created.json() as { id: string }).id;
    expectReply(await call(shops.first, byToken(owner), { method: 'POST', url: '/api/company/invitations', payload: { email: buyer.email, role: 'buyer' } }), 200);
    const token = await tokenMailedTo(shops.first, buyer.email);
    expectReply(await call(shops.first, byCookie(buyer), { method: 'POST', url: `/api/company/invitations/${token}/accept` }), 200);
    const location = await call(shops.first, byToken(owner), {
      method: 'POST',
      url: '/api/company/locations',
      payload: { name: 'Depot', line1: '1 Depot Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    });
    expectReply(location, 200);
    const locationId = (location.json() as { id: string }).id;

    // $100 each, a $150 limit: one fits, two do not.
    const part = await insertPart(shops.first, { priceCents: 10_000, available: 10 });
    await fillCart(shops.first, await userIdOf(shops.first, owner.email), [[part, 1]]);
    await fillCart(shops.first, await userIdOf(shops.first, buyer.email), [[part, 1]]);
    const body = { locationId, shippingMethodId: shipping, paymentMethod: 'account' };
    const replies = await Promise.all([
      call(shops.first, byCookie(owner), { method: 'POST', url: '/api/checkout', payload: body }),
      call(shops.second, byCookie(buyer), { method: 'POST', url: '/api/checkout', payload: body }),
    ]);
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409);
    expect(refused?.json()).toMatchObject({ reason: 'credit-limit' });
    expect(await balanceOf(shops.first.db, companyId)).toBe(10_000);
    expect(await stockOf(shops.first, part)).toBe(9);
  });
});

describe('a buyer removed while their order on account waits for the company', () => {
  it('is refused: nothing is charged to a company by someone no longer its buyer', async () => {
    await withoutDemoShippingAndTax(shops.first);
    const [admin, owner, buyer] = await Promise.all([signUpAdmin(shops.first, 'gone-admin'), signUpCustomer(shops.first, 'gone-owner'), signUpCustomer(shops.first, 'gone-buyer')]);
    const company = await createTestCompany(shops.first, admin, owner);
    await joinCompany(shops.first, company, buyer, 'buyer');
    const buyerId = await userIdOf(shops.first, buyer.email);
    const part = await insertPart(shops.first, { priceCents: 10_000, available: 10 });
    await fillCart(shops.first, buyerId, [[part, 1]]);

    // The owner's Remove, as companies/repository.ts does it: the company's row locked, the member
    // deleted. Meanwhile the buyer's checkout has read who they are and queues on that row.
    let checkingOut: Promise<LightMyRequestResponse> | undefined;
    await shops.first.db.transaction().execute(async (trx) => {
      await trx.selectFrom('companies').select('id').where('id', '=', company.id).forUpdate().execute();
      checkingOut = call(shops.second, byCookie(buyer), {
        method: 'POST',
        url: '/api/checkout',
        payload: { locationId: company.locationId, shippingMethodId: company.shippingMethodId, paymentMethod: 'account', poNumber: 'PO-GONE' },
      });
      await someoneWaits(shops.first);
      await trx.deleteFrom('company_members').where('user_id', '=', buyerId).where('company_id', '=', company.id).execute();
    });
    const reply = await checkingOut;
    expect(reply?.statusCode, reply?.body).toBe(409);
    expect(reply?.json()).toMatchObject({ reason: 'role' });
    expect(await balanceOf(shops.first.db, company.id)).toBe(0);
    expect(await stockOf(shops.first, part)).toBe(10);
  });
});
