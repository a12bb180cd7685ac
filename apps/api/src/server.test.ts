import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { launchShopProcess, onFreePort, startShopProcess, type ShopProcess } from './test/shop-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-server-'));
let server: ShopProcess | undefined;

afterAll(() => {
  // Only if the test failed half-way: never leave a server behind.
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('serves over HTTP, logs one line per request and shuts down cleanly on SIGTERM', {
  timeout: 120_000,
}, async () => {
  // HOST as a newcomer leaves it: localhost. A line on stdout that is not the log's (printed by a
  // module loaded first, as a Node warning or a library's print would be) is kept as text.
  const print = "console.log('a%20line%20that%20is%20not%20JSON')";
  server = await startShopProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '0', HOST: 'localhost', NODE_OPTIONS: `--import=data:text/javascript,${print}` });
  const { port, logLines } = server;
  expect(server.otherLines).toContain('a line that is not JSON');

  // One address, the one to type (BASE_URL): no line of Fastify's per bound address before it.
  const shopUrl = `http://localhost:${port}`;
  const withAddress = logLines.filter((entry) => /https?:\/\//.test(String(entry.msg)));
  expect(withAddress.map((entry) => entry.msg)).toEqual([`shop is open at ${shopUrl}`]);
  // What the start did to the database, in the line before.
  const started = logLines.find((entry) => String(entry.msg).startsWith('embedded database'));
  expect(started).toMatchObject({ created: true, seeded: true, migrated: expect.arrayContaining(['0001-catalogue', '0017-part-number-keys']) });
  expect(started?.msg).toMatch(/^embedded database in .+: created, \d+ migrations run \(0001-catalogue, .+\), demo catalogue seeded$/);
  // A DATA_DIR outside the working directory is named as it was given, not as `../../tmp/…`.
  expect(started?.msg).toContain(`embedded database in ${dataDir}: `);
  // Signing up (and so in) on the printed address works: its origin is the shop's.
  const signUp = await fetch(`${shopUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify({ name: 'First Visitor', email: 'first@example.com', password: 'first-password' }),
  });
  expect(signUp.status).toBe(200);

  const response = await fetch(`${shopUrl}/api/parts`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as unknown[]).length).toBeGreaterThanOrEqual(12);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');

  // The embedded database is single-process (DESIGN §4): another process is kept off it.
  await expect(openDatabase({ dataDir })).rejects.toThrow(/DATA_DIR.*in use by another process/);

  server.child.kill('SIGTERM');
  expect(await server.exited, server.stderr()).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

  const requestLines = logLines.filter((entry) => entry.msg === 'request');
  expect(requestLines).toEqual([
    expect.objectContaining({ method: 'POST', url: '/api/auth/sign-up/email', status: 200 }),
    expect.objectContaining({
      level: 30,
      method: 'GET',
      url: '/api/parts',
      status: 200,
      ms: expect.any(Number),
    }),
  ]);
  expect(logLines.some((entry) => entry.msg === 'shutting down' && entry.signal === 'SIGTERM')).toBe(true);
});

it('stops with exit code 1 and one line naming PORT, METRICS_PORT or HOST when it cannot listen; a lost port is tried again on another', { timeout: 240_000 }, async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const takenPort = (taken.address() as AddressInfo).port;
  const busyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-listen-'));
  try {
    // PORT 0 where the shop's own port is not the point: the kernel gives one, and none is lost.
    const starts = [
      [{ PORT: String(takenPort) }, `PORT: 127.0.0.1:${takenPort} is in use by another process`],
      [{ PORT: '0', METRICS_PORT: String(takenPort) }, `METRICS_PORT: 127.0.0.1:${takenPort} is in use by another process: each instance on a machine needs its own`],
      [{ PORT: '0', HOST: 'no-such-host.invalid' }, 'HOST: no-such-host.invalid is not an address of this machine'],
    ] as const;
    for (const [env, sentence] of starts) {
      // One at a time: each opens the same embedded database.
      const shop = await launchShopProcess({ DATA_DIR: busyDir, ...env });
      expect(await shop.exited, shop.stderr()).toBe(1);
      expect(shop.stderr().trim()).toContain(sentence);
      expect(shop.stderr()).not.toMatch(/EADDRINUSE|ENOTFOUND/);
    }
    // A port another process took between `freePort`'s probe and the shop's bind (here the taken
    // one, given first) is tried again on another.
    const given: number[] = [];
    const shop = await onFreePort((port) => {
      given.push(given.length === 0 ? takenPort : port);
      return startShopProcess({ DATA_DIR: busyDir, PORT: String(given.at(-1)) });
    });
    try {
      expect(given).toHaveLength(2);
      expect(shop.port).toBe(given[1]);
    } finally {
      await shop.stop();
    }
  } finally {
    taken.close();
    fs.rmSync(busyDir, { recursive: true, force: true });
  }
});
