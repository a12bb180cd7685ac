import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { byToken, call } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { someoneWaits } from '../../test/locks';
import { userIdOf } from '../../test/checkout';
import { insertPart, signUpAdmin, signUpCustomer, stockOf, type Customer } from '../../test/orders';

// Runs in the PostgreSQL pass only: two instances of the shop on one database. Admins receiving
// one return on both at once restock and refund it once; requests on both at once get gapless,
// distinct RMA numbers.
const shops = twoInstances();
let admin: Customer;
let customer: Customer;
let userId: string;

beforeAll(async () => {
  [admin, customer] = await Promise.all([signUpAdmin(shops.first, 'race-admin'), signUpCustomer(shops.first, 'race-customer')]);
  userId = await userIdOf(shops.first, customer.email);
});

/** A delivered, paid order of one line ($40.00 × 2) of `partId`, written as checkout and shipping write it. */
async function deliveredOrder(partId: string): Promise<string> {
  const { id } = await shops.first.db
    .insertInto('orders')
    .values({
      user_id: userId,
      email: customer.email,
      customer_name: customer.name,
      part_id: partId,
      part_name: 'Race part',
      part_img: '/images/parts/race.png',
      unit_price_cents: 4000,
      quantity: 2,
      total_cents: 8000,
      subtotal_cents: 8000,
      address: '1 Race Road',
      status: 'delivered',
      payment_provider: 'test',
      transaction_id: 'test_race',
      paid_at: new Date(),
      shipped_at: new Date(),
      delivered_at: new Date(),
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await shops.first.db
    .insertInto('order_lines')
    .values({ order_id: id, position: 1, part_id: partId, part_number: 'RACE-1', name: 'Race part', img: '/images/parts/race.png', quantity: 2, unit_price_cents: 4000, line_total_cents: 8000 })
    .execute();
  return id;
}

describe('returns on two instances', () => {
  it('ten receives of one return at once restock and refund it once', async () => {
    const partId = await insertPart(shops.first, { available: 5 });
    const orderId = await deliveredOrder(partId);
    const asked = await call(shops.first, byToken(customer), { method: 'POST', url: '/api/returns', payload: { orderId, lines: [{ partId, quantity: 2 }], reason: 'defective' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const { id } = asked.json() as { id: string };
    expect((await call(shops.second, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/approve`, payload: {} })).statusCode).toBe(200);

    const lines = [{ partId, quantity: 2, action: 'restock' }];
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, n) => call(n % 2 ? shops.first : shops.second, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/receive`, payload: { lines } })),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409), statuses.join()).toBe(true);
    expect(statuses).toContain(200);
    expect(await stockOf(shops.first, partId)).toBe(7);
    const notes = await shops.first.db.selectFrom('credit_notes').select('amount_cents').where('return_id', '=', id).execute();
    expect(notes).toEqual([{ amount_cents: 8000 }]);
    const row = await shops.first.db.selectFrom('returns').select(['status', 'refund_cents']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refunded', refund_cents: 8000 });
  });

  it('a return refunded while its order’s unshipped rest is cancelled: both done, each credited once, no deadlock (decision 150)', async () => {
    // Eight orders of two units, one shipped and being returned, the other not shipped yet.
    const partId = await insertPart(shops.first, { available: 50 });
    const returns: { orderId: string; id: string }[] = [];
    for (let n = 0; n < 8; n += 1) {
      const orderId = await deliveredOrder(partId);
      await shops.first.db.updateTable('orders').set({ status: 'partially_shipped', delivered_at: null }).where('id', '=', orderId).execute();
      const shipment = await shops.first.db.insertInto('shipments').values({ order_id: orderId, carrier: 'ups', tracking_number: '1Z999AA10123456784', shipped_by: null }).returning('id').executeTakeFirstOrThrow();
      await shops.first.db.insertInto('shipment_lines').values({ shipment_id: shipment.id, order_id: orderId, position: 1, quantity: 1 }).execute();
      const asked = await call(shops.first, byToken(customer), { method: 'POST', url: '/api/returns', payload: { orderId, lines: [{ partId, quantity: 1 }], reason: 'defective' } });
      expect(asked.statusCode, asked.body).toBe(200);
      const { id } = asked.json() as { id: string };
      expect((await call(shops.first, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/approve`, payload: {} })).statusCode).toBe(200);
      returns.push({ orderId, id });
    }
    const lines = [{ partId, quantity: 1, action: 'scrap' }];
    const replies = await Promise.all(
      returns.flatMap(({ orderId, id }) => [
        call(shops.first, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/receive`, payload: { lines } }),
        call(shops.second, byToken(customer), { method: 'DELETE', url: `/api/myorder?id=${orderId}` }),
      ]),
    );
    expect(replies.map((reply) => `${reply.statusCode} ${reply.statusCode === 200 ? '' : reply.body}`)).toEqual(replies.map(() => '200 '));
    for (const { orderId } of returns) {
      // $40.00 for the unit returned, $40.00 for the one never shipped: the order's $80.00, once.
      const notes = await shops.first.db.selectFrom('credit_notes').select('amount_cents').where('order_id', '=', orderId).execute();
      expect(notes.map((note) => note.amount_cents).sort()).toEqual([4000, 4000]);
    }
  });

  it('a paid order cancelled by two admins and its customer at once on two instances is refunded once, its total', async () => {
    const partId = await insertPart(shops.first, { available: 10 });
    const orderId = await deliveredOrder(partId);
    await shops.first.db.updateTable('orders').set({ status: 'paid', shipped_at: null, delivered_at: null }).where('id', '=', orderId).execute();
    const replies = await Promise.all([
      call(shops.first, byToken(admin), { method: 'POST', url: `/api/admin/order/${orderId}/cancel` }),
      call(shops.second, byToken(admin), { method: 'POST', url: `/api/admin/order/${orderId}/cancel` }),
      call(shops.first, byToken(customer), { method: 'DELETE', url: `/api/myorder?id=${orderId}` }),
      call(shops.second, byToken(customer), { method: 'DELETE', url: `/api/myorder?id=${orderId}` }),
    ]);
    // One cancel refunds; the others are told it was already cancelled or is being refunded (409), or
    // the customer no longer finds it among their orders (404).
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.every((status) => [200, 404, 409].includes(status)), replies.map((reply) => `${reply.statusCode} ${reply.body}`).join('\n')).toBe(true);
    expect(statuses).toContain(200);
    const notes = await shops.first.db.selectFrom('credit_notes').select('amount_cents').where('order_id', '=', orderId).execute();
    expect(notes).toEqual([{ amount_cents: 8000 }]);
    expect(await stockOf(shops.first, partId)).toBe(12);
  });

  it('twenty requests at once on two instances get twenty consecutive RMA numbers', async () => {
    const partId = await insertPart(shops.first, { available: 5 });
    const orders = await Promise.all(Array.from({ length: 20 }, () => deliveredOrder(partId)));
    const before = Number((await shops.first.db.selectFrom('document_numbers').select('last_number').where('kind', '=', 'rma').executeTakeFirstOrThrow()).last_number);
    const replies = await Promise.all(
      orders.map((orderId, n) =>
        call(n % 2 ? shops.first : shops.second, byToken(customer), { method: 'POST', url: '/api/returns', payload: { orderId, lines: [{ partId, quantity: 1 }], reason: 'no-longer-needed' } }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(orders.map(() => 200));
    const numbers = replies.map((reply) => Number((reply.json() as { rmaNumber: string }).rmaNumber.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, n) => before + n + 1));
  });

  it('a receive locks the parts it restocks in id order, as checkout does: it waits on the first, holding none after it', async () => {
    const [low, high] = (await Promise.all([insertPart(shops.first, { available: 5 }), insertPart(shops.first, { available: 5 })])).sort();
    if (!low || !high) throw new Error('two parts');
    const orderId = await deliveredOrder(high);
    // A second line, of the lower id, after the first: a receive going by position takes `high` first.
    await shops.first.db
      .insertInto('order_lines')
      .values({ order_id: orderId, position: 2, part_id: low, part_number: 'RACE-2', name: 'Race part two', img: '/images/parts/race.png', quantity: 1, unit_price_cents: 0, line_total_cents: 0 })
      .execute();
    const asked = await call(shops.first, byToken(customer), {
      method: 'POST',
      url: '/api/returns',
      payload: { orderId, lines: [{ partId: high, quantity: 1 }, { partId: low, quantity: 1 }], reason: 'defective' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { id } = asked.json() as { id: string };
    expect((await call(shops.first, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/approve`, payload: {} })).statusCode).toBe(200);

    let highWasFree = false;
    let receiving: Promise<{ statusCode: number }> | undefined;
    await shops.first.db.transaction().execute(async (trx) => {
      // A checkout holding the lower part, as it would while locking in id order.
      await trx.selectFrom('parts').select('id').where('id', '=', low).forUpdate().execute();
      const lines = [high, low].map((partId) => ({ partId, quantity: 1, action: 'restock' }));
      receiving = call(shops.second, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/receive`, payload: { lines } });
      await someoneWaits(shops.first);
      // The receive waits on `low`: it must not be holding `high` (which would deadlock a checkout).
      await sql`savepoint probe`.execute(trx);
      try {
        await sql`select id from parts where id = ${high} for update nowait`.execute(trx);
        highWasFree = true;
      } catch {
        await sql`rollback to savepoint probe`.execute(trx);
      }
    });
    expect(highWasFree).toBe(true);
    expect((await receiving)?.statusCode).toBe(200);
    expect([await stockOf(shops.first, low), await stockOf(shops.first, high)]).toEqual([6, 6]);
  });
});
