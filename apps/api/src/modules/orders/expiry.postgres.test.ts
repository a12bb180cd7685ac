import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actsAsOwnPage, anotherInstance, createTestApp } from '../../test/app';
import { insertPart, orderRow, placeOrder, signUpCustomer, stockOf } from '../../test/orders';
import { eventually } from '../../test/wait';

// Runs in the PostgreSQL pass only. Two instances of the shop on one database, each running the
// job queue's workers: every unpaid order expires, and gives its stock back, exactly once.
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  first = await createTestApp({ env: { UNPAID_ORDER_MINUTES: '0.02' } });
  second = actsAsOwnPage(await anotherInstance(first));
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('unpaid orders on two instances', () => {
  it('each expire and restock once, whichever instance took the order or the job', async () => {
    const [ann, ben] = await Promise.all([signUpCustomer(first, 'expiry-ann'), signUpCustomer(second, 'expiry-ben')]);
    const partId = await insertPart(first, { available: 100 });
    const orders = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0 ? placeOrder(first, ann, partId, 3) : placeOrder(second, ben, partId, 2),
      ),
    );
    expect(await stockOf(first, partId)).toBe(100 - 4 * 3 - 4 * 2);

    await eventually(async () => {
      const rows = await Promise.all(orders.map((id) => orderRow(first, id)));
      return rows.every((row) => row.status === 'expired');
    });

    // A restock done twice would show as stock above 100.
    expect(await stockOf(second, partId)).toBe(100);
    const { rows: jobs } = await sql<{ state: string }>`select state from pgboss.job where name = 'order-expiry'`.execute(first.db);
    expect(jobs.filter((job) => job.state === 'completed')).toHaveLength(orders.length);
  });

  it('survives a restart: an order taken before the restart expires after it', async () => {
    const cara = await signUpCustomer(first, 'expiry-cara');
    const partId = await insertPart(first, { available: 5 });
    const orderId = await placeOrder(first, cara, partId, 5);
    // Both instances' workers stop before the order is due; then one instance starts again.
    await first.jobs.stop();
    await second.close();
    second = actsAsOwnPage(await anotherInstance(first));

    await eventually(async () => (await orderRow(second, orderId)).status === 'expired');
    expect(await stockOf(second, partId)).toBe(5);
  });
});
