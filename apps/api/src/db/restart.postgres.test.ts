import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../scripts/postgres-cluster';
import { queryOnce } from '../test/scratch-database';
import { launchShopProcess, onFreePort, opened, request, signUpOver, startShopProcess, type Outcome, type ShopProcess } from '../test/shop-process';
import { eventually } from '../test/wait';

// Runs in the PostgreSQL pass only, on a server of its own: it is restarted under the shops.
let cluster: PostgresCluster | undefined;
const shops: ShopProcess[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  await cluster?.stop();
});

function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return queryOnce<T>(cluster?.url ?? '', text, values);
}

function shopEnv(): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restart-'));
  dataDirs.push(dataDir);
  return {
    DATABASE_URL: cluster?.url ?? '',
    AUTH_SECRET: 'restart-secret-restart-secret-restart',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SHUTDOWN_GRACE_MS: '0',
  };
}

it('two shops wait for a PostgreSQL not up yet, and keep answering through its restart, losing no order', {
  timeout: 240_000,
}, async () => {
  cluster = await startPostgresCluster();
  const database = cluster;
  // The first shop starts before its database: it waits, saying so, and opens once it is up. On a
  // free port, all of it again on another if a process took that one before the shop listened.
  const first = await onFreePort(async (port) => {
    await database.pause();
    const shop = await launchShopProcess({ ...shopEnv(), PORT: String(port) });
    shops.push(shop);
    await eventually(async () => shop.logLines.filter((entry) => entry.msg === 'database not reachable yet, waiting').length >= 2);
    await database.start();
    return opened(shop);
  });
  const waits = first.logLines.filter((entry) => entry.msg === 'database not reachable yet, waiting');
  expect(waits[0]).toMatchObject({ level: 40, attempt: 1, retryInMs: 250 });
  expect(waits[1]).toMatchObject({ attempt: 2, retryInMs: 500 });
  const second = await startShopProcess(shopEnv());
  shops.push(second);

  const customers = await Promise.all([signUpOver(first, 'restart-a'), signUpOver(second, 'restart-b')]);
  const part = (
    await query<{ id: string; minimum: number }>(
      'select id, min_order_quantity as minimum from parts where available_quantity > 0 order by min_order_quantity, name limit 1',
    )
  )[0];
  if (!part) throw new Error('no part with stock');
  const partId = part.id;
  // Stock for every order the streams place: running out is beside the point.
  await query('update parts set available_quantity = 1000000 where id = $1', [partId]);

  // Each shop takes a stream of orders and catalogue reads until told to stop.
  const outcomes = new Map<ShopProcess, Outcome[]>([[first, []], [second, []]]);
  const placed: string[] = [];
  let stop = false;
  const stream = async (shop: ShopProcess, customer: (typeof customers)[number]) => {
    const origin = `http://localhost:${shop.port}`;
    while (!stop) {
      const order = await request(`${shop.url}/api/order`, {
        method: 'POST',
        headers: { cookie: customer.cookie, origin },
        body: { partId, customername: customer.name, address: '1 Test Street, Testville', orderQuantity: part.minimum },
      });
      if ('status' in order && order.status === 200) placed.push((JSON.parse(order.body) as { insertedId: string }).insertedId);
      // A customer's cap of unpaid orders and hourly orders is reached quickly: paying is beside
      // the point, so the orders are cancelled and the counters reset (while the database is up).
      if ('status' in order && (order.status === 409 || order.status === 429)) {
        await query("update orders set status = 'cancelled' where status = 'unpaid'").catch(() => {});
        await query('delete from rate_counters').catch(() => {});
      }
      outcomes.get(shop)?.push(order, await request(`${shop.url}/api/parts`));
    }
  };
  const streams = Promise.all([stream(first, customers[0]), stream(second, customers[1])]);
  const okCount = (shop: ShopProcess) => (outcomes.get(shop) ?? []).filter((outcome) => 'status' in outcome && outcome.status === 200).length;
  await eventually(async () => okCount(first) >= 4 && okCount(second) >= 4);

  await cluster.restart();
  const [firstAt, secondAt] = [okCount(first), okCount(second)];
  const [firstSeen, secondSeen] = [outcomes.get(first)?.length ?? 0, outcomes.get(second)?.length ?? 0];
  // Both keep answering: orders and reads succeed again on each after the restart.
  await eventually(async () => okCount(first) >= firstAt + 4 && okCount(second) >= secondAt + 4, 60).catch((error: unknown) => {
    const since = (shop: ShopProcess, from: number) =>
      (outcomes.get(shop) ?? []).slice(from).map((outcome) => ('status' in outcome ? `${outcome.status} ${outcome.body.slice(0, 80)}` : outcome.error));
    const warnings = (shop: ShopProcess) => shop.logLines.filter((entry) => Number(entry.level) >= 40).slice(-5);
    throw new Error(
      `${String(error)}: ${JSON.stringify({ first: since(first, firstSeen).slice(-6), second: since(second, secondSeen).slice(-6), firstLog: warnings(first), secondLog: warnings(second), firstExit: first.child.exitCode, secondExit: second.child.exitCode, stderr: first.stderr().slice(-2000) + second.stderr().slice(-2000) })}`,
    );
  });
  stop = true;
  await streams;
  expect(first.child.exitCode).toBeNull();
  expect(second.child.exitCode).toBeNull();

  // Every request was answered (never a dropped connection); a lost query is a 503, not a crash.
  for (const shop of [first, second]) {
    const seen = outcomes.get(shop) ?? [];
    expect(seen.filter((outcome) => 'error' in outcome)).toEqual([]);
    const statuses = new Set(seen.map((outcome) => ('status' in outcome ? outcome.status : 0)));
    const failures = shop.logLines.filter((entry) => entry.msg === 'request failed');
    expect([...statuses].filter((status) => ![200, 409, 429, 503].includes(status)), JSON.stringify(failures)).toEqual([]);
  }
  const stored = await query<{ id: string }>('select id from orders where id = any($1)', [placed]);
  expect(stored.map((row) => row.id).sort()).toEqual([...placed].sort());

  // Both listen again: ready, and a change made in the database reaches what each has cached.
  for (const shop of [first, second]) {
    await eventually(async () => {
      const ready = await request(`${shop.url}/readyz`);
      return 'status' in ready && ready.status === 200;
    });
  }
  const nameOn = async (shop: ShopProcess) => {
    const part = await request(`${shop.url}/api/part/${partId}`);
    return 'status' in part ? (JSON.parse(part.body) as { name: string }).name : '';
  };
  for (const shop of [first, second]) await nameOn(shop);
  await query('update parts set name = $1 where id = $2', ['Renamed after the restart', partId]);
  for (const shop of [first, second]) await eventually(async () => (await nameOn(shop)) === 'Renamed after the restart');

  for (const shop of [first, second]) shop.child.kill('SIGTERM');
  expect(await first.exited, first.stderr()).toBe(0);
  expect(await second.exited, second.stderr()).toBe(0);
});
