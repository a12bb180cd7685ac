import { ADMIN_ORDERS_PAGE_SIZE, USER_SEARCH_MAX, adminMessages, apiErrors, centsToDollars, shipmentMessages, type AdminOrderPage, type Order, type OrderStatus } from '@autoparts/shared';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byCookie, byToken, call, expectReply, payOrder } from '../../test/admin';
import { createTestApp } from '../../test/app';
import {
  cancelOrderRequest,
  insertPart,
  myOrders,
  orderRow,
  placeOrder,
  setOrderStatus,
  signUpAdmin,
  signUpCustomer,
  stockOf,
  type Customer,
} from '../../test/orders';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';

let app: FastifyInstance;
let admin: Customer;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, alice, bob] = await Promise.all([
    signUpAdmin(app, 'orders-admin'),
    signUpCustomer(app, 'alice'),
    signUpCustomer(app, 'bob'),
  ]);
});

afterAll(async () => {
  await app?.close();
});

interface ListQuery {
  status?: string;
  email?: string;
  page?: number | string;
  pageSize?: number | string;
}

function listOrders(query: ListQuery = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return call(app, byToken(admin), { method: 'GET', url: `/api/admin/orders?${search}` });
}

async function listed(query: ListQuery = {}): Promise<AdminOrderPage> {
  const response = await listOrders(query);
  expectReply(response, 200);
  return response.json();
}

