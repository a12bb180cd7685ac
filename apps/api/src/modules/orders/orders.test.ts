import { apiErrors, placeOrderMessages, validation, type Order, type OrderDetail } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  cancelOrderRequest,
  getMyOrders,
  insertPart,
  messageOf,
  myOrders,
  orderRow,
  placeOrder,
  postOrder,
  setOrderStatus,
  signUpAdmin,
  signUpCustomer,
  stockOf,
  type Customer,
} from '../../test/orders';

let app: FastifyInstance;
// These three serve every test of the file.
let alice: Customer;
let bob: Customer;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob, admin] = await Promise.all([
    signUpCustomer(app, 'alice'),
    signUpCustomer(app, 'bob'),
    signUpAdmin(app, 'orders-admin'),
  ]);
});

afterAll(async () => {
  await app?.close();
});

function getOrder(token: string, id: string) {
  return app.inject({ method: 'GET', url: `/api/order/${encodeURIComponent(id)}`, headers: { authorization: `Bearer ${token}` } });
}

async function ordersInDb(partId: string) {
  return app.db.selectFrom('orders').selectAll().where('part_id', '=', partId).execute();
}

describe('POST /api/order', () => {
  it('answers 401 to a signed-out caller and takes no stock', async () => {
    const partId = await insertPart(app, { available: 10 });

    const response = await postOrder(app, undefined, {
      partId,
      customername: 'Nobody',
      address: '1 Road',
      orderQuantity: 1,
    });

    expect(response.statusCode).toBe(401);
    expect(messageOf(response)).toBe(apiErrors.signInRequired);
    expect(await stockOf(app, partId)).toBe(10);
    expect(await ordersInDb(partId)).toEqual([]);
  });

  it('places the order, takes the stock, and takes name, img, price from the part and the e-mail from the session', async () => {
    const partId = await insertPart(app, { name: 'Brake disc', priceCents: 1234, available: 50, minimum: 2 });
    const part = await app.db.selectFrom('parts').selectAll().where('id', '=', partId).executeTakeFirstOrThrow();

    // The whole SPEC §7 body, as the original client sent it, with values the server must not trust.
    const response = await postOrder(app, alice.cookie, {
      partId,
      name: 'A free Ferrari',
      address: '  12 Elm Street, Springfield  ',
      email: bob.email,
      customername: 'Alice Liddell',
      orderQuantity: 3,
      price: 0.01,
      img: 'https://evil.example/steal.png',
    });

    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as { acknowledged: boolean; insertedId: string };
    expect(reply).toEqual({ acknowledged: true, insertedId: expect.any(String), orderNumber: expect.stringMatching(/^\d{6,}$/) });
    expect(await stockOf(app, partId)).toBe(47);

    const row = await orderRow(app, reply.insertedId);
    expect(row).toMatchObject({
      part_id: partId,
      part_name: 'Brake disc',
      part_img: part.img,
      unit_price_cents: 1234,
      quantity: 3,
      total_cents: 3702,
      email: alice.email,
      customer_name: 'Alice Liddell',
      address: '12 Elm Street, Springfield',
      status: 'unpaid',
      transaction_id: null,
    });

    const mine = (await myOrders(app, alice)).find((order) => order._id === reply.insertedId);
    expect(mine).toEqual<Order & { mayAct: boolean }>({
      mayAct: true,
      _id: reply.insertedId,
      partId,
      name: 'Brake disc',
      img: part.img,
      price: 37.02,
      unitPrice: 12.34,
      orderQuantity: 3,
      address: '12 Elm Street, Springfield',
      email: alice.email,
      customername: 'Alice Liddell',
      paid: false,
      status: 'unpaid',
      transactionId: null,
      paymentProvider: null,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      // An order of one line (decision 052): no address book, so no shipping and no tax.
      orderNumber: expect.stringMatching(/^\d{6,}$/),
      lines: [{ kind: 'part', vehicleId: null, fitChecked: false, partId, partNumber: part.part_number, name: 'Brake disc', img: part.img, quantity: 3, unitPrice: 12.34, lineTotal: 37.02, warrantyUntil: null, returnUntil: null, coreReturnUntil: null, returnable: 0, coresReturnable: 0 }],
      subtotal: 37.02,
      shipping: { method: null, estimate: null, price: 0 },
      tax: 0,
      taxLabel: 'Tax',
      total: 37.02,
      shippingAddress: null,
      poNumber: null,
      note: null,
      shipments: [],
      deliveredAt: null,
      timeline: [{ kind: 'placed', at: expect.any(String), label: 'Order placed', url: null }],
      invoiceNumber: null,
      creditNotes: [],
    });
    // Bob's e-mail was in the body; the order is still not his.
    expect((await myOrders(app, bob)).map((order) => order._id)).not.toContain(reply.insertedId);
  });

  it('answers 400 below the part’s minimum order quantity and takes no stock', async () => {
    const partId = await insertPart(app, { available: 50, minimum: 5 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity: 4 });

    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Minimum Number of Orders Required — at least 5');
    expect(await stockOf(app, partId)).toBe(50);
    expect(await ordersInDb(partId)).toEqual([]);
  });

  // Regression (was a bug): it said "Not enough stock left for this order…" where the form says SPEC's words.
  it('answers 409 with SPEC §5’s "Orders must be less than the available stock" above the stock, and takes none', async () => {
    const partId = await insertPart(app, { available: 7, minimum: 1 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity: 8 });

    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe(validation.quantityAboveStock);
    expect(await stockOf(app, partId)).toBe(7);
    expect(await ordersInDb(partId)).toEqual([]);
  });

  // Regression (was a bug): "— at least 1" was said for a part whose minimum is 20.
  it.each([
    ['zero', 0],
    ['a negative number', -3],
  ])('answers 400 "Minimum Number of Orders Required" to %s, naming no minimum the part does not have', async (_label, orderQuantity) => {
    const partId = await insertPart(app, { available: 50, minimum: 20 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity });

    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(validation.quantityBelowMinimum);
    expect(await stockOf(app, partId)).toBe(50);
  });

  it('takes the last unit: an order of exactly the stock succeeds and leaves 0', async () => {
    const partId = await insertPart(app, { available: 7, minimum: 1 });

    await placeOrder(app, alice, partId, 7);

    expect(await stockOf(app, partId)).toBe(0);
  });

  it.each([
    ['a fraction', 1.5],
    ['zero', 0],
    ['a negative number', -3],
    ['a numeric string', '3'],
    ['null', null],
    ['a missing quantity', undefined],
  ])('answers 400 to %s as the quantity', async (_label, orderQuantity) => {
    const partId = await insertPart(app, { available: 50, minimum: 1 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity });

    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(/\S/);
    expect(await stockOf(app, partId)).toBe(50);
    expect(await ordersInDb(partId)).toEqual([]);
  });

  // Regression (was a bug): quantity is an `integer` column and the schema has no upper bound, so
  // PostgreSQL's "integer out of range" becomes a 500. DESIGN §5: no input ever yields a 500.
  it.each([
    ['2^31', 2 ** 31],
    ['1e10', 1e10],
    ['Number.MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER],
  ])('answers a quantity of %s with a 4xx, not a 500', async (_label, orderQuantity) => {
    const partId = await insertPart(app, { available: 50 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity });

    expect([400, 409]).toContain(response.statusCode);
    expect(await stockOf(app, partId)).toBe(50);
  });

  // Regression (was a bug): total_cents is an `integer` column; unit price × quantity past 2^31 - 1 cents
  // fails the insert with a 500 even though the stock allows the order.
  it('answers an order whose total passes 2^31 cents with a 4xx, not a 500', async () => {
    const partId = await insertPart(app, { available: 30_000, priceCents: 100_000 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity: 25_000 });

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await stockOf(app, partId)).toBe(30_000);
  });

  // Regression (was a bug): in placeOrderSchema the `error` given to z.string()/z.number() names every
  // failed check without a message of its own, so an over-long address reads "Address is
  // Required" and a fraction "Order Quantity is Required".
  it.each([
    ['an address over 500 characters', { address: 'y'.repeat(501) }, validation.addressRequired],
    ['a fractional quantity', { orderQuantity: 1.5 }, validation.quantityRequired],
  ])('does not call %s missing', async (_label, fields, missingMessage) => {
    const partId = await insertPart(app, { available: 50 });

    const response = await postOrder(app, alice.cookie, {
      partId,
      customername: 'Alice',
      address: '1 Road',
      orderQuantity: 1,
      ...fields,
    });

    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).not.toContain(missingMessage);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   \t '],
    // Regression (was a bug): trim() keeps these, so an order was placed to an address no one could read.
    ['invisible (zero-width spaces and a word joiner)', '\u200b \u200b\u2060'],
  ])('answers 400 "Address is Required" to a %s address', async (_label, address) => {
    const partId = await insertPart(app, { available: 50 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address, orderQuantity: 1 });

    expect(response.statusCode).toBe(400);
    // The SPEC §5 text alone: no field's name before it ("address: …"), which a customer read.
    expect(messageOf(response)).toBe(validation.addressRequired);
    expect(await stockOf(app, partId)).toBe(50);
  });

  // Regression (was a bug): a name of zero-width spaces was taken as the name the order is for.
  it('answers 400 "Name is Required" to a customer name of invisible characters, and takes no stock', async () => {
    const partId = await insertPart(app, { available: 50 });

    const response = await postOrder(app, alice.cookie, { partId, customername: '\u200b\u200c', address: '1 Road', orderQuantity: 1 });

    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(validation.nameRequired);
    expect(await stockOf(app, partId)).toBe(50);
  });

  it.each([
    ['a well-formed id that names no part', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', "1' or '1'='1"],
    ['an empty id', ''],
  ])('answers 404 to %s', async (_label, partId) => {
    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity: 1 });

    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.partNotFound);
  });

  it('answers 400 to a 10,000-character partId, as to any id past the 64 characters ids are bounded by', async () => {
    const response = await postOrder(app, alice.cookie, { partId: 'p'.repeat(10_000), customername: 'Alice', address: '1 Road', orderQuantity: 1 });

    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an archived part and takes none of its stock', async () => {
    const partId = await insertPart(app, { available: 50 });
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', partId).execute();

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity: 1 });

    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.partNotFound);
    expect(await stockOf(app, partId)).toBe(50);
    expect(await ordersInDb(partId)).toEqual([]);
  });
});

