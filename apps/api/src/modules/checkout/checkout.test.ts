import { apiErrors, checkoutMessages, unitsCapMessage, unpaidCapMessage, type CheckoutQuote, type OrderDetail } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import {
  cartOf,
  fillCart,
  insertAddress,
  insertShippingMethod,
  insertTaxRate,
  insertWeighedPart,
  postCheckout,
  postQuote,
  userIdOf,
  withoutDemoShippingAndTax,
} from '../../test/checkout';
import { payOrder } from '../../test/admin';
import { cancelOrderRequest, insertPart, messageOf, myOrders, orderRow, placeOrder, postOrder, signUpAdmin, signUpCustomer, stockOf, type Customer } from '../../test/orders';
import { createOrdersRepository } from '../orders/repository';

// The checkout on the real app and database: totals to the cent, all or nothing, one order path.
let app: FastifyInstance;
let ada: Customer;
let adaId: string;
let methods: { standard: string; express: string; freight: string; retired: string; canada: string };
let address: { illinois: string; wisconsin: string; germany: string };

beforeAll(async () => {
  app = await createTestApp();
  await withoutDemoShippingAndTax(app);
  ada = await signUpCustomer(app, 'checkout-ada');
  // Her messages repeat her name and ship-to: her address is confirmed.
  await confirmAddress(app, ada.email);
  adaId = await userIdOf(app, ada.email);
  // The admin's settings, as their own routes would write them.
  methods = {
    standard: await insertShippingMethod(app, { name: 'Standard', baseCents: 599, perKgCents: 150 }),
    express: await insertShippingMethod(app, { name: 'Express', baseCents: 1500, perKgCents: 300, maxWeightGrams: 10_000 }),
    freight: await insertShippingMethod(app, { name: 'Freight', baseCents: 4000, freeOverCents: 10_000 }),
    retired: await insertShippingMethod(app, { name: 'Retired', baseCents: 1, active: false }),
    canada: await insertShippingMethod(app, { name: 'Canada Post', baseCents: 100, countries: ['CA'] }),
  };
  await insertTaxRate(app, { country: 'US', region: 'IL', ratePpm: 62_500, appliesToShipping: true });
  await insertTaxRate(app, { country: 'US', ratePpm: 10_000 });
  address = {
    illinois: await insertAddress(app, adaId, { region: 'IL' }),
    wisconsin: await insertAddress(app, adaId, { region: 'WI' }),
    germany: await insertAddress(app, adaId, { country: 'DE', region: '' }),
  };
});

afterAll(async () => {
  await app?.close();
});

/** A brake job: ten pads at their tier of ten, and three clips; 15.75 kg in all, $125.00. */
async function brakeJob(stock = 100) {
  const pads = await insertWeighedPart(app, { name: 'Pad set', priceCents: 1234, weightGrams: 1500, available: stock, breaks: [[10, 1100], [50, 999]] });
  const clips = await insertWeighedPart(app, { name: 'Clip', priceCents: 500, weightGrams: 250, available: stock });
  await fillCart(app, adaId, [[pads, 10], [clips, 3]]);
  return { pads, clips };
}

