import { apiErrors, paymentMessages } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  cancelOrderRequest,
  insertPart,
  messageOf,
  myOrders,
  orderRow,
  placeOrder,
  setOrderStatus,
  signUpCustomer,
  stockOf,
  type Customer,
} from '../../test/orders';

/** No STRIPE_* in the environment: the built-in test provider (DESIGN §6). */
let app: FastifyInstance;
let alice: Customer;
let bob: Customer;

const PAYS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([signUpCustomer(app, 'payer'), signUpCustomer(app, 'other')]);
});

afterAll(async () => {
  await app?.close();
});

function pay(cookie: string | undefined, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/test/pay',
    headers: cookie ? { cookie } : {},
    payload: { expiry: '12/34', cvc: '123', ...body },
  });
}

async function newOrder(owner: Customer = alice, quantity = 1) {
  const partId = await insertPart(app, { available: 50 });
  const orderId = await placeOrder(app, owner, partId, quantity);
  return { partId, orderId };
}

async function myOrder(orderId: string, owner: Customer = alice) {
  return (await myOrders(app, owner)).find((order) => order._id === orderId);
}

describe('test payment mode', () => {
  it('says so in GET /api/config', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ payments: 'test' });
  });

  it('has no Stripe checkout: POST /api/payments/checkout is 404', async () => {
    const { orderId } = await newOrder();

    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: { cookie: alice.cookie },
      payload: { orderId },
    });

    expect(response.statusCode).toBe(404);
    expect((await orderRow(app, orderId)).status).toBe('unpaid');
  });

  it('has no Stripe webhook either', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });

    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/payments/test/pay', () => {
  it('pays with 4242 4242 4242 4242, and My Orders shows it paid with the transaction id', async () => {
    const { orderId } = await newOrder();

    const response = await pay(alice.cookie, { orderId, cardNumber: PAYS });

    expect(response.statusCode, response.body).toBe(200);
    const { paid, transactionId } = response.json() as { paid: boolean; transactionId: string };
    expect(paid).toBe(true);
    expect(transactionId).toMatch(/\S/);
    expect(await myOrder(orderId)).toMatchObject({ paid: true, status: 'paid', transactionId });
    expect(await orderRow(app, orderId)).toMatchObject({ payment_provider: 'test', paid_at: expect.any(Date) });
  });

  it('answers 409 to paying it again and keeps the first transaction id', async () => {
    const { orderId } = await newOrder();
    const first = await pay(alice.cookie, { orderId, cardNumber: PAYS });
    const { transactionId } = first.json() as { transactionId: string };

    const again = await pay(alice.cookie, { orderId, cardNumber: PAYS });

    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(apiErrors.alreadyPaid);
    expect(await myOrder(orderId)).toMatchObject({ paid: true, transactionId });
  });

  it('declines 4000 0000 0000 0002 with 402 and leaves the order unpaid', async () => {
    const { orderId } = await newOrder();

    const response = await pay(alice.cookie, { orderId, cardNumber: DECLINED });

    expect(response.statusCode).toBe(402);
    expect(messageOf(response)).toBe(paymentMessages.declined);
    expect(await myOrder(orderId)).toMatchObject({ paid: false, status: 'unpaid', transactionId: null });
  });

  it('still pays with the good card after a decline', async () => {
    const { orderId } = await newOrder();
    expect((await pay(alice.cookie, { orderId, cardNumber: DECLINED })).statusCode).toBe(402);

    const response = await pay(alice.cookie, { orderId, cardNumber: '4242-4242-4242-4242' });

    expect(response.statusCode).toBe(200);
    expect(await myOrder(orderId)).toMatchObject({ paid: true });
  });

  it('answers 400 with the test-card hint to any other number', async () => {
    const { orderId } = await newOrder();

    const response = await pay(alice.cookie, { orderId, cardNumber: '5555 5555 5555 4444' });

    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(paymentMessages.unknownTestCard);
    expect((await orderRow(app, orderId)).status).toBe('unpaid');
  });

  it('answers 400 to a 10,000-character orderId, as to any id past the 64 characters ids are bounded by', async () => {
    const response = await pay(alice.cookie, { orderId: 'o'.repeat(10_000), cardNumber: PAYS });

    expect(response.statusCode).toBe(400);
  });

  it('refuses an expired card (01/20) with the reason and charges nothing', async () => {
    const { orderId } = await newOrder();

    const response = await pay(alice.cookie, { orderId, cardNumber: PAYS, expiry: '01/20' });

    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain(paymentMessages.cardExpired);
    expect((await orderRow(app, orderId)).status).toBe('unpaid');
  });

  it.each([
    ['a month 13 expiry', { expiry: '13/30' }],
    ['a one-digit month', { expiry: '1/30' }],
    ['an empty expiry', { expiry: '' }],
    ['a two-digit cvc', { cvc: '12' }],
    ['a letter cvc', { cvc: '12a' }],
    ['a five-digit cvc', { cvc: '12345' }],
    ['letters as the card number', { cardNumber: 'four two four two' }],
    ['a missing card number', { cardNumber: undefined }],
  ])('answers 400 to %s and charges nothing', async (_label, fields) => {
    const { orderId } = await newOrder();

    const response = await pay(alice.cookie, { orderId, cardNumber: PAYS, ...fields });

    expect(response.statusCode, response.body).toBe(400);
    expect((await orderRow(app, orderId)).status).toBe('unpaid');
  });

  it('answers 404 for someone else’s order and leaves it unpaid', async () => {
    const { orderId } = await newOrder(bob);

    const response = await pay(alice.cookie, { orderId, cardNumber: PAYS });

    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(apiErrors.orderNotFound);
    expect(await myOrder(orderId, bob)).toMatchObject({ paid: false });
  });

  it.each([
    ['a malformed order id', 'not-an-id'],
    ['an order id that names nothing', '00000000-0000-4000-8000-000000000000'],
  ])('answers 404 to %s', async (_label, orderId) => {
    const response = await pay(alice.cookie, { orderId, cardNumber: PAYS });

    expect(response.statusCode).toBe(404);
  });

  it('answers 409 for a cancelled order', async () => {
    const { orderId } = await newOrder();
    expect((await cancelOrderRequest(app, alice.cookie, orderId)).json()).toEqual({ deletedCount: 1 });

    const response = await pay(alice.cookie, { orderId, cardNumber: PAYS });

    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe(apiErrors.orderCancelled);
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'cancelled', transaction_id: null });
  });

  it('answers 409 for a shipped order', async () => {
    const { orderId } = await newOrder();
    await setOrderStatus(app, orderId, 'shipped');

    const response = await pay(alice.cookie, { orderId, cardNumber: PAYS });

    expect(response.statusCode).toBe(409);
    expect((await orderRow(app, orderId)).transaction_id).toBeNull();
  });

  it('answers 401 to a signed-out caller', async () => {
    const { orderId } = await newOrder();

    const response = await pay(undefined, { orderId, cardNumber: PAYS });

    expect(response.statusCode).toBe(401);
    expect((await orderRow(app, orderId)).status).toBe('unpaid');
  });

  it('lets exactly one of two simultaneous payments of one order through', async () => {
    const { orderId } = await newOrder();

    const replies = await Promise.all([
      pay(alice.cookie, { orderId, cardNumber: PAYS }),
      pay(alice.cookie, { orderId, cardNumber: PAYS }),
      pay(alice.cookie, { orderId, cardNumber: PAYS }),
    ]);

    const ok = replies.filter((reply) => reply.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const reply of replies.filter((r) => r.statusCode !== 200)) {
      expect(reply.statusCode).toBe(409);
      expect(messageOf(reply)).toBe(apiErrors.alreadyPaid);
    }
    expect((await orderRow(app, orderId)).transaction_id).toBe(ok[0]!.json().transactionId);
  });

  it('cancels a paid test order: deletedCount 1, the amount refunded, and the stock back', async () => {
    const { orderId, partId } = await newOrder(alice, 4);
    expect(await stockOf(app, partId)).toBe(46);
    expect((await pay(alice.cookie, { orderId, cardNumber: PAYS })).statusCode).toBe(200);

    const response = await cancelOrderRequest(app, alice.cookie, orderId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1, refunded: 49.36 });
    expect(await stockOf(app, partId)).toBe(50);
    expect((await orderRow(app, orderId)).status).toBe('cancelled');
    expect(await myOrder(orderId)).toBeUndefined();
  });
});