describe('POST /api/order holds the price the form showed (decision 060, amended)', () => {
  it('refuses a raised price with 409 and the price now, taking nothing, and places at the new price when sent again', async () => {
    // The audit's repro: the page showed BRK-2001 at $64.50 (min 10); the admin then set $193.50.
    const partId = await insertPart(app, { priceCents: 6450, available: 100, minimum: 10 });
    await app.db.updateTable('parts').set({ price_cents: 19350 }).where('id', '=', partId).execute();
    const order = { partId, customername: 'Alice', address: '1 Road', orderQuantity: 10 };

    const refused = await postOrder(app, alice.cookie, { ...order, quotedUnitPrice: 64.5 });

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: placeOrderMessages.priceChanged(193.5), reason: 'changed', unitPrice: 193.5 });
    expect(await stockOf(app, partId)).toBe(100);
    // No order, so no confirmation e-mail (it is queued in the order's transaction).
    expect(await ordersInDb(partId)).toEqual([]);

    const placed = await postOrder(app, alice.cookie, { ...order, quotedUnitPrice: 193.5 });

    expect(placed.statusCode, placed.body).toBe(200);
    const { insertedId } = placed.json() as { insertedId: string };
    const detail = (await getOrder(alice.token, insertedId)).json() as OrderDetail;
    expect(detail.total).toBe(1935);
    expect(await stockOf(app, partId)).toBe(90);
  });

  it('takes the price break the quantity reaches as the price shown, and refuses the list price there', async () => {
    const partId = await insertPart(app, { priceCents: 1000, available: 100, minimum: 1 });
    await app.db.insertInto('part_price_breaks').values({ part_id: partId, min_quantity: 10, unit_price_cents: 850 }).execute();
    const order = { partId, customername: 'Alice', address: '1 Road', orderQuantity: 10 };

    const atList = await postOrder(app, alice.cookie, { ...order, quotedUnitPrice: 10 });
    expect(atList.statusCode).toBe(409);
    expect((atList.json() as { unitPrice: number }).unitPrice).toBe(8.5);

    const atBreak = await postOrder(app, alice.cookie, { ...order, quotedUnitPrice: 8.5 });
    expect(atBreak.statusCode, atBreak.body).toBe(200);
    expect((await orderRow(app, (atBreak.json() as { insertedId: string }).insertedId)).subtotal_cents).toBe(8500);
  });

  it('places an API caller’s order without a quoted price at the server’s price, as before', async () => {
    const partId = await insertPart(app, { priceCents: 1234, available: 10 });

    const response = await postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity: 2 });

    expect(response.statusCode, response.body).toBe(200);
    expect((await orderRow(app, (response.json() as { insertedId: string }).insertedId)).subtotal_cents).toBe(2468);
  });
});