async function quote(addressId: string, shippingMethodId?: string): Promise<CheckoutQuote> {
  const response = await postQuote(app, ada.cookie, { addressId, ...(shippingMethodId && { shippingMethodId }) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/checkout/quote: totals to the cent', () => {
  beforeEach(async () => {
    await fillCart(app, adaId, []);
  });

  it('prices each line at its price break, lists the methods for the address and weight, and chooses none of several (issue 34.5)', async () => {
    const { pads, clips } = await brakeJob();
    const reply = await quote(address.illinois);
    expect(reply.lines).toEqual([
      expect.objectContaining({ partId: pads, quantity: 10, unitPrice: 11, lineTotal: 110, problem: null }),
      expect.objectContaining({ partId: clips, quantity: 3, unitPrice: 5, lineTotal: 15, problem: null }),
    ]);
    // Express carries at most 10 kg; Retired is inactive; Canada Post ships to Canada only.
    // Standard: $5.99 + $1.50 × 15.75 kg ($23.625, half up $23.63); Freight is free over $100.
    expect(reply.shippingMethods).toEqual([
      { id: methods.standard, name: 'Standard', estimate: 'Standard estimate', price: 29.62 },
      { id: methods.freight, name: 'Freight', estimate: 'Freight estimate', price: 0 },
    ]);
    // Express ships to Illinois, not this cart: it says why.
    expect(reply.unavailableShippingMethods).toEqual([
      { id: methods.express, name: 'Express', estimate: 'Express estimate', reason: 'Up to 10 kg; this cart weighs 15.75 kg' },
    ]);
    // The buyer chooses: no method, no shipping in the figures yet.
    expect(reply).toMatchObject({ subtotal: 125, shippingMethodId: null, shipping: 0, tax: 7.81, total: 132.81 });
  });

  it('taxes the shipping where the region’s rate says so, and rounds half up once', async () => {
    await brakeJob();
    // Illinois 6.25 % of $125.00 + $29.62 = $9.66375 → $9.66.
    expect(await quote(address.illinois, methods.standard)).toMatchObject({ shippingMethodId: methods.standard, shipping: 29.62, tax: 9.66, total: 164.28 });
    // Wisconsin has no rate of its own: the country's 1 %, on the parts only.
    expect(await quote(address.wisconsin, methods.standard)).toMatchObject({ shipping: 29.62, tax: 1.25, total: 155.87 });
    // $8.17 + $5.99 = $14.16 at 6.25 % is $0.885 exactly: half up, $0.89.
    const small = await insertWeighedPart(app, { priceCents: 817, weightGrams: 0 });
    await fillCart(app, adaId, [[small, 1]]);
    expect(await quote(address.illinois, methods.standard)).toMatchObject({ subtotal: 8.17, shipping: 5.99, tax: 0.89, total: 15.05 });
  });

  it('takes the deepest tier the quantity reaches', async () => {
    const pads = await insertWeighedPart(app, { priceCents: 1234, weightGrams: 0, breaks: [[10, 1100], [50, 999]] });
    for (const [quantity, unitPrice] of [[9, 12.34], [10, 11], [49, 11], [50, 9.99], [51, 9.99]] as const) {
      await fillCart(app, adaId, [[pads, quantity]]);
      const reply = await quote(address.germany);
      expect(reply.lines[0]).toMatchObject({ quantity, unitPrice, lineTotal: Math.round(unitPrice * quantity * 100) / 100 });
    }
  });

  it('offers a method the cart is too heavy for to nobody, and a country no method serves nothing', async () => {
    await brakeJob();
    // Express asked for, too heavy: none chosen among the two that remain.
    expect(await quote(address.illinois, methods.express)).toMatchObject({ shippingMethodId: null, shipping: 0 });
    expect(await quote(address.germany)).toMatchObject({ shippingMethods: [], unavailableShippingMethods: [], shippingMethodId: null, shipping: 0, tax: 0, total: 125 });
    // The only method offered is chosen for the buyer.
    const toronto = await insertAddress(app, adaId, { country: 'CA', region: 'ON' });
    expect(await quote(toronto)).toMatchObject({ shippingMethods: [expect.objectContaining({ id: methods.canada })], shippingMethodId: methods.canada, shipping: 1 });
  });

  it('shows each line’s problem without refusing the quote', async () => {
    const short = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0, available: 2 });
    const minimum = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0, minimum: 4 });
    await fillCart(app, adaId, [[short, 3], [minimum, 1]]);
    const reply = await quote(address.illinois);
    expect(reply.lines.map((line) => line.problem)).toEqual([checkoutMessages.onlyLeft(2), checkoutMessages.belowMinimum(4)]);
  });

  it('answers 404 for another account’s address, and 401 without credentials', async () => {
    const bob = await signUpCustomer(app, 'checkout-bob');
    const bobsAddress = await insertAddress(app, await userIdOf(app, bob.email));
    const response = await postQuote(app, ada.cookie, { addressId: bobsAddress });
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(checkoutMessages.addressNotFound);
    expect((await postQuote(app, undefined, { addressId: address.illinois })).statusCode).toBe(401);
    expect((await postQuote(app, ada.cookie, { addressId: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});

describe('POST /api/checkout', () => {
  beforeEach(async () => {
    await fillCart(app, adaId, []);
  });

  it('places one order of every line: stock taken, cart emptied, the order in full on its page', async () => {
    const { pads, clips } = await brakeJob();
    const response = await postCheckout(app, ada.cookie, {
      addressId: address.illinois,
      shippingMethodId: methods.standard,
      poNumber: ' PO-7731 ',
      note: 'Deliver to bay 3',
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as { insertedId: string; orderNumber: string };
    expect(reply).toEqual({ acknowledged: true, insertedId: expect.any(String), orderNumber: expect.stringMatching(/^\d{6,}$/), total: 164.28, paymentMethod: 'card', dueOn: null });
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([90, 97]);
    expect(await cartOf(app, adaId)).toEqual([]);

    const page = await app.inject({ method: 'GET', url: `/api/order/${reply.insertedId}`, headers: { authorization: `Bearer ${ada.token}` } });
    expect(page.statusCode, page.body).toBe(200);
    const order = page.json() as OrderDetail;
    expect(order).toMatchObject({
      orderNumber: reply.orderNumber,
      name: 'Pad set + 1 more',
      partId: pads,
      orderQuantity: 13,
      price: 164.28,
      subtotal: 125,
      shipping: { method: 'Standard', estimate: 'Standard estimate', price: 29.62 },
      tax: 9.66,
      // The tax with its jurisdiction, as the invoice prints it.
      taxLabel: 'Illinois sales tax 6.25\u00a0%',
      total: 164.28,
      poNumber: 'PO-7731',
      note: 'Deliver to bay 3',
      status: 'unpaid',
      shippingAddress: {
        name: 'Ada Garage',
        company: 'Ada Motors',
        line1: '100 Main Street',
        line2: '',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
        phone: '+1 217 555 0100',
      },
      address: 'Ada Garage, Ada Motors, 100 Main Street, Springfield, IL 62701, United States',
    });
    expect(order.lines).toEqual([
      { kind: 'part', partId: pads, partNumber: expect.any(String), name: 'Pad set', img: expect.any(String), quantity: 10, unitPrice: 11, lineTotal: 110, vehicleId: null, fitChecked: false, warrantyUntil: null, returnUntil: null, coreReturnUntil: null, returnable: 0, coresReturnable: 0 },
      { kind: 'part', partId: clips, partNumber: expect.any(String), name: 'Clip', img: expect.any(String), quantity: 3, unitPrice: 5, lineTotal: 15, vehicleId: null, fitChecked: false, warrantyUntil: null, returnUntil: null, coreReturnUntil: null, returnable: 0, coresReturnable: 0 },
    ]);
    // My Orders shows the same order.
    expect((await myOrders(app, ada)).find((mine) => mine._id === reply.insertedId)).toMatchObject({ orderNumber: reply.orderNumber, lines: order.lines });
    // So does its message: the number, every line, the ship-to, shipping, tax and total.
    const placed = await app.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', reply.insertedId).executeTakeFirstOrThrow();
    expect(placed.subject).toBe(`Order ${reply.orderNumber} placed: Pad set + 1 more`);
    for (const line of [
      `Order: ${reply.orderNumber}`,
      '10 × Pad set (',
      '): $110.00 ($11.00 each)',
      '3 × Clip (',
      'Subtotal: $125.00',
      'Shipping: Standard, Standard estimate: $29.62',
      'Illinois sales tax 6.25\u00a0%: $9.66',
      'Total: $164.28',
      'Purchase order: PO-7731',
      'Ship to: Ada Garage, Ada Motors, 100 Main Street, Springfield, IL 62701, United States',
    ]) {
      expect(placed.text).toContain(line);
    }
  });

  it('takes nothing when a line no longer fits, and names each line’s problem', async () => {
    const fine = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0, available: 10 });
    const short = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0, available: 2 });
    const minimum = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0, available: 10, minimum: 4 });
    const gone = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0, available: 10 });
    const soldOut = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0, available: 0 });
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', gone).execute();
    const cart: Array<[string, number]> = [[fine, 5], [short, 3], [minimum, 1], [gone, 1], [soldOut, 1]];
    await fillCart(app, adaId, cart);
    const ordersBefore = await countOrders();

    const response = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.standard });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: checkoutMessages.linesRefused,
      lines: expect.arrayContaining([
        { partId: short, message: checkoutMessages.onlyLeft(2) },
        { partId: minimum, message: checkoutMessages.belowMinimum(4) },
        { partId: gone, message: checkoutMessages.partGone },
        { partId: soldOut, message: checkoutMessages.soldOut },
      ]),
    });
    expect((response.json() as { lines: unknown[] }).lines).toHaveLength(4);
    expect(await Promise.all([fine, short, minimum, gone, soldOut].map((id) => stockOf(app, id)))).toEqual([10, 2, 10, 10, 0]);
    expect(await cartOf(app, adaId)).toEqual([...cart].sort(([a], [b]) => a.localeCompare(b)));
    expect(await countOrders()).toBe(ordersBefore);
  });

  it('holds the quoted total: when a price changed since the quote, takes nothing and answers 409 changed with the new quote', async () => {
    const { pads, clips } = await brakeJob();
    const seen = await quote(address.illinois, methods.standard);
    expect(seen.total).toBe(164.28);
    // An admin triples the pads' price (and their tiers) after the buyer saw the quote.
    await app.db.updateTable('parts').set({ price_cents: 3702 }).where('id', '=', pads).execute();
    await app.db.updateTable('part_price_breaks').set({ unit_price_cents: sql`unit_price_cents * 3` }).where('part_id', '=', pads).execute();
    const ordersBefore = await countOrders();

    const changed = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.standard, quotedTotal: seen.total });
    expect(changed.statusCode, changed.body).toBe(409);
    const now = await quote(address.illinois, methods.standard);
    // $330.00 + $15.00 + $29.62, taxed at 6.25 % ($23.41): $398.03.
    expect(now.total).toBe(398.03);
    expect(changed.json()).toEqual({ message: checkoutMessages.totalChanged(398.03), lines: [], reason: 'changed', quote: now });
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([100, 100]);
    expect(await cartOf(app, adaId)).toHaveLength(2);
    expect(await countOrders()).toBe(ordersBefore);

    // Placed at the total the buyer has now seen.
    const placed = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.standard, quotedTotal: now.total });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ total: 398.03 });
  });

  it('refuses a method that does not serve the address or the weight, an empty cart, and a second submit', async () => {
    await brakeJob();
    for (const shippingMethodId of [methods.express, methods.canada, methods.retired, 'not-an-id']) {
      const response = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: checkoutMessages.shippingUnavailable, lines: [] });
    }
    const [first, second] = [
      await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.freight }),
      await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.freight }),
    ];
    expect(first.statusCode, first.body).toBe(200);
    // The cart went with the first: a double submit orders nothing more.
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: checkoutMessages.emptyCart, lines: [] });
  });

  it('answers a Place order sent again with its key the order the first placed, and places nothing more (decision 162)', async () => {
    const { pads, clips } = await brakeJob();
    const request = { addressId: address.illinois, shippingMethodId: methods.freight, idempotencyKey: 'retry-after-a-cut-0001' };
    const first = await postCheckout(app, ada.cookie, request);
    expect(first.statusCode, first.body).toBe(200);
    // Its reply was lost on the way: the browser sends the same attempt again, and the cart is empty now.
    const again = await postCheckout(app, ada.cookie, request);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([90, 97]);
    // Two copies at once are one order too: the second waits on the account's lock, then finds it.
    await fillCart(app, adaId, [[pads, 10], [clips, 3]]);
    const both = { ...request, idempotencyKey: 'retry-after-a-cut-0002' };
    const [one, two] = await Promise.all([postCheckout(app, ada.cookie, both), postCheckout(app, ada.cookie, both)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(two.json()).toEqual(one.json());
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([80, 94]);
    // Another key is another order; a key not of this form is refused.
    await fillCart(app, adaId, [[pads, 10], [clips, 3]]);
    const other = await postCheckout(app, ada.cookie, { ...request, idempotencyKey: 'retry-after-a-cut-0003' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().insertedId).not.toBe(first.json().insertedId);
    expect((await postCheckout(app, ada.cookie, { ...request, idempotencyKey: 'short' })).statusCode).toBe(400);
  });

  it('answers a Place order sent again after its address was deleted the order it placed, and a new key still 404', async () => {
    const { pads, clips } = await brakeJob();
    const doomed = await insertAddress(app, adaId, { region: 'IL' });
    const request = { addressId: doomed, shippingMethodId: methods.freight, idempotencyKey: 'address-gone-retry-0001' };
    const first = await postCheckout(app, ada.cookie, request);
    expect(first.statusCode, first.body).toBe(200);
    // Its reply was lost; meanwhile the buyer deleted the address in another tab.
    const deleted = await app.inject({ method: 'DELETE', url: `/api/addresses/${doomed}`, headers: { cookie: ada.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const again = await postCheckout(app, ada.cookie, request);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([90, 97]);
    // A key that placed nothing is told the address is unknown, as before.
    const fresh = await postCheckout(app, ada.cookie, { ...request, idempotencyKey: 'address-gone-retry-0002' });
    expect(fresh.statusCode).toBe(404);
    expect(messageOf(fresh)).toBe(checkoutMessages.addressNotFound);
  });

  it('keeps one account’s key its own: the same key from another account places that account’s order', async () => {
    const pads = await insertWeighedPart(app, { name: 'Shared-key pad', priceCents: 1000, weightGrams: 100, available: 10 });
    await fillCart(app, adaId, [[pads, 1]]);
    const key = 'the-same-key-by-two-accounts';
    const adas = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.freight, idempotencyKey: key });
    expect(adas.statusCode, adas.body).toBe(200);
    const cy = await signUpCustomer(app, 'checkout-cy-key');
    const cyId = await userIdOf(app, cy.email);
    await fillCart(app, cyId, [[pads, 2]]);
    const cys = await postCheckout(app, cy.cookie, { addressId: await insertAddress(app, cyId), shippingMethodId: methods.freight, idempotencyKey: key });
    expect(cys.statusCode, cys.body).toBe(200);
    expect(cys.json().insertedId).not.toBe(adas.json().insertedId);
    expect(await stockOf(app, pads)).toBe(7);
  });

  it('refuses another account’s address, bad input with the field named, and a foreign page', async () => {
    await brakeJob();
    const bob = await signUpCustomer(app, 'checkout-bob2');
    const bobsAddress = await insertAddress(app, await userIdOf(app, bob.email));
    const foreign = await postCheckout(app, ada.cookie, { addressId: bobsAddress, shippingMethodId: methods.freight });
    expect(foreign.statusCode).toBe(404);
    const longPo = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.freight, poNumber: 'P'.repeat(51) });
    expect(longPo.statusCode).toBe(400);
    expect(messageOf(longPo)).toContain(checkoutMessages.poNumberTooLong);
    const missing = await postCheckout(app, ada.cookie, { addressId: address.illinois });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toContain(checkoutMessages.shippingRequired);
    const crossSite = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.freight }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(await cartOf(app, adaId)).toHaveLength(2);
  });

  it('restocks every line on cancel and on expiry', async () => {
    const { pads, clips } = await brakeJob();
    const cancelled = (await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.freight })).json() as { insertedId: string };
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([90, 97]);
    expect((await cancelOrderRequest(app, ada.cookie, cancelled.insertedId)).json()).toEqual({ deletedCount: 1 });
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([100, 100]);

    await fillCart(app, adaId, [[pads, 10], [clips, 3]]);
    const expiring = (await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.freight })).json() as { insertedId: string };
    await app.db.updateTable('orders').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', expiring.insertedId).execute();
    const orders = createOrdersRepository(app.db, app.mail, app.jobs);
    expect((await orders.expire(expiring.insertedId))?.status).toBe('expired');
    expect(await orders.expire(expiring.insertedId)).toBeUndefined();
    expect([await stockOf(app, pads), await stockOf(app, clips)]).toEqual([100, 100]);
  });
});

