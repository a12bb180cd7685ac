import { apiErrors } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createOrdersRepository } from './repository';
import {
  cancelOrderRequest,
  insertPart,
  messageOf,
  orderRow,
  placeOrder,
  postOrder,
  setOrderStatus,
  setStock,
  signUpCustomer,
  stockOf,
  type Customer,
} from '../../test/orders';

/**
 * DESIGN §6: concurrent orders never oversell. The harness runs this file on PGlite, and on
 * PostgreSQL in `npm run test:api:postgres`, where the requests really do run side by side.
 */
let app: FastifyInstance;
let customers: Customer[];

beforeAll(async () => {
  app = await createTestApp();
  customers = await Promise.all(['ann', 'ben', 'cat', 'dan'].map((label) => signUpCustomer(app, label)));
});

afterAll(async () => {
  await app?.close();
});

/** Fires `count` orders of `quantity` at once, spread over the customers; answers the replies. */
async function orderAtOnce(partId: string, count: number, quantity: number) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      const customer = customers[index % customers.length]!;
      return postOrder(app, customer.cookie, {
        partId,
        customername: customer.name,
        address: `${index} Race Street`,
        orderQuantity: quantity,
      });
    }),
  );
}

async function ordersOf(partId: string) {
  return app.db.selectFrom('orders').select(['quantity', 'status']).where('part_id', '=', partId).execute();
}

describe('concurrent orders of one part', () => {
  it('sells exactly the 20 in stock to 50 buyers at once and never goes below 0', async () => {
    const partId = await insertPart(app);
    await setStock(app, partId, 20, 1);

    const replies = await orderAtOnce(partId, 50, 1);

    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    for (const reply of replies.filter((r) => r.statusCode === 409)) {
      expect(messageOf(reply)).toBe(apiErrors.outOfStock);
    }
    expect(await stockOf(app, partId)).toBe(0);
    const orders = await ordersOf(partId);
    expect(orders).toHaveLength(20);
    expect(orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(20);
    const insertedIds = replies.filter((r) => r.statusCode === 200).map((r) => r.json().insertedId as string);
    expect(new Set(insertedIds).size).toBe(20);
  });

  it('sells 12 orders of 2 out of 25 and leaves the odd one', async () => {
    const partId = await insertPart(app);
    await setStock(app, partId, 25, 1);

    const replies = await orderAtOnce(partId, 50, 2);

    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    expect(statuses.filter((status) => status === 409)).toHaveLength(38);
    expect(await stockOf(app, partId)).toBe(1);
    const orders = await ordersOf(partId);
    expect(orders).toHaveLength(12);
    expect(orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(24);
  });

  it('gives the stock back once when one order is cancelled twice at the same time', async () => {
    const partId = await insertPart(app);
    await setStock(app, partId, 10, 1);
    const owner = customers[0]!;
    const orderId = await placeOrder(app, owner, partId, 4);

    const replies = await Promise.all(
      Array.from({ length: 6 }, () => cancelOrderRequest(app, owner.cookie, orderId)),
    );

    // Each reply is a success (the loser finds it already cancelled) or a 404 (it looked later).
    const cancelled = replies.filter((r) => r.statusCode === 200 && r.json().deletedCount === 1);
    expect(cancelled).toHaveLength(1);
    for (const reply of replies) expect([200, 404]).toContain(reply.statusCode);
    expect(await stockOf(app, partId)).toBe(10);
  });

  it('keeps the count right when cancellations give stock back while others order', async () => {
    const partId = await insertPart(app);
    await setStock(app, partId, 10, 1);
    const owner = customers[1]!;
    const earlier = await Promise.all(Array.from({ length: 5 }, () => placeOrder(app, owner, partId, 2)));
    expect(await stockOf(app, partId)).toBe(0);

    // Five cancellations free 10 units while 20 more orders of 1 compete for them.
    const [cancels, orders] = await Promise.all([
      Promise.all(earlier.map((id) => cancelOrderRequest(app, owner.cookie, id))),
      orderAtOnce(partId, 20, 1),
    ]);

    expect(cancels.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const placed = orders.filter((r) => r.statusCode === 200).length;
    expect(orders.filter((r) => r.statusCode !== 200 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    expect(placed).toBeLessThanOrEqual(10);
    expect(await stockOf(app, partId)).toBe(10 - placed);
    const live = (await ordersOf(partId)).filter((order) => order.status !== 'cancelled');
    expect(live).toHaveLength(placed);
  });
});

describe('refund claims', () => {
  it('a claim is released only by its holder: a stale claim taken over stays with its new holder', async () => {
    const partId = await insertPart(app, { available: 5 });
    const orderId = await placeOrder(app, customers[0]!, partId);
    await setOrderStatus(app, orderId, 'paid');
    const orders = createOrdersRepository(app.db, app.mail, app.jobs);
    const first = await orders.claimForRefund(orderId, 'paid');
    if (!first) throw new Error('the first claim');
    // The first holder stalls a day (a crash mid-refund); a second takes the stale claim over.
    const stale = { ...first, refund_started_at: new Date(Date.now() - 24 * 3600 * 1000) };
    await app.db.updateTable('orders').set({ refund_started_at: stale.refund_started_at }).where('id', '=', orderId).execute();
    const taken = await orders.claimForRefund(orderId, 'paid');
    if (!taken) throw new Error('the second claim');
    // The first holder's refund then fails: it releases its own claim, which is no longer the order's.
    await orders.releaseRefundClaim(stale);
    expect((await orderRow(app, orderId)).refund_started_at).toEqual(taken.refund_started_at);
    await orders.releaseRefundClaim(taken);
    expect((await orderRow(app, orderId)).refund_started_at).toBeNull();
  });
});