const ship = (id: string) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${id}/ship` });
const cancel = (id: string) => call(app, byCookie(admin), { method: 'POST', url: `/api/admin/order/${id}/cancel` });

/**
 * What GET /admin/orders should answer, worked out from the table directly: newest first, the
 * status equal, the e-mail containing the search literally (no wildcards), in any case.
 */
async function expectedPage(query: ListQuery) {
  const rows = await app.db.selectFrom('orders').select(['id', 'email', 'status', 'seq']).execute();
  const term = query.email?.trim().toLowerCase() ?? '';
  const matching = rows
    .filter((row) => !query.status || row.status === query.status)
    .filter((row) => row.email.toLowerCase().includes(term))
    .sort((a, b) => Number(b.seq) - Number(a.seq));
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? ADMIN_ORDERS_PAGE_SIZE);
  return {
    ids: matching.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id),
    total: matching.length,
    page,
    pageSize,
  };
}

async function expectListed(query: ListQuery) {
  const reply = await listed(query);
  const expected = await expectedPage(query);
  expect({ ids: reply.orders.map((order) => order._id), total: reply.total, page: reply.page, pageSize: reply.pageSize }).toEqual(expected);
  return reply;
}

/** An order kept for the records under any e-mail (a removed customer's, say). */
async function insertOrder(email: string, partId: string): Promise<string> {
  const { id } = await app.db
    .insertInto('orders')
    .values({
      email,
      customer_name: 'On record',
      part_id: partId,
      part_name: 'Record part',
      part_img: '/images/parts/record.png',
      unit_price_cents: 100,
      quantity: 1,
      expires_at: new Date(Date.now() + 60 * 60 * 1000),
      total_cents: 100,
      address: '1 Record Road',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('order_lines')
    .values({ order_id: id, position: 1, part_id: partId, part_number: 'REC-1', name: 'Record part', img: '/images/parts/record.png', quantity: 1, unit_price_cents: 100, line_total_cents: 100 })
    .execute();
  return id;
}

describe('GET /api/admin/orders', () => {
  const statuses: OrderStatus[] = ['unpaid', 'paid', 'shipped', 'cancelled'];
  // Oddly spelled e-mails, for the search: each holds a character LIKE would read as a pattern.
  const odd = {
    percent: 'per%cent@records.example',
    underscore: 'under_score@records.example',
    lookalike: 'underXscore@records.example',
    backslash: 'back\\slash@records.example',
  };

  beforeAll(async () => {
    const partId = await insertPart(app, { available: 1000 });
    // 25 orders of two customers, interleaved, in every status.
    for (let n = 0; n < 25; n++) {
      const orderId = await placeOrder(app, n % 2 === 0 ? alice : bob, partId);
      await setOrderStatus(app, orderId, statuses[n % 4]!);
    }
    for (const email of Object.values(odd)) await insertOrder(email, partId);
  });

  it('answers every customer’s orders newest first, 20 to a page by default, with the total', async () => {
    const reply = await expectListed({});

    expect(reply.page).toBe(1);
    expect(reply.pageSize).toBe(ADMIN_ORDERS_PAGE_SIZE);
    expect(reply.orders).toHaveLength(20);
    expect(reply.total).toBeGreaterThanOrEqual(29);
    const emails = new Set(reply.orders.map((order) => order.email));
    expect(emails).toContain(alice.email);
    expect(emails).toContain(bob.email);
    const seqOrder = reply.orders.map((order) => Date.parse(order.createdAt));
    expect([...seqOrder].sort((a, b) => b - a)).toEqual(seqOrder);
  });

  it('sends each order in full, as the customer’s My Orders does', async () => {
    const [mine] = (await myOrders(app, alice)).slice(-1);
    const reply = await listed({ email: alice.email, pageSize: 100 });

    // My Orders adds whether its placer may still act on it (`mayAct`, decision 138); the rest is the same.
    const { mayAct, ...order } = mine! as Order & { mayAct?: boolean };
    expect(mayAct).toBe(true);
    expect(reply.orders.find((listedOrder) => listedOrder._id === order._id)).toEqual<Order>(order);
  });

  it('pages on the server: pages of 10 cover every order once, in order, and the total stays', async () => {
    const { total } = await listed({});
    const pages = Math.ceil(total / 10);
    const seen: string[] = [];

    for (let page = 1; page <= pages + 1; page++) {
      const reply = await expectListed({ page, pageSize: 10 });
      expect(reply.total).toBe(total);
      expect(reply.orders).toHaveLength(page <= pages ? Math.min(10, total - (page - 1) * 10) : 0);
      seen.push(...reply.orders.map((order) => order._id));
    }

    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual((await expectedPage({ pageSize: 1000 })).ids);
  });

  it('answers an empty page, with the total, past the end', async () => {
    const reply = await listed({ page: 1000 });

    expect(reply.orders).toEqual([]);
    expect(reply.total).toBe((await expectedPage({})).total);
    expect(await listed({ page: 10_000, pageSize: 100 })).toMatchObject({ orders: [] });
    // As every other list: no page past 10,000 (an offset of 2^53 rows was read).
    expectReply(await listOrders({ page: 10_001 }), 400);
    expectReply(await listOrders({ page: Number.MAX_SAFE_INTEGER, pageSize: 100 }), 400);
  });

  it.each(statuses)('filters by status %s, with its own total', async (status) => {
    const reply = await expectListed({ status, pageSize: 100 });

    expect(reply.total).toBeGreaterThan(0);
    for (const order of reply.orders) expect(order.status).toBe(status);
  });

  it('searches by a part of the e-mail in any case, alone and with status and pages', async () => {
    const term = alice.email.slice(0, 8).toUpperCase();

    const all = await expectListed({ email: term, pageSize: 100 });
    expect(all.total).toBe(13);
    for (const order of all.orders) expect(order.email).toBe(alice.email);

    const shipped = await expectListed({ email: ` ${term} `, status: 'shipped' });
    expect(shipped.total).toBeGreaterThan(0);
    for (const order of shipped.orders) expect(order).toMatchObject({ email: alice.email, status: 'shipped' });

    const secondPage = await expectListed({ email: term, page: 2, pageSize: 5 });
    expect(secondPage.orders).toHaveLength(5);
    expect(secondPage.total).toBe(13);
  });

  it.each([
    ['%', [odd.percent]],
    ['r%c', [odd.percent]],
    ['_', [odd.underscore]],
    ['under_score', [odd.underscore]],
    ['\\', [odd.backslash]],
    ['k\\s', [odd.backslash]],
    ['UNDERXSCORE', [odd.lookalike]],
  ])('takes %j in the search literally, not as a pattern', async (term, emails) => {
    const reply = await expectListed({ email: term, pageSize: 100 });

    expect(reply.orders.map((order) => order.email)).toEqual(emails);
  });

  it.each([
    "' OR '1'='1",
    "%' OR 1=1 --",
    "x'; DROP TABLE orders; --",
    "') OR true --",
    '\\%',
  ])('finds nothing for %j and the orders are still there: the search is a value, not SQL', async (term) => {
    const before = (await expectedPage({})).total;

    const reply = await listed({ email: term });

    expect(reply).toMatchObject({ orders: [], total: 0 });
    expect((await expectedPage({})).total).toBe(before);
    expect((await listed({})).total).toBe(before);
  });

  it.each([
    ['an unknown status', { status: 'refunded' }],
    ['a status in capitals', { status: 'PAID' }],
    ['SQL for a status', { status: "paid' OR '1'='1" }],
    ['page 0', { page: 0 }],
    ['a negative page', { page: -1 }],
    ['a page that is no number', { page: 'two' }],
    ['a fractional page', { page: 1.5 }],
    ['an empty page', { page: '' }],
    ['page size 0', { pageSize: 0 }],
    ['a page size over 100', { pageSize: 101 }],
    ['an over-long search', { email: 'x'.repeat(201) }],
  ])('answers 400 to %s', async (_label, query) => {
    const response = await listOrders(query);

    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { message: string }).message).toMatch(/\S/);
  });

  it('says an over-long search is too long, in the words of Make Admin’s search, not "This request is not valid."', async () => {
    expectReply(await listOrders({ email: 'x'.repeat(USER_SEARCH_MAX + 1) }), 400, adminMessages.userSearchTooLong);
    expectReply(await listOrders({ email: 'x'.repeat(USER_SEARCH_MAX) }), 200);
  });
});

describe('POST /api/admin/order/{id}/ship', () => {
  it('ships a paid order: modifiedCount 1, and the customer sees it shipped and paid', async () => {
    const orderId = await placeOrder(app, alice, await insertPart(app));
    await payOrder(app, alice, orderId);

    const response = await ship(orderId);

    expectReply(response, 200);
    expect(response.json()).toEqual({ modifiedCount: 1, shipmentId: expect.any(String), status: 'shipped' });
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'shipped', shipped_at: expect.any(Date) });
    expect((await myOrders(app, alice)).find((order) => order._id === orderId)).toMatchObject({ status: 'shipped', paid: true });
  });

  it.each(['unpaid', 'shipped', 'cancelled'] as const)('answers 409 for an order that is %s and leaves it so', async (status) => {
    const orderId = await placeOrder(app, alice, await insertPart(app));
    await setOrderStatus(app, orderId, status);

    expectReply(await ship(orderId), 409, shipmentMessages.notShippable);

    expect((await orderRow(app, orderId)).status).toBe(status);
  });

  it.each([
    ['a well-formed id that names no order', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', encodeURIComponent("1' or '1'='1")],
  ])('answers 404 for %s', async (_label, id) => {
    expectReply(await ship(id), 404, apiErrors.orderNotFound);
  });

  it('ships an order once when two admins ship it at the same time', async () => {
    const orderId = await placeOrder(app, alice, await insertPart(app));
    await payOrder(app, alice, orderId);
    const audits = await auditCount(app);

    const replies = await Promise.all([ship(orderId), ship(orderId)]);

    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await auditCount(app)).toBe(audits + 1);
  });
});

describe('POST /api/admin/order/{id}/cancel', () => {
  it('cancels an unpaid order: deletedCount 1, stock back, gone from My Orders, kept for the admin as cancelled', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, bob, partId, 4);

    const response = await cancel(orderId);

    expectReply(response, 200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(app, partId)).toBe(10);
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(Date) });
    expect((await myOrders(app, bob)).map((order) => order._id)).not.toContain(orderId);
    const kept = await listed({ status: 'cancelled', email: bob.email, pageSize: 100 });
    expect(kept.orders.map((order) => order._id)).toContain(orderId);
  });

  it('cancels a paid order through the test provider: deletedCount 1, what was refunded, and the stock back', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, bob, partId, 3);
    await payOrder(app, bob, orderId);
    const { transaction_id, total_cents } = await orderRow(app, orderId);

    const response = await cancel(orderId);

    expectReply(response, 200);
    expect(response.json()).toEqual({ deletedCount: 1, refunded: centsToDollars(Number(total_cents)) });
    expect(await stockOf(app, partId)).toBe(10);
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'cancelled', transaction_id });
  });

  it('answers 409 for a shipped order and leaves it and the stock alone', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, bob, partId, 2);
    await payOrder(app, bob, orderId);
    expectReply(await ship(orderId), 200);

    expectReply(await cancel(orderId), 409, apiErrors.shippedNotCancellable);

    expect((await orderRow(app, orderId)).status).toBe('shipped');
    expect(await stockOf(app, partId)).toBe(8);
  });

  // Regression (decision 135): a second admin's cancel, on the list they still had, said "Order not found".
  it('answers 409 "already cancelled", naming the order, for a cancelled order, and gives the stock back only once', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, bob, partId, 5);
    expectReply(await cancelOrderRequest(app, bob.cookie, orderId), 200);
    const { order_number: orderNumber } = await orderRow(app, orderId);

    expectReply(await cancel(orderId), 409, adminMessages.orderEnded(String(orderNumber), 'cancelled'));

    expect(await stockOf(app, partId)).toBe(10);
  });

  it('answers 409 "already expired", naming the order, for an expired order', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, bob, partId, 1);
    await setOrderStatus(app, orderId, 'expired');
    const { order_number: orderNumber } = await orderRow(app, orderId);

    expectReply(await cancel(orderId), 409, adminMessages.orderEnded(String(orderNumber), 'expired'));
  });

  it('answers the second of two admins cancelling at once that the order was already cancelled', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, bob, partId, 3);
    const { order_number: orderNumber } = await orderRow(app, orderId);

    const replies = await Promise.all([cancel(orderId), cancel(orderId)]);

    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes, replies.map((reply) => reply.body).join(' ')).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409)!;
    expect(refused.json()).toEqual({ message: adminMessages.orderEnded(String(orderNumber), 'cancelled') });
    expect(await stockOf(app, partId)).toBe(10);
  });

  it.each([
    ['a well-formed id that names no order', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', encodeURIComponent("1' or '1'='1")],
  ])('answers 404 for %s', async (_label, id) => {
    expectReply(await cancel(id), 404, apiErrors.orderNotFound);
  });

  it('gives the stock back once when the admin and the customer cancel at the same time', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, bob, partId, 6);

    const replies = await Promise.all([cancel(orderId), cancelOrderRequest(app, bob.cookie, orderId)]);

    const cancelled = replies.filter((reply) => reply.statusCode === 200 && reply.json().deletedCount === 1);
    expect(cancelled, replies.map((reply) => reply.body).join(' ')).toHaveLength(1);
    for (const reply of replies) if (reply !== cancelled[0]) expect([200, 404, 409]).toContain(reply.statusCode);
    expect(await stockOf(app, partId)).toBe(10);
  });
});

interface StripeGate {
  url: string;
  /** From now on, refund requests wait at the gate until `release`. */
  holdRefunds(): void;
  /** Settles once a refund request is waiting at the gate. */
  refundHeld(): Promise<void>;
  /** Lets the waiting refunds through, and the next ones too. */
  release(): void;
  stop(): Promise<void>;
}

/** Stands between the app and the Stripe stand-in and can hold refunds back: a slow Stripe. */
async function startStripeGate(target: string): Promise<StripeGate> {
  let holding = false;
  let held: Array<() => void> = [];
  let onHeld: (() => void) | undefined;
  const server = http.createServer((request, response) => {
    const forward = () => {
      const upstream = http.request(
        new URL(request.url ?? '/', target),
        { method: request.method, headers: request.headers },
        (reply) => {
          response.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(response);
        },
      );
      request.pipe(upstream);
    };
    if (holding && request.url?.startsWith('/v1/refunds')) {
      held.push(forward);
      onHeld?.();
    } else {
      forward();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    holdRefunds: () => {
      holding = true;
    },
    refundHeld: () => (held.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => (onHeld = resolve))),
    release: () => {
      holding = false;
      for (const forward of held) forward();
      held = [];
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('POST /api/admin/order/{id}/cancel in Stripe mode', () => {
  let stripeApp: FastifyInstance;
  let stripeApi: StripeStandIn;
  let gate: StripeGate;
  let stripeAdmin: Customer;
  let carol: Customer;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    gate = await startStripeGate(stripeApi.url);
    stripeApp = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_BASE: gate.url,
      },
    });
    [stripeAdmin, carol] = await Promise.all([signUpAdmin(stripeApp, 'stripe-admin'), signUpCustomer(stripeApp, 'carol')]);
  });

  afterAll(async () => {
    await stripeApp?.close();
    await gate?.stop();
    await stripeApi?.stop();
  });

  /** An order of carol's that Stripe has taken payment for (as its verified webhook would record). */
  async function paidOrder(paymentIntent: string, quantity = 2) {
    const partId = await insertPart(stripeApp, { available: 10 });
    const orderId = await placeOrder(stripeApp, carol, partId, quantity);
    await stripeApp.db
      .updateTable('orders')
      .set({ status: 'paid', payment_provider: 'stripe', transaction_id: paymentIntent, paid_at: new Date() })
      .where('id', '=', orderId)
      .execute();
    return { partId, orderId };
  }

  const adminCall = (path: string) => call(stripeApp, byToken(stripeAdmin), { method: 'POST', url: `/api/admin/order/${path}` });
  const refundsOf = (orderId: string) => stripeApi.refunds.filter((refund) => refund.metadata.orderId === orderId);

  it('refunds the payment through Stripe once, then cancels and gives the stock back', async () => {
    const { partId, orderId } = await paidOrder('pi_admin_cancel');

    const response = await adminCall(`${orderId}/cancel`);

    expectReply(response, 200);
    const { total_cents } = await orderRow(stripeApp, orderId);
    expect(response.json()).toEqual({ deletedCount: 1, refunded: centsToDollars(Number(total_cents)) });
    expect(refundsOf(orderId)).toEqual([expect.objectContaining({ payment_intent: 'pi_admin_cancel' })]);
    expect(await stockOf(stripeApp, partId)).toBe(10);
    expect((await orderRow(stripeApp, orderId)).status).toBe('cancelled');
  });

  it('keeps the order paid, the stock sold and the audit log unchanged when Stripe refuses the refund', async () => {
    const { partId, orderId } = await paidOrder('pi_refused');
    stripeApi.failNext('/v1/refunds', { status: 503, message: 'Stripe is briefly unavailable' });
    const audits = await auditCount(stripeApp);

    const response = await adminCall(`${orderId}/cancel`);

    expect(response.statusCode, response.body).toBe(502);
    expect(await orderRow(stripeApp, orderId)).toMatchObject({ status: 'paid', transaction_id: 'pi_refused' });
    expect(await stockOf(stripeApp, partId)).toBe(8);
    expect(await auditCount(stripeApp)).toBe(audits);
  });

  // The refund of a paid order must not go out for an order that ships meanwhile: the customer
  // would have both the money and the goods. The gate holds the refund request at Stripe's door,
  // so the ship arrives in that window.
  it('refunds nothing for an order that ships while an admin cancels it', async () => {
    const { orderId } = await paidOrder('pi_race');
    gate.holdRefunds();

    const cancelling = adminCall(`${orderId}/cancel`);
    await gate.refundHeld();
    const shipping = adminCall(`${orderId}/ship`);
    // A fix may make the ship wait for the cancel (a row lock): it must not wait for ever here.
    await Promise.race([shipping, new Promise((resolve) => setTimeout(resolve, 500))]);
    gate.release();
    const [shipped, cancelled] = await Promise.all([shipping, cancelling]);

    expect([shipped.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
    const { status } = await orderRow(stripeApp, orderId);
    expect({ status, refunds: refundsOf(orderId).length }).toEqual(
      status === 'shipped' ? { status, refunds: 0 } : { status: 'cancelled', refunds: 1 },
    );
  });

  // Regression (was a bug): since caa12e6 the refund runs inside the cancel's database transaction
  // (orders/repository.ts `cancel`, its `settle`). On PGlite the database is one connection that a
  // transaction holds exclusively (db/pglite-dialect.ts), so while Stripe is slow to answer a
  // refund — up to its timeout, with retries — every other request of the shop waits.
  it('keeps answering other requests while a refund waits on Stripe', async () => {
    const { orderId } = await paidOrder('pi_slow');
    gate.holdRefunds();
    const cancelling = adminCall(`${orderId}/cancel`);
    await gate.refundHeld();

    // Answered while the refund is still held, however slow the machine: the refund is let go only
    // after. Were the request to wait for the refund, it would never be answered (the test's time-out).
    const parts = await stripeApp.inject({ method: 'GET', url: '/api/parts' });
    gate.release();
    await cancelling;

    expect(parts.statusCode).toBe(200);
  });
});
