import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { request, signUpOver, startShopProcess, type Outcome, type ShopProcess } from './test/shop-process';
import { eventually } from './test/wait';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
const shops: ShopProcess[] = [];

afterAll(() => {
  // Only if the test failed half-way: never leave a server behind.
  for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('on SIGTERM says it is not ready, answers what it took, loses no order and runs no job twice', {
  timeout: 180_000,
}, async () => {
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test', SHUTDOWN_GRACE_MS: '1000' };
  const shop = await startShopProcess(env);
  shops.push(shop);
  const origin = `http://localhost:${shop.port}`;
  const parts = await request(`${shop.url}/api/parts`);
  if (!('status' in parts)) throw new Error(`no parts: ${parts.error}`);
  const part = (JSON.parse(parts.body) as { _id: string; availableQuantity: number; minOrderQuantity: number }[])
    .filter((candidate) => candidate.availableQuantity >= 100 * candidate.minOrderQuantity)
    .sort((a, b) => a.minOrderQuantity - b.minOrderQuantity)[0];
  if (!part) throw new Error('no part with stock');
  // Each sign-up queues a confirmation message: mail jobs in flight when the signal comes.
  const customers = await Promise.all(['first', 'second', 'third'].map((label) => signUpOver(shop, `shutdown-${label}`)));

  // Each customer orders one unit after another until the shop no longer takes connections.
  const outcomes: Outcome[] = [];
  let signalled = false;
  const stream = async (customer: (typeof customers)[number]) => {
    for (;;) {
      const outcome = await request(`${shop.url}/api/order`, {
        method: 'POST',
        headers: { cookie: customer.cookie, origin },
        body: { partId: part._id, customername: customer.name, address: '1 Test Street, Testville', orderQuantity: part.minOrderQuantity },
      });
      outcomes.push(outcome);
      if ('error' in outcome && signalled) return;
    }
  };
  const streams = Promise.all(customers.map(stream));
  await eventually(async () => outcomes.filter((outcome) => 'status' in outcome && outcome.status === 200).length >= 3);
  const answeredBefore = outcomes.length;

  shop.child.kill('SIGTERM');
  signalled = true;
  // Within the grace period it still serves, and tells the load balancer it is not ready.
  await eventually(async () => {
    const ready = await request(`${shop.url}/readyz`);
    return 'status' in ready && ready.status === 503 && JSON.parse(ready.body).reason === 'shutting down';
  });
  await streams;
  expect(await shop.exited, shop.stderr()).toBe(0);

  // Answered during the shutdown, not only before it.
  expect(outcomes.length).toBeGreaterThan(answeredBefore + customers.length);
  // Every request got an answer or found no one listening; a placed order answered 200. A
  // connection the kernel accepted as the server stopped listening, its request not yet read, is
  // reset by Node's close (it ends idle connections): taken by no one, as a refused one.
  const errors = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []));
  expect([...new Set(errors)].filter((error) => !['ECONNREFUSED', 'ECONNRESET'].includes(error))).toEqual([]);
  const statuses = new Set(outcomes.flatMap((outcome) => ('status' in outcome ? [outcome.status] : [])));
  // 409 and 429: a customer's caps on unpaid orders and orders an hour. Never a 503: what arrives
  // while the workers stop is served (decision 176).
  expect([...statuses].filter((status) => ![200, 409, 429].includes(status))).toEqual([]);
  const placed = outcomes.flatMap((outcome) =>
    'status' in outcome && outcome.status === 200 ? [(JSON.parse(outcome.body) as { insertedId: string }).insertedId] : [],
  );
  // Probes of readiness and health are not logged at info, one line each per request.
  const requestUrls = shop.logLines.filter((entry) => entry.msg === 'request').map((entry) => entry.url);
  expect(requestUrls).not.toContain('/readyz');
  expect(shop.logLines.some((entry) => entry.msg === 'shut down')).toBe(true);

  // The shop again on the same data: every answered order is there, with one expiry job each,
  // and every message queued (sign-ups, orders) is sent once: one file each, none twice.
  const token = 'metrics-token-metrics-token-metrics-token';
  const again = await startShopProcess({ ...env, METRICS_TOKEN: token });
  shops.push(again);
  await eventually(async () => {
    const metrics = await request(`${again.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    return 'status' in metrics && /^mail_outbox_unsent 0$/m.test(metrics.body);
  }, 60);
  again.child.kill('SIGTERM');
  expect(await again.exited, again.stderr()).toBe(0);
  const database = await openDatabase({ dataDir });
  try {
    const orders = await database.db.selectFrom('orders').select('id').where('id', 'in', placed).execute();
    expect(orders.map((order) => order.id).sort()).toEqual([...placed].sort());
    const { rows: expiries } = await sql<{ order_id: string; jobs: number }>`
      select data->>'orderId' as order_id, count(*)::int as jobs from pgboss.job where name = 'order-expiry' group by 1`.execute(database.db);
    const expiryJobs = new Map(expiries.map((row) => [row.order_id, row.jobs]));
    for (const id of placed) expect(expiryJobs.get(id), id).toBe(1);
    const messages = await database.db.selectFrom('mail_outbox').select(['id', 'sent_at']).execute();
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    for (const message of messages.filter((row) => row.sent_at)) {
      expect(files.filter((file) => file.endsWith(`-${message.id}.eml`)), message.id).toHaveLength(1);
    }
    expect(files).toHaveLength(messages.filter((row) => row.sent_at).length);
  } finally {
    await database.close();
  }
});
