import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { twoInstances } from '../../test/app';
import { insertPart, orderRow, placeOrder, signUpCustomer, stockOf } from '../../test/orders';
import { eventually } from '../../test/wait';

// Runs in the PostgreSQL pass only. Two instances of the shop on one database, each running the
// job queue's workers: every unpaid order expires, and gives its stock back, exactly once.
const shops = twoInstances({ env: { UNPAID_ORDER_MINUTES: '0.02' } });

describe('unpaid orders on two instances', () => {
  it('each expire and restock once, whichever instance took the order or the job', async () => {
    const [ann, ben] = await Promise.all([signUpCustomer(shops.first, 'expiry-ann'), signUpCustomer(shops.second, 'expiry-ben')]);
    const partId = await insertPart(shops.first, { available: 100 });
    const orders = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0 ? placeOrder(shops.first, ann, partId, 3) : placeOrder(shops.second, ben, partId, 2),
      ),
    );
    expect(await stockOf(shops.first, partId)).toBe(100 - 4 * 3 - 4 * 2);

    await eventually(async () => {
      const rows = await Promise.all(orders.map((id) => orderRow(shops.first, id)));
      return rows.every((row) => row.status === 'expired');
    });

    // A restock done twice would show as stock above 100.
    expect(await stockOf(shops.second, partId)).toBe(100);
    const { rows: jobs } = await sql<{ state: string }>`select state from pgboss.job where name = 'order-expiry'`.execute(shops.first.db);
    expect(jobs.filter((job) => job.state === 'completed')).toHaveLength(orders.length);
  });

  it('survives a restart: an order taken before the restart expires after it', async () => {
    const cara = await signUpCustomer(shops.first, 'expiry-cara');
    const partId = await insertPart(shops.first, { available: 5 });
    const orderId = await placeOrder(shops.first, cara, partId, 5);
    // Both instances' workers stop before the order is due; then one instance starts again.
    await shops.first.jobs.stop();
    await shops.restartSecond();

    await eventually(async () => (await orderRow(shops.second, orderId)).status === 'expired');
    expect(await stockOf(shops.second, partId)).toBe(5);
  });
});