describe('the admin overview of a checkout', () => {
  it('counts each line’s units and parts revenue for its own part among the best sellers', async () => {
    await fillCart(app, adaId, []);
    const wheel = await insertWeighedPart(app, { name: 'Overview wheel bearing', priceCents: 90_000, weightGrams: 0 });
    const seal = await insertWeighedPart(app, { name: 'Overview hub seal', priceCents: 80_000, weightGrams: 0 });
    await fillCart(app, adaId, [[wheel, 2], [seal, 3]]);
    const placed = await postCheckout(app, ada.cookie, { addressId: address.illinois, shippingMethodId: methods.standard });
    expect(placed.statusCode, placed.body).toBe(200);
    await payOrder(app, ada, (placed.json() as { insertedId: string }).insertedId);
    const boss = await signUpAdmin(app, 'checkout-boss');
    const overview = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: `Bearer ${boss.token}` } });
    expect(overview.statusCode, overview.body).toBe(200);
    const { bestSellers } = overview.json() as { bestSellers: Array<{ _id: string; quantity: number; revenue: number }> };
    expect(bestSellers.find((part) => part._id === wheel)).toMatchObject({ quantity: 2, revenue: 1800 });
    expect(bestSellers.find((part) => part._id === seal)).toMatchObject({ quantity: 3, revenue: 2400 });
  });
});

