import { partPromiseMessages, type Cart, type CheckoutQuote, type OrderDetail } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, byCookie, expectInvalid, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { fillCart, insertAddress, insertShippingMethod, insertTaxRate, insertWeighedPart, postCheckout, postQuote, userIdOf } from '../../test/checkout';
import { cancelOrderRequest, insertPart, signUpAdmin, signUpCustomer, stockOf, type Customer } from '../../test/orders';
import { listFitment } from '../../test/fitment';

// Core deposits and warranty on parts, deposit lines through cart, quote and order, and the fit
// promise recorded at checkout: on the real app and database.
let app: FastifyInstance;
let ada: Customer;
let adaId: string;
let admin: Customer;
let illinois: string;
let ground: string;
let vehicle: string;
let otherVehicle: string;

beforeAll(async () => {
  app = await createTestApp();
  [ada, admin] = await Promise.all([signUpCustomer(app, 'deposit-ada'), signUpAdmin(app, 'deposit-admin')]);
  adaId = await userIdOf(app, ada.email);
  ground = await insertShippingMethod(app, { name: 'Ground', baseCents: 700, perKgCents: 100 });
  // The test's own rate for Illinois, whatever another test set.
  await app.db.deleteFrom('tax_rates').where('country', '=', 'US').where('region', '=', 'IL').execute();
  await insertTaxRate(app, { country: 'US', region: 'IL', ratePpm: 62_500, appliesToShipping: true });
  illinois = await insertAddress(app, adaId, { region: 'IL' });
  const aVehicle = async (year: number) =>
    (await app.db.insertInto('vehicles').values({ make: 'Fitco', model: `Promise ${year}`, year, engine: '2.0L' }).returning('id').executeTakeFirstOrThrow()).id;
  vehicle = await aVehicle(2014);
  otherVehicle = await aVehicle(2015);
});

afterAll(async () => {
  await app?.close();
});

const patchPart = (id: string, payload: object) => call(app, byCookie(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload });

async function chooseVehicle(vehicleId: string | null) {
  await app.db.deleteFrom('garage_vehicles').where('user_id', '=', adaId).execute();
  if (vehicleId) await app.db.insertInto('garage_vehicles').values({ user_id: adaId, vehicle_id: vehicleId, position: 1, active: true }).execute();
}

describe('PATCH /api/admin/part/{id}: core deposit and warranty', () => {
  it('sets, reads back and removes both, on the part page, the public page and the admin list', async () => {
    const id = await insertPart(app, { name: 'Reman alternator', priceCents: 18_900, available: 5 });
    expectReply(await patchPart(id, { coreDeposit: '45.00', warrantyMonths: 24 }), 200);
    const part = (await app.inject({ url: `/api/part/${id}` })).json() as { coreDeposit: number | null; warrantyMonths: number | null; partNumber: string };
    expect(part).toMatchObject({ coreDeposit: 45, warrantyMonths: 24 });
    const row = await app.db.selectFrom('parts').select(['core_deposit_cents', 'warranty_months']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ core_deposit_cents: 4500, warranty_months: 24 });
    await app.publicCache.caughtUp();
    const page = (await app.inject({ url: `/api/parts/by-number/${encodeURIComponent(part.partNumber)}` })).json() as { coreDeposit: number | null };
    expect(page.coreDeposit).toBe(45);

    // Other fields leave them alone; null removes them.
    expectReply(await patchPart(id, { name: 'Reman alternator 120 A' }), 200);
    expect(await app.db.selectFrom('parts').select('core_deposit_cents').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ core_deposit_cents: 4500 });
    expectReply(await patchPart(id, { coreDeposit: null, warrantyMonths: null }), 200);
    await app.publicCache.caughtUp();
    expect((await app.inject({ url: `/api/part/${id}` })).json()).toMatchObject({ coreDeposit: null, warrantyMonths: null });
    const audit = await app.db.selectFrom('audit_log').select('details').where('target', '=', `part ${id}`).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ coreDeposit: null, warrantyMonths: null });
  });

  it('refuses deposits and warranties out of bounds, and changes nothing', async () => {
    const id = await insertPart(app, { available: 5 });
    expectInvalid(await patchPart(id, { coreDeposit: 0 }), partPromiseMessages.coreDepositMin);
    expectInvalid(await patchPart(id, { coreDeposit: 10_000.01 }), partPromiseMessages.coreDepositMax);
    expectInvalid(await patchPart(id, { coreDeposit: 'forty' }), partPromiseMessages.coreDeposit);
    expectInvalid(await patchPart(id, { coreDeposit: 12.345 }), partPromiseMessages.coreDeposit);
    expectInvalid(await patchPart(id, { warrantyMonths: 0 }), partPromiseMessages.warrantyMonths);
    expectInvalid(await patchPart(id, { warrantyMonths: 241 }), partPromiseMessages.warrantyMonths);
    expectInvalid(await patchPart(id, { warrantyMonths: 1.5 }), partPromiseMessages.warrantyMonths);
    const row = await app.db.selectFrom('parts').select(['core_deposit_cents', 'warranty_months']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ core_deposit_cents: null, warranty_months: null });
  });

  it('is for admins only', async () => {
    const id = await insertPart(app, { available: 5 });
    expectReply(await call(app, byCookie(ada), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { coreDeposit: 10 } }), 403);
    expectReply(await call(app, 'anonymous', { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { coreDeposit: 10 } }), 401);
  });
});

