import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byCookie, byToken, call, payOrder } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { fillCart, insertAddress, insertShippingMethod, insertTaxRate, insertWeighedPart, postCheckout, userIdOf } from '../../test/checkout';
import { createTestCompany, joinCompany } from '../../test/company';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

let app: FastifyInstance;
let admin: Customer;
let ada: Customer;
let addressId: string;
let methodId: string;
let vehicleId: string;

beforeAll(async () => {
  app = await createTestApp();
  [admin, ada] = await Promise.all([signUpAdmin(app, 'audit-admin'), signUpCustomer(app, 'audit-ada')]);
  addressId = await insertAddress(app, await userIdOf(app, ada.email), { region: 'IL' });
  methodId = await insertShippingMethod(app, { name: 'Flat', baseCents: 1000 });
  await app.db.deleteFrom('tax_rates').where('country', '=', 'US').where('region', '=', 'IL').execute();
  await insertTaxRate(app, { country: 'US', region: 'IL', ratePpm: 82_500 });
  const vehicle = await app.db.insertInto('vehicles').values({ make: 'Honda', model: 'Civic', year: 2015, engine: '1.8L' }).returning('id').executeTakeFirstOrThrow();
  vehicleId = vehicle.id;
});
afterAll(async () => {
  await app?.close();
});

const ask = (who: Customer, body: object) => call(app, byCookie(who), { method: 'POST', url: '/api/returns', payload: body });
const approve = (id: string, body: object = {}) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/approve`, payload: body });
const receive = (id: string, lines: object[]) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/receive`, payload: { lines } });

async function checkout(who: Customer, lines: Array<[string, number]>) {
  await fillCart(app, await userIdOf(app, who.email), lines);
  const response = await postCheckout(app, who.cookie, { addressId, shippingMethodId: methodId });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = (response.json() as { insertedId: string }).insertedId;
  await payOrder(app, who, orderId);
  return orderId;
}