describe('Manage All Orders finds an order by its number', () => {
  it('answers the order whose number is searched for, beside e-mails that contain it', async () => {
    const part = await insertWeighedPart(app, { priceCents: 100, weightGrams: 0 });
    const orderId = await placeOrder(app, ada, part, 1);
    const { order_number: number } = await orderRow(app, orderId);
    const boss = await signUpAdmin(app, 'checkout-finder');
    const found = await app.inject({ method: 'GET', url: `/api/admin/orders?email=${number}`, headers: { authorization: `Bearer ${boss.token}` } });
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { orders: Array<{ _id: string; orderNumber: string }> }).orders).toEqual([
      expect.objectContaining({ _id: orderId, orderNumber: String(number) }),
    ]);
  });
});

describe('POST /api/order: an order of one line through the same path', () => {
  it('prices shipping and tax as for the default address (its cheapest method), keeping the typed address', async () => {
    const carol = await signUpCustomer(app, 'checkout-carol');
    const carolId = await userIdOf(app, carol.email);
    const part = await insertWeighedPart(app, { priceCents: 817, weightGrams: 2000, breaks: [[5, 700]] });
    const withoutBook = await placeOrder(app, carol, part, 5);
    expect(await orderRow(app, withoutBook)).toMatchObject({ subtotal_cents: 3500, shipping_cents: 0, tax_cents: 0, total_cents: 3500, ship_to: null });

    await insertAddress(app, carolId, { region: 'IL', isDefault: true });
    const withBook = await placeOrder(app, carol, part, 5);
    // Standard: $5.99 + $1.50 × 10 kg = $20.99; Illinois 6.25 % of $35.00 + $20.99 = $3.499375 → $3.50.
    expect(await orderRow(app, withBook)).toMatchObject({
      subtotal_cents: 3500,
      shipping_method_name: 'Standard',
      shipping_cents: 2099,
      tax_cents: 350,
      total_cents: 5949,
      address: '1 Test Street, Testville',
      ship_to: null,
      quantity: 5,
      unit_price_cents: 700,
    });
    const lines = await app.db.selectFrom('order_lines').selectAll().where('order_id', '=', withBook).execute();
    expect(lines).toEqual([expect.objectContaining({ position: 1, part_id: part, quantity: 5, unit_price_cents: 700, line_total_cents: 3500 })]);
  });
});

