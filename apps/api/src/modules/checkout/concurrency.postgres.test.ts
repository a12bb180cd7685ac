import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { checkoutMessages } from '@autoparts/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { byToken, call } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { someoneWaits } from '../../test/locks';
import { fillCart, insertAddress, insertShippingMethod, insertWeighedPart } from '../../test/checkout';
import { signUpAdmin, stockOf } from '../../test/orders';

// Runs in the PostgreSQL pass only: two instances of the shop on one database, 100 checkouts of
// overlapping carts at once. The parts are locked in id order, so none deadlocks; the stock is
// taken under those locks, so none oversells; and every refusal is a 409 naming its lines.
const shops = twoInstances();

/**
 * An account with a live session and an access token, written as Better Auth and the shop write
 * them: a hundred sign-ups would spend a minute hashing passwords. Checkout takes the token.
 */
async function accountWithToken(app: FastifyInstance, n: number): Promise<{ userId: string; token: string }> {
  const userId = randomUUID();
  const sessionId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  await app.db.insertInto('users').values({ id: userId, email: `race-${n}-${userId}@example.com`, name: `Racer ${n}`, image: null }).execute();
  await app.db
    .insertInto('sessions')
    .values({ id: sessionId, token: randomBytes(16).toString('hex'), user_id: userId, expires_at: expiresAt, ip_address: null, user_agent: null })
    .execute();
  await app.db
    .insertInto('access_tokens')
    .values({ token_hash: createHash('sha256').update(token).digest('base64url'), session_id: sessionId, expires_at: expiresAt })
    .execute();
  return { userId, token };
}

describe('100 checkouts of overlapping carts on two instances', () => {
  it('never deadlock, never oversell and never answer 5xx', async () => {
    const STOCK = 40;
    const parts = await Promise.all(
      [199, 2499, 899, 4599, 1299].map((priceCents) => insertWeighedPart(shops.first, { priceCents, weightGrams: 500, available: STOCK })),
    );
    const method = await insertShippingMethod(shops.first, { name: 'Race freight', baseCents: 500, perKgCents: 50 });
    const buyers = await Promise.all(
      Array.from({ length: 100 }, async (_, n) => {
        const buyer = await accountWithToken(shops.first, n);
        const addressId = await insertAddress(shops.first, buyer.userId);
        // Three of the five parts, in an order of its own (a cart lists them as they were added),
        // 1 to 3 of each: about 600 units asked for 200 in stock.
        const lines: Array<[string, number]> = [0, 1, 3].map((offset) => [parts[(n + offset) % parts.length]!, 1 + ((n + offset) % 3)]);
        await fillCart(shops.first, buyer.userId, n % 2 === 0 ? lines : [...lines].reverse());
        return { ...buyer, addressId };
      }),
    );

    const replies: LightMyRequestResponse[] = await Promise.all(
      buyers.map((buyer, n) =>
        (n % 2 === 0 ? shops.first : shops.second).inject({
          method: 'POST',
          url: '/api/checkout',
          headers: { authorization: `Bearer ${buyer.token}` },
          payload: { addressId: buyer.addressId, shippingMethodId: method },
        }),
      ),
    );

    expect(replies.filter((reply) => reply.statusCode !== 200 && reply.statusCode !== 409).map((reply) => `${reply.statusCode} ${reply.body}`)).toEqual([]);
    const placed = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode === 409);
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const reply of refused) {
      const body = reply.json() as { message: string; lines: Array<{ partId: string; message: string }> };
      expect(body.message).toBe(checkoutMessages.linesRefused);
      expect(body.lines.length).toBeGreaterThan(0);
    }

    // What the placed orders' lines took is exactly what left each part, and no part is below 0.
    const orderIds = placed.map((reply) => (reply.json() as { insertedId: string }).insertedId);
    const lines = await shops.first.db.selectFrom('order_lines').select(['part_id', 'quantity']).where('order_id', 'in', orderIds).execute();
    for (const partId of parts) {
      const sold = lines.filter((line) => line.part_id === partId).reduce((sum, line) => sum + line.quantity, 0);
      const left = await stockOf(shops.first, partId);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBe(STOCK - sold);
    }
    // Every order has all three of its lines, and its buyer's cart went with it; a refused cart stays.
    expect(lines).toHaveLength(orderIds.length * 3);
    const carts = await shops.first.db.selectFrom('cart_lines').select('user_id').where('user_id', 'in', buyers.map((buyer) => buyer.userId)).execute();
    expect(carts).toHaveLength(refused.length * 3);
  });
});

describe('an admin deleting a shipping method while a customer checks out', () => {
  it('answers the customer 409 shippingUnavailable, not 500, and takes nothing', async () => {
    const admin = await signUpAdmin(shops.first, 'method-remover');
    const partId = await insertWeighedPart(shops.first, { priceCents: 1999, weightGrams: 500, available: 5 });
    const method = await insertShippingMethod(shops.first, { name: 'Doomed freight', baseCents: 700, perKgCents: 0 });
    const buyer = await accountWithToken(shops.first, 1000);
    const addressId = await insertAddress(shops.first, buyer.userId);
    await fillCart(shops.first, buyer.userId, [[partId, 2]]);

    let checkingOut: Promise<LightMyRequestResponse> | undefined;
    await shops.first.db.transaction().execute(async (trx) => {
      // The buyer's row held, as another checkout of theirs would: this one starts, then queues on it.
      await trx.selectFrom('users').select('id').where('id', '=', buyer.userId).forUpdate().execute();
      checkingOut = shops.second.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { authorization: `Bearer ${buyer.token}` },
        payload: { addressId, shippingMethodId: method },
      });
      await someoneWaits(shops.first);
      const removed = await call(shops.first, byToken(admin), { method: 'DELETE', url: `/api/admin/shipping-methods/${method}` });
      expect(removed.statusCode, removed.body).toBe(200);
    });
    const reply = await checkingOut;
    expect(reply?.statusCode, reply?.body).toBe(409);
    expect(reply?.json()).toEqual({ message: checkoutMessages.shippingUnavailable, lines: [] });
    expect(await stockOf(shops.first, partId)).toBe(5);
    expect(await shops.first.db.selectFrom('orders').select('id').where('user_id', '=', buyer.userId).execute()).toEqual([]);
  });
});