describe('audit', () => {
  it('attacks and windows', async () => {
    const bob = await signUpCustomer(app, 'audit-bob');
    const a = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    await app.db.updateTable('parts').set({ warranty_months: 12, core_deposit_cents: 2000 }).where('id', '=', a).execute();
    const orderId = await checkout(ada, [[a, 2]]);
    const when = new Date(Date.now() - 366 * 24 * 3600 * 1000);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: when, delivered_at: when }).where('id', '=', orderId).execute();
    console.log('EXPIRED', (await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'x' })).body);
    console.log('BOB', (await ask(bob, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'x' })).body);
    for (const q of [3, -1, 0, 1.5, 1e9, '1']) console.log('Q', q, (await ask(ada, { orderId, lines: [{ partId: a, quantity: q }], reason: 'defective' })).body);
    const recent = await checkout(ada, [[a, 2]]);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', recent).execute();
    const both = await Promise.all([1, 2, 3].map(() => ask(ada, { orderId: recent, lines: [{ partId: a, quantity: 2 }], reason: 'core' })));
    console.log('TABS', both.map((r) => r.statusCode + ' ' + r.body.slice(0, 60)));
    const mine = (both.find((r) => r.statusCode === 200)?.json() as { id: string }).id;
    console.log('BOB READS', (await call(app, byCookie(bob), { method: 'GET', url: `/api/returns/${mine}` })).statusCode);
    console.log('BOB PREVIEW', (await call(app, byCookie(bob), { method: 'GET', url: `/api/admin/returns/${mine}/refund-preview` })).statusCode);
    console.log('BOB RECEIVE', (await call(app, byCookie(bob), { method: 'POST', url: `/api/admin/returns/${mine}/receive`, payload: { lines: [] } })).statusCode);
    // core + part in one request
    const combo = await ask(ada, { orderId: recent, lines: [{ partId: a, quantity: 2, reason: 'defective' }] });
    console.log('COMBO', combo.statusCode, combo.body.slice(0, 120));
    expect((await approve(mine)).statusCode).toBe(200);
    console.log('CORE RECV', (await receive(mine, [{ partId: a, quantity: 2, action: 'scrap' }])).json().refundAmount);
    const cid = (combo.json() as { id: string }).id;
    expect((await approve(cid)).statusCode).toBe(200);
    console.log('PART RECV', (await receive(cid, [{ partId: a, quantity: 2, action: 'scrap' }])).json().refundAmount);
    const total = await app.db.selectFrom('orders').select('total_cents').where('id', '=', recent).executeTakeFirstOrThrow();
    const notes = await app.db.selectFrom('credit_notes').select('amount_cents').where('order_id', '=', recent).execute();
    console.log('TOTAL', total.total_cents, JSON.stringify(notes));
  });

  it('warranty on a replacement restarts', async () => {
    const a = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    await app.db.updateTable('parts').set({ warranty_months: 12 }).where('id', '=', a).execute();
    const orderId = await checkout(ada, [[a, 1]]);
    const when = new Date(Date.now() - 360 * 24 * 3600 * 1000);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: when, delivered_at: when }).where('id', '=', orderId).execute();
    const claim = await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'dead' });
    const ap = await approve((claim.json() as { id: string }).id, { resolution: 'replace' });
    const rep = (ap.json() as { replacementOrderId: string }).replacementOrderId;
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', rep).execute();
    const again = await ask(ada, { orderId: rep, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'dead again' });
    console.log('REPLACEMENT CLAIM', again.statusCode, again.body.slice(0, 100));
    const nlf = await ask(ada, { orderId: rep, lines: [{ partId: a, quantity: 1 }], reason: 'defective' });
    console.log('REPLACEMENT DEFECTIVE', nlf.statusCode, nlf.body.slice(0, 100));
  });

  it('mixed does-not-fit', async () => {
    const a = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    const b = await insertWeighedPart(app, { priceCents: 5_000, weightGrams: 1000, available: 10 });
    const orderId = await checkout(ada, [[a, 1], [b, 2]]);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', orderId).execute();
    await app.db.updateTable('order_lines').set({ vehicle_id: vehicleId, fit_checked: true }).where('order_id', '=', orderId).where('part_id', '=', a).execute();
    const r = await ask(ada, { orderId, lines: [{ partId: a, quantity: 1, reason: 'does-not-fit' }, { partId: b, quantity: 1, reason: 'does-not-fit' }] });
    console.log('MIXED', r.statusCode, r.body);
  });

  it('superseded warranty', async () => {
    const a = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 1 });
    const b = await insertWeighedPart(app, { priceCents: 12_000, weightGrams: 1000, available: 10 });
    await app.db.updateTable('parts').set({ warranty_months: 12 }).where('id', 'in', [a, b]).execute();
    const orderId = await checkout(ada, [[a, 1]]);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', orderId).execute();
    await app.db.updateTable('parts').set({ lifecycle_code: '7', replaced_by: b }).where('id', '=', a).execute().catch((e: unknown) => console.log('LIFECYCLE', String(e)));
    const r = await ask(ada, { orderId, lines: [{ partId: a, quantity: 1, reason: 'warranty' }], note: 'broken' });
    console.log('CLAIM', r.statusCode, r.body);
    const id = (r.json() as { id: string }).id;
    const ap = await approve(id, { resolution: 'replace' });
    console.log('REPLACE', ap.statusCode, ap.body);
  });

  it('core deposit on account', async () => {
    const owner = await signUpCustomer(app, 'audit-owner');
    const buyer = await signUpCustomer(app, 'audit-buyer');
    const company = await createTestCompany(app, admin, owner);
    await joinCompany(app, company, buyer, 'buyer');
    const part = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    await app.db.updateTable('parts').set({ core_deposit_cents: 4_500 }).where('id', '=', part).execute();
    await fillCart(app, await userIdOf(app, buyer.email), [[part, 2]]);
    const placed = await call(app, byCookie(buyer), { method: 'POST', url: '/api/checkout', payload: { locationId: company.locationId, shippingMethodId: company.shippingMethodId, paymentMethod: 'account', poNumber: 'PO-1' } });
    console.log('PLACED', placed.statusCode, placed.body.slice(0, 200));
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    const row = await app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    console.log('ORDER', row.total_cents, row.tax_cents, row.status, row.payment_method, row.transaction_id);
    expect((await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${orderId}/ship`, payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId: part, quantity: 1 }] } })).statusCode).toBe(200);
    const core = await ask(buyer, { orderId, lines: [{ partId: part, quantity: 1 }], reason: 'core' });
    console.log('CORE', core.statusCode, core.body);
    const id = (core.json() as { id: string }).id;
    console.log('APPROVE', (await approve(id)).statusCode);
    // cancel the rest at the same time as the refund
    const [rec, cancel] = await Promise.all([
      receive(id, [{ partId: part, quantity: 1, action: 'scrap' }]),
      call(app, byCookie(buyer), { method: 'DELETE', url: `/api/myorder?id=${orderId}` }),
    ]);
    console.log('RECEIVE', rec.statusCode, rec.body.slice(0, 300));
    console.log('CANCEL', cancel.statusCode, cancel.body);
    const notes = await app.db.selectFrom('credit_notes').select(['amount_cents', 'return_id']).where('order_id', '=', orderId).execute();
    console.log('NOTES', JSON.stringify(notes));
    const ledger = await app.db.selectFrom('company_ledger').select(['kind', 'amount_cents']).where('order_id', '=', orderId).execute();
    console.log('LEDGER', JSON.stringify(ledger));
    const history = await call(app, byCookie(buyer), { method: 'GET', url: `/api/orders/by-number/${row.order_number}` });
    console.log('PAGE', history.statusCode, history.body.slice(0, 400));
  });

  it('double receive', async () => {
    const a = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    const orderId = await checkout(ada, [[a, 2]]);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', orderId).execute();
    const r = await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective' });
    const id = (r.json() as { id: string }).id;
    const [x, y] = await Promise.all([approve(id), approve(id)]);
    console.log('APPROVES', x.statusCode, y.statusCode);
    const rs = await Promise.all([1, 2, 3].map(() => receive(id, [{ partId: a, quantity: 1, action: 'scrap' }])));
    console.log('RECEIVES', rs.map((res) => `${res.statusCode} ${res.body.slice(0, 80)}`));
    const notes = await app.db.selectFrom('credit_notes').select(['amount_cents']).where('order_id', '=', orderId).execute();
    console.log('NOTES', JSON.stringify(notes));
  });
});