describe('core deposits in the cart, the quote and the order', () => {
  let alternator: string;
  let pads: string;

  beforeEach(async () => {
    await chooseVehicle(null);
    // $189.00 with a $45.00 deposit, 6 kg; pads $12.34, 1 kg, no deposit.
    alternator = await insertWeighedPart(app, { name: 'Alternator', priceCents: 18_900, weightGrams: 6000, available: 10 });
    pads = await insertWeighedPart(app, { name: 'Pads', priceCents: 1234, weightGrams: 1000, available: 10 });
    await app.db.updateTable('parts').set({ core_deposit_cents: 4500 }).where('id', '=', alternator).execute();
    await fillCart(app, adaId, [[alternator, 2], [pads, 1]]);
  });

  it('shows the deposit as its own line after its part, in the cart and the quote, untaxed and weightless', async () => {
    const cart = (await app.inject({ url: '/api/cart', headers: { cookie: ada.cookie } })).json() as Cart;
    expect(cart.lines.map((line) => [line.kind, line.partId, line.quantity, line.unitPrice, line.lineTotal])).toEqual([
      ['part', alternator, 2, 189, 378],
      ['core-deposit', alternator, 2, 45, 90],
      ['part', pads, 1, 12.34, 12.34],
    ]);
    expect(cart.lines[1]!.name).toBe(partPromiseMessages.coreDepositLine('Alternator'));
    // Units are parts: the deposit counts none.
    expect(cart).toMatchObject({ subtotal: 480.34, count: 3 });

    const quote = (await postQuote(app, ada.cookie, { addressId: illinois, shippingMethodId: ground })).json() as CheckoutQuote;
    expect(quote.lines.map((line) => [line.kind, line.lineTotal])).toEqual([['part', 378], ['core-deposit', 90], ['part', 12.34]]);
    // Shipping $7.00 + $1.00 × 13 kg = $20.00 (the deposit weighs nothing); tax 6.25 % of the
    // parts ($390.34) and the shipping ($20.00) = $25.64625 → $25.65; the deposit is not taxed.
    expect(quote).toMatchObject({ subtotal: 480.34, shipping: 20, tax: 25.65, total: 525.99 });
  });

  it('orders the deposit line: kind, deposit_for, quantity, totals to the cent; stock is taken for the part only', async () => {
    const placed = await postCheckout(app, ada.cookie, { addressId: illinois, shippingMethodId: ground });
    expect(placed.statusCode, placed.body).toBe(200);
    const { insertedId: orderId, total } = placed.json() as { insertedId: string; total: number };
    expect(total).toBe(525.99);
    expect(await stockOf(app, alternator)).toBe(8);
    const lines = await app.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    expect(lines.map((line) => [line.position, line.kind, line.part_id, line.quantity, line.unit_price_cents, line.line_total_cents, line.deposit_for])).toEqual([
      [1, 'part', alternator, 2, 18_900, 37_800, null],
      [2, 'core-deposit', alternator, 2, 4500, 9000, 1],
      [3, 'part', pads, 1, 1234, 1234, null],
    ]);
    const order = await app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ subtotal_cents: 48_034, shipping_cents: 2000, tax_cents: 2565, total_cents: 52_599, quantity: 3 });
    expect(order.subtotal_cents + order.shipping_cents + order.tax_cents).toBe(order.total_cents);

    const detail = (await app.inject({ url: `/api/order/${orderId}`, headers: { cookie: ada.cookie } })).json() as OrderDetail;
    expect(detail.lines.map((line) => [line.kind, line.lineTotal])).toEqual([['part', 378], ['core-deposit', 90], ['part', 12.34]]);

    // Cancelling gives back the parts' stock, not the deposit's as well.
    const cancelled = await cancelOrderRequest(app, ada.cookie, orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(app, alternator)).toBe(10);
  });

  it('does not count the deposit as an item: "+ N more" in My Orders and the subject counts parts (issue 34.20)', async () => {
    await fillCart(app, adaId, [[alternator, 1]]);
    const alone = await postCheckout(app, ada.cookie, { addressId: illinois, shippingMethodId: ground });
    expect(alone.statusCode, alone.body).toBe(200);
    await fillCart(app, adaId, [[alternator, 1], [pads, 1]]);
    const both = await postCheckout(app, ada.cookie, { addressId: illinois, shippingMethodId: ground });
    expect(both.statusCode, both.body).toBe(200);

    const ids = [alone, both].map((reply) => (reply.json() as { insertedId: string }).insertedId);
    const names = await Promise.all(ids.map(async (id) => ((await app.inject({ url: `/api/order/${id}`, headers: { cookie: ada.cookie } })).json() as OrderDetail).name));
    expect(names).toEqual(['Alternator', 'Alternator + 1 more']);
    const subjects = await Promise.all(
      ids.map(async (id) => (await app.db.selectFrom('mail_outbox').select('subject').where('order_id', '=', id).where('kind', '=', 'order-placed').executeTakeFirstOrThrow()).subject),
    );
    expect(subjects).toEqual([expect.stringMatching(/placed: Alternator$/), expect.stringMatching(/placed: Alternator \+ 1 more$/)]);
  });
});