describe('the unpaid caps count every unit of an order', () => {
  it('refuses a checkout that would pass 200 units, and POST /order after one that reached it', async () => {
    const capped = await createTestApp({ realLimits: true });
    try {
      const dan = await signUpCustomer(capped, 'checkout-dan');
      const danId = await userIdOf(capped, dan.email);
      const home = await insertAddress(capped, danId, { country: 'DE', region: '' });
      const [a, b] = [await insertPart(capped, { available: 1000, priceCents: 100 }), await insertPart(capped, { available: 1000, priceCents: 100 })];
      await fillCart(capped, danId, [[a, 150], [b, 51]]);
      const over = await postCheckout(capped, dan.cookie, { addressId: home, shippingMethodId: 'none' });
      expect(over.statusCode).toBe(409);
      // The cart alone passes the cap: nothing else waits, so it is not "You already have unpaid orders".
      expect(over.json()).toEqual({ message: unitsCapMessage, lines: [] });
      expect([await stockOf(capped, a), await stockOf(capped, b)]).toEqual([1000, 1000]);

      // Germany has no shipping method here: an order without one is placed by POST /order only.
      await fillCart(capped, danId, []);
      await placeOrder(capped, dan, a, 150);
      await placeOrder(capped, dan, b, 50);
      const oneMore = await postOrder(capped, dan.cookie, { partId: a, customername: 'Dan', address: '1 Road', orderQuantity: 1 });
      expect(oneMore.statusCode).toBe(409);
      expect(oneMore.json()).toEqual({ message: unpaidCapMessage, reason: 'too-many-unpaid' });
    } finally {
      await capped.close();
    }
  });
});

describe('POST /api/order’s refusals stay SPEC’s', () => {
  it('names an unknown part as before', async () => {
    const response = await postOrder(app, ada.cookie, { partId: '00000000-0000-4000-8000-000000000000', customername: 'Ada', address: '1 Road', orderQuantity: 1 });
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.partNotFound);
  });
});

async function countOrders(): Promise<number> {
  const { count } = await app.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}