describe('POST /api/order sent again with its key (decision 162)', () => {
  it('answers the order the first request placed and takes its stock once; a new key places another', async () => {
    const partId = await insertPart(app, { available: 10 });
    const body = { partId, customername: 'Alice', address: '1 Test Street', orderQuantity: 2, idempotencyKey: 'part-page-attempt-0001' };
    const first = await postOrder(app, alice.cookie, body);
    expect(first.statusCode, first.body).toBe(200);
    // The connection dropped before the reply: the form sends the same attempt again.
    const again = await postOrder(app, alice.cookie, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersInDb(partId)).toHaveLength(1);
    expect(await stockOf(app, partId)).toBe(8);

    const next = await postOrder(app, alice.cookie, { ...body, idempotencyKey: 'part-page-attempt-0002' });
    expect(next.statusCode, next.body).toBe(200);
    expect(await ordersInDb(partId)).toHaveLength(2);
    expect(await stockOf(app, partId)).toBe(6);
  });
});

describe('GET /api/myorder/{email}', () => {
  it('lists only the caller’s own orders, newest first, each priced at its total and unpaid', async () => {
    const partId = await insertPart(app, { priceCents: 250, available: 100 });
    const first = await placeOrder(app, alice, partId, 2);
    const bobs = await placeOrder(app, bob, partId, 1);
    const second = await placeOrder(app, alice, partId, 5);

    const orders = (await myOrders(app, alice)).filter((order) => order.partId === partId);

    expect(orders.map((order) => order._id)).toEqual([second, first]);
    expect(orders.map((order) => [order.price, order.unitPrice, order.orderQuantity])).toEqual([
      [12.5, 2.5, 5],
      [5, 2.5, 2],
    ]);
    for (const order of orders) {
      expect(order).toMatchObject({ email: alice.email, paid: false, status: 'unpaid', transactionId: null });
    }
    expect((await myOrders(app, alice)).map((order) => order._id)).not.toContain(bobs);
    expect((await myOrders(app, alice)).every((order) => order.email === alice.email)).toBe(true);
  });

  it('answers 403 for someone else’s e-mail', async () => {
    const response = await getMyOrders(app, alice.token, bob.email);

    expect(response.statusCode).toBe(403);
    expect(messageOf(response)).toBe(apiErrors.emailMismatch);
  });

  it('lets an admin read anyone’s orders', async () => {
    const partId = await insertPart(app);
    const bobs = await placeOrder(app, bob, partId, 1);

    const response = await getMyOrders(app, admin.token, bob.email);

    expect(response.statusCode).toBe(200);
    const orders = response.json() as Order[];
    expect(orders.map((order) => order._id)).toContain(bobs);
    expect(orders.every((order) => order.email === bob.email)).toBe(true);
  });

  it('answers 401 to a signed-out caller and to a bad token', async () => {
    expect((await getMyOrders(app, undefined, alice.email)).statusCode).toBe(401);
    expect((await getMyOrders(app, 'not-a-token', alice.email)).statusCode).toBe(401);
  });

  it('accepts the session cookie as well as the bearer token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/myorder/${encodeURIComponent(alice.email)}`,
      headers: { cookie: alice.cookie },
    });

    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/order/{id}', () => {
  it('answers the owner the order with its part’s description, stock and minimum', async () => {
    const partId = await insertPart(app, { priceCents: 999, available: 30, minimum: 2 });
    const orderId = await placeOrder(app, alice, partId, 4);

    const response = await getOrder(alice.token, orderId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject<Partial<OrderDetail>>({
      _id: orderId,
      partId,
      price: 39.96,
      unitPrice: 9.99,
      orderQuantity: 4,
      email: alice.email,
      paid: false,
      status: 'unpaid',
      description: 'A part made for a test.',
      availableQuantity: 26,
      minOrderQuantity: 2,
    });
  });

  it('answers 404 to another customer, as if the order did not exist', async () => {
    const orderId = await placeOrder(app, alice, await insertPart(app));

    const response = await getOrder(bob.token, orderId);

    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.orderNotFound);
  });

  it('lets an admin read it', async () => {
    const orderId = await placeOrder(app, alice, await insertPart(app));

    const response = await getOrder(admin.token, orderId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: orderId, email: alice.email });
  });

  it.each([
    ['a malformed id', 'not-an-id'],
    ['a well-formed id that names no order', '00000000-0000-4000-8000-000000000000'],
  ])('answers 404 to %s', async (_label, id) => {
    const response = await getOrder(alice.token, id);

    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.orderNotFound);
  });

  it('answers 401 to a signed-out caller', async () => {
    const orderId = await placeOrder(app, alice, await insertPart(app));

    const response = await app.inject({ method: 'GET', url: `/api/order/${orderId}` });

    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/orders/by-number/{orderNumber}', () => {
  const byNumber = (token: string | undefined, orderNumber: string) =>
    app.inject({ method: 'GET', url: `/api/orders/by-number/${encodeURIComponent(orderNumber)}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers the owner and admins the order as My Orders shows it; anyone else 404; signed out 401', async () => {
    const partId = await insertPart(app, { priceCents: 999, available: 30 });
    const orderId = await placeOrder(app, alice, partId, 3);
    const orderNumber = String((await orderRow(app, orderId)).order_number);

    const mine = await byNumber(alice.token, orderNumber);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject<Partial<Order>>({ _id: orderId, orderNumber, partId, orderQuantity: 3, price: 29.97, email: alice.email });
    // As My Orders shows it, and `yours`: the caller placed it (decision 106).
    expect(mine.json()).toEqual({ ...(await myOrders(app, alice)).find((order) => order._id === orderId), yours: true, paymentMethod: 'card', dueOn: null });

    expect((await byNumber(admin.token, orderNumber)).json()).toMatchObject({ _id: orderId, yours: false });
    const other = await byNumber(bob.token, orderNumber);
    expect(other.statusCode).toBe(404);
    expect(messageOf(other)).toBe(apiErrors.orderNotFound);
    expect((await byNumber(undefined, orderNumber)).statusCode).toBe(401);
  });

  it.each([['a number no order has', '999999999'], ['not a number', 'RMA-000001']])('answers 404 to %s', async (_label, orderNumber) => {
    const response = await byNumber(alice.token, orderNumber);
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.orderNotFound);
  });
});

describe('DELETE /api/myorder?id=', () => {
  it('cancels the owner’s order: deletedCount 1, stock back, gone from My Orders, kept as cancelled', async () => {
    const partId = await insertPart(app, { available: 20 });
    const orderId = await placeOrder(app, alice, partId, 6);
    expect(await stockOf(app, partId)).toBe(14);

    const response = await cancelOrderRequest(app, alice.cookie, orderId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(app, partId)).toBe(20);
    expect((await myOrders(app, alice)).map((order) => order._id)).not.toContain(orderId);
    const row = await orderRow(app, orderId);
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_at).toBeInstanceOf(Date);
  });

  it('answers 404 for someone else’s order and changes nothing', async () => {
    const partId = await insertPart(app, { available: 20 });
    const orderId = await placeOrder(app, alice, partId, 3);

    const response = await cancelOrderRequest(app, bob.cookie, orderId);

    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.orderNotFound);
    expect(await stockOf(app, partId)).toBe(17);
    expect((await orderRow(app, orderId)).status).toBe('unpaid');
    expect((await myOrders(app, alice)).map((order) => order._id)).toContain(orderId);
  });

  it('answers 404 the second time and gives the stock back only once', async () => {
    const partId = await insertPart(app, { available: 20 });
    const orderId = await placeOrder(app, alice, partId, 3);
    expect((await cancelOrderRequest(app, alice.cookie, orderId)).json()).toEqual({ deletedCount: 1 });

    const again = await cancelOrderRequest(app, alice.cookie, orderId);

    expect(again.statusCode).toBe(404);
    expect(messageOf(again)).toBe(apiErrors.orderNotFound);
    expect(await stockOf(app, partId)).toBe(20);
  });

  it('answers 409 for a shipped order and leaves it and the stock alone', async () => {
    const partId = await insertPart(app, { available: 20 });
    const orderId = await placeOrder(app, alice, partId, 3);
    await setOrderStatus(app, orderId, 'shipped');

    const response = await cancelOrderRequest(app, alice.cookie, orderId);

    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe(apiErrors.shippedNotCancellable);
    expect(await stockOf(app, partId)).toBe(17);
    expect((await orderRow(app, orderId)).status).toBe('shipped');
  });

  it.each([
    ['a malformed id', 'not-an-id'],
    ['a well-formed id that names no order', '00000000-0000-4000-8000-000000000000'],
  ])('answers 404 to %s', async (_label, id) => {
    const response = await cancelOrderRequest(app, alice.cookie, id);

    expect(response.statusCode).toBe(404);
  });

  it('answers 401 to a signed-out caller and leaves the order', async () => {
    const partId = await insertPart(app, { available: 20 });
    const orderId = await placeOrder(app, alice, partId, 3);

    const response = await cancelOrderRequest(app, undefined, orderId);

    expect(response.statusCode).toBe(401);
    expect((await orderRow(app, orderId)).status).toBe('unpaid');
    expect(await stockOf(app, partId)).toBe(17);
  });
});