describe('the fit promise at checkout', () => {
  let fits: string;
  let unlisted: string;

  beforeEach(async () => {
    fits = await insertWeighedPart(app, { name: 'Listed pads', priceCents: 2000, weightGrams: 500, available: 10 });
    unlisted = await insertWeighedPart(app, { name: 'Unlisted rotor', priceCents: 3000, weightGrams: 500, available: 10 });
    await listFitment(app.db, fits, vehicle);
    await app.db.updateTable('parts').set({ core_deposit_cents: 500 }).where('id', '=', fits).execute();
    await fillCart(app, adaId, [[fits, 1], [unlisted, 1]]);
  });

  async function orderLines() {
    const placed = await postCheckout(app, ada.cookie, { addressId: illinois, shippingMethodId: ground });
    expect(placed.statusCode, placed.body).toBe(200);
    const { insertedId } = placed.json() as { insertedId: string };
    const detail = (await app.inject({ url: `/api/order/${insertedId}`, headers: { cookie: ada.cookie } })).json() as OrderDetail;
    return detail.lines.map((line) => [line.kind, line.partId, line.vehicleId, line.fitChecked]);
  }

  it('records the chosen vehicle on the lines listed to fit it, and only those', async () => {
    await chooseVehicle(vehicle);
    expect(await orderLines()).toEqual([
      ['part', fits, vehicle, true],
      // A deposit is money held, not a part bought for a vehicle.
      ['core-deposit', fits, null, false],
      ['part', unlisted, null, false],
    ]);
  });

  it('records nothing when the chosen vehicle is another, or when none is chosen', async () => {
    await chooseVehicle(otherVehicle);
    expect((await orderLines()).filter(([, , , checked]) => checked)).toEqual([]);
    await fillCart(app, adaId, [[fits, 1]]);
    await chooseVehicle(null);
    expect(await orderLines()).toEqual([
      ['part', fits, null, false],
      ['core-deposit', fits, null, false],
    ]);
  });

  it('reads the vehicle that is chosen, not one merely kept in the garage', async () => {
    await chooseVehicle(null);
    await app.db.insertInto('garage_vehicles').values({ user_id: adaId, vehicle_id: vehicle, position: 1, active: false }).execute();
    expect((await orderLines()).filter(([, , , checked]) => checked)).toEqual([]);
  });
});