describe('GET /api/orders/history', () => {
  const history = (cookie: string | undefined) =>
    app.inject({ method: 'GET', url: '/api/orders/history', headers: cookie ? { cookie } : {} });

  it('lists the customer’s cancelled and expired orders, newest first, with what was refunded', async () => {
    const carol = await signUpCustomer(app, 'history');
    const partId = await insertPart(app, { available: 50, priceCents: 1000 });
    const unpaid = await placeOrder(app, carol, partId, 1);
    const paid = await placeOrder(app, carol, partId, 2);
    const expired = await placeOrder(app, carol, partId, 3);
    const open = await placeOrder(app, carol, partId, 4);
    expect((await pay(carol.cookie, { orderId: paid, cardNumber: PAYS })).statusCode).toBe(200);
    expect((await cancelOrderRequest(app, carol.cookie, unpaid)).json()).toEqual({ deletedCount: 1 });
    expect((await cancelOrderRequest(app, carol.cookie, paid)).json()).toEqual({ deletedCount: 1, refunded: 20 });
    await app.db.updateTable('orders').set({ status: 'expired', expired_at: new Date() }).where('id', '=', expired).execute();
    await placeOrder(app, alice, partId, 1).then((id) => cancelOrderRequest(app, alice.cookie, id));

    const response = await history(carol.cookie);

    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json() as Array<{ _id: string; status: string; refunded: number | null; creditedToAccount: number | null; endedAt: string; price: number }>;
    expect(entries.map(({ _id, status, refunded, creditedToAccount, price }) => ({ _id, status, refunded, creditedToAccount, price }))).toEqual([
      { _id: expired, status: 'expired', refunded: null, creditedToAccount: null, price: 30 },
      { _id: paid, status: 'cancelled', refunded: 20, creditedToAccount: null, price: 20 },
      { _id: unpaid, status: 'cancelled', refunded: null, creditedToAccount: null, price: 10 },
    ]);
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.endedAt)))).toBe(true);
    expect(entries.map((entry) => entry._id)).not.toContain(open);
  });

  it('answers 401 to a signed-out caller', async () => {
    expect((await history(undefined)).statusCode).toBe(401);
  });
});
