import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOrder } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';
import { createMailRepository } from './repository';

// Runs in the PostgreSQL pass only (decision 179): two instances of the shop on one database, each
// running the mail worker; an order's messages arrive in the order written whichever instance
// wrote, held or sent them, each once; and the race of a message asking the very moment its
// earlier one is marked sent loses neither.
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

const shops = twoInstances(() => ({ env: { SMTP_URL: smtp.url } }));

async function allSent(app: FastifyInstance) {
  await eventually(async () => (await app.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute()).length === 0, 60);
}

/** Where each outbox row arrived among the server's arrivals, and how many times. */
function arrivals(ids: string[]) {
  const arrived = smtp.received.map((mail) => mail.messageId);
  return {
    counts: ids.map((id) => arrived.filter((messageId) => messageId.startsWith(`<${id}@`)).length),
    positions: ids.map((id) => arrived.findIndex((messageId) => messageId.startsWith(`<${id}@`))),
  };
}

describe('the messages of one order on two instances', () => {
  it('arrive once each, in the order written, the first sends of some refused', { timeout: 90_000 }, async () => {
    const [ann, ben] = await Promise.all([signUpCustomer(shops.first, 'pg-order-ann'), signUpCustomer(shops.second, 'pg-order-ben')]);
    const partId = await insertPart(shops.first, { available: 100 });
    await allSent(shops.first);

    // Placed on one instance, paid at once on the other; the first three messages to arrive are refused.
    smtp.refuseNext(3);
    const orders = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const [placing, paying, customer] = index % 2 === 0 ? [shops.first, shops.second, ann] : [shops.second, shops.first, ben];
        const orderId = await placeOrder(placing, customer, partId);
        await payOrder(paying, customer, orderId);
        return orderId;
      }),
    );
    await allSent(shops.first);

    const rows = await shops.first.db.selectFrom('mail_outbox').select(['id', 'order_id', 'attempts']).where('order_id', 'in', orders).orderBy('seq').execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const { counts } = arrivals(rows.map((row) => row.id));
    expect(counts).toEqual(rows.map(() => 1));
    for (const orderId of orders) {
      const { positions } = arrivals(rows.filter((row) => row.order_id === orderId).map((row) => row.id));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    // Three refusals, each retried once; a message held back was not a failure.
    expect(rows.reduce((sum, row) => sum + row.attempts - 1, 0)).toBe(3);
    const { rows: failed } = await sql<{ count: number }>`
      select count(*)::int as count from pgboss.job where name = 'mail' and (state = 'failed' or retry_count > 1)`.execute(shops.first.db);
    expect(failed[0]?.count).toBe(0);
  });

  it('a message asking while its earlier one is being marked sent is claimed, not left behind', async () => {
    const cara = await signUpCustomer(shops.first, 'pg-order-cara');
    const orderId = await placeOrder(shops.first, cara, await insertPart(shops.first, { available: 5 }));
    await allSent(shops.first);
    // Two messages written without send jobs (no worker takes them).
    const write = async () => {
      const id = randomUUID();
      await shops.first.db.executeQuery(createMailRepository(shops.first.db).insertion({ id, kind: 'test', to: cara.email, subject: 's', html: 'h', text: 't', orderId }));
      return id;
    };
    const earlier = await write();
    const later = await write();
    expect(await createMailRepository(shops.first.db).claim(earlier)).toBeDefined();

    let asking: ReturnType<ReturnType<typeof createMailRepository>['holdOrClaim']> | undefined;
    await shops.first.db.transaction().execute(async (trx) => {
      await createMailRepository(trx).markSent(earlier);
      // The other instance asks now: it waits for this transaction's lock on the earlier row.
      asking = createMailRepository(shops.second.db).holdOrClaim(later);
      await eventually(async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(shops.first.db);
        return (rows[0]?.waiting ?? 0) > 0;
      });
      // Not held yet, so nothing to wake: the asker must take it itself.
      expect(await createMailRepository(trx).wakeNext(orderId)).toBeUndefined();
    });
    expect((await asking) ?? {}).toHaveProperty('mail.id', later);
    await shops.first.db.updateTable('mail_outbox').set({ sent_at: sql<Date>`now()` }).where('id', '=', later).execute();
  });

  it('a message whose marking sent collides with another transaction (a deadlock) is marked sent once it goes through, not sent again', async () => {
    const dana = await signUpCustomer(shops.first, 'pg-order-dana');
    const orderId = await placeOrder(shops.first, dana, await insertPart(shops.first, { available: 5 }));
    await allSent(shops.first);
    const db = shops.first.db;
    const write = async () => {
      const id = randomUUID();
      await db.executeQuery(createMailRepository(db).insertion({ id, kind: 'test', to: dana.email, subject: 's', html: 'h', text: 't', orderId }));
      return id;
    };
    const earlier = await write();
    const later = await write();
    // The later one's job ended holding it: the earlier one's sender wakes it as it marks its own sent.
    await db.updateTable('mail_outbox').set({ held: true }).where('id', '=', later).execute();

    await db.transaction().execute(async (trx) => {
      // This transaction takes the later row first; the sender's, having marked the earlier row
      // sent, waits for it, then this one asks for the earlier row: a deadlock. The sender's wait
      // began first, and this one's detector waits longer: PostgreSQL stops the sender's transaction.
      await sql`set local deadlock_timeout = '30s'`.execute(trx);
      await trx.selectFrom('mail_outbox').select('id').where('id', '=', later).forUpdate().execute();
      await shops.first.jobs.sendInTransaction(db, [{ queue: 'mail', data: { id: earlier } }]);
      await eventually(async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        return (rows[0]?.waiting ?? 0) > 0;
      });
      await trx.updateTable('mail_outbox').set({ last_error: null }).where('id', '=', earlier).execute();
    });

    // Its job ends once, without failing; both arrive once, in order.
    await eventually(async () => {
      const { rows } = await sql<{ state: string }>`select state from pgboss.job where name = 'mail' and data->>'id' = ${earlier}`.execute(db);
      return rows.every((row) => row.state !== 'created' && row.state !== 'active');
    });
    const { rows: jobs } = await sql<{ state: string; retry_count: number }>`
      select state, retry_count from pgboss.job where name = 'mail' and data->>'id' = ${earlier}`.execute(db);
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
    await eventually(async () => (await db.selectFrom('mail_outbox').select('id').where('id', 'in', [earlier, later]).where('sent_at', 'is', null).execute()).length === 0);
    const { counts, positions } = arrivals([earlier, later]);
    expect(counts).toEqual([1, 1]);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
