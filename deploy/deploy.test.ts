import { spawnSync } from 'node:child_process';
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNginx, type Nginx } from '../scripts/nginx-process';
import { startPostgresCluster, type PostgresCluster } from '../scripts/postgres-cluster';
import { apiErrors } from '@autoparts/shared';
import { freePort, startShop, type ShopProcess } from '../apps/api/src/test/shop-process';
import { eventually } from '../apps/api/src/test/wait';

/**
 * "Running in production", tried (README): Debian's nginx with this directory's configuration in
 * front of two instances of the shop on one PostgreSQL. A customer's session and an order work
 * through it whichever instance answers, an admin's change empties both instances' caches, and
 * one instance stopped by SIGTERM in the middle costs no read and loses no acknowledged order.
 */
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-'));
const authSecret = 'deploy-test-secret-deploy-test-secret-0123456789';
let cluster: PostgresCluster;
let databaseUrl: string;
let nginx: Nginx | undefined;
let proxy: string;
const instances: ShopProcess[] = [];

/** A built web app of the test's own: one hashed script with the brotli and gzip copies the build writes. */
const script = `console.log(${JSON.stringify('a built script '.repeat(200))});\n`;
const asset = 'app-0a1b2c3d.js';
function builtApp() {
  const dir = path.join(work, 'web');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'assets', asset), script);
  fs.writeFileSync(path.join(dir, 'assets', `${asset}.br`), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', `${asset}.gz`), zlib.gzipSync(script));
  return dir;
}

/** A request through nginx as a browser on the shop's pages sends it; JSON in and out. */
async function request(method: string, url: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${proxy}${url}`, {
    method,
    headers: {
      origin: proxy,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream') ?? '',
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookie: response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; '),
  };
}

async function signUp(label: string) {
  const email = `${label}-${Date.now().toString(36)}@example.com`;
  const password = `pw-${label}-${Date.now().toString(36)}`;
  const reply = await request('POST', '/api/auth/sign-up/email', { body: { email, password, name: `Deploy ${label}` } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { email, cookie: reply.cookie };
}

/** Reads `url` through nginx until each instance in `upstreams` has answered; answers each one's body. */
async function fromEach(url: string, upstreams: number, cookie?: string) {
  const answers = new Map<string, Record<string, unknown>>();
  for (let tries = 0; answers.size < upstreams; tries += 1) {
    if (tries > 20) throw new Error(`only ${[...answers.keys()].join(', ')} answered ${url}`);
    const reply = await request('GET', url, cookie ? { cookie } : {});
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    answers.set(reply.upstream, reply.body);
  }
  return [...answers.values()];
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database shop');
  await admin.end();
  databaseUrl = cluster.url.replace(/\/postgres$/, '/shop');
  const ports = await Promise.all([freePort(), freePort()]);
  nginx = await startNginx({ work, port: await freePort(), upstreamPorts: ports as [number, number], assetsRoot: builtApp() });
  proxy = nginx.url;
  // Both at once, as systemd starts them: the migrations take a lock, the second waits its turn.
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: authSecret,
    BASE_URL: proxy,
    TRUST_PROXY: '1',
    WEB_DIST_DIR: path.join(work, 'no-web-app'),
    PAYMENTS: 'test',
  });
  instances.push(...(await Promise.all(ports.map((port) => startShop(env(port))))));
}, 120_000);

afterAll(async () => {
  for (const instance of instances) instance.kill();
  await nginx?.stop();
  await cluster?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

it("passes on the shop's 503 while the database is away, never its own 502, and serves again as soon as the database is back", {
  timeout: 120_000,
}, async () => {
  // Readers through nginx while PostgreSQL stops and starts again, as a restart or failover does.
  const answers: { status: number; upstream: string; message?: string; retryAfter?: string | null }[] = [];
  let reading = true;
  const read = async () => {
    try {
      const reply = await fetch(`${proxy}/api/parts`);
      const text = await reply.text();
      let message: string | undefined;
      try {
        message = (JSON.parse(text) as { message?: string }).message;
      } catch {
        message = text.slice(0, 80);
      }
      return { status: reply.status, upstream: reply.headers.get('x-upstream') ?? '', message, retryAfter: reply.headers.get('retry-after') };
    } catch (error) {
      return { status: 0, upstream: '', message: String(error) };
    }
  };
  const readers = Array.from({ length: 3 }, async () => {
    while (reading) answers.push(await read());
  });
  try {
    await eventually(async () => answers.length >= 10);
    await cluster.pause();
    // Each instance is asked while the database is away.
    const paused = answers.length;
    await eventually(async () => answers.length >= paused + 30);
    await cluster.start();
    // Back on both as soon as their next query reaches it: no instance was left out for its 503.
    const since = answers.length;
    await eventually(async () => new Set(answers.slice(since).filter((answer) => answer.status === 200).map((answer) => answer.upstream)).size === 2);
  } finally {
    reading = false;
    await Promise.all(readers);
  }

  expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503).slice(0, 3)).toEqual([]);
  const unavailable = answers.filter((answer) => answer.status === 503);
  expect(new Set(unavailable.map((answer) => answer.upstream)).size).toBe(2);
  for (const answer of unavailable) {
    expect(answer).toMatchObject({ message: apiErrors.databaseUnavailable, retryAfter: '1' });
  }
  for (const instance of instances) {
    await eventually(async () => (await fetch(`${instance.url}/readyz`)).status === 200);
  }
});

it('serves a session, an order and a cache invalidation through nginx, and loses nothing when an instance stops', {
  timeout: 120_000,
}, async () => {
  const customer = await signUp('customer');
  const boss = await signUp('admin');
  // The operator's way to the first admin (README): the script, on the shop's database.
  const makeAdmin = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/scripts/make-admin.ts'), boss.email], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret },
    encoding: 'utf8',
  });
  expect(makeAdmin.status, makeAdmin.stderr).toBe(0);

  // A catalogue file past the 9 MB of every other body (a dry run: nothing changes) is passed on
  // to the shop, which takes it (up to its own 512 MB).
  const upload = new FormData();
  upload.set('kind', 'parts-csv');
  upload.set('mode', 'dry-run');
  upload.set('onProblems', 'refuse');
  upload.set('file', new Blob([`part_number,name\n${'X-1,A part of a big file\n'.repeat(420_000)}`], { type: 'text/csv' }), 'big.csv');
  const big = await fetch(`${proxy}/api/admin/catalogue/imports`, { method: 'POST', headers: { origin: proxy, cookie: boss.cookie }, body: upload });
  expect(big.status, await big.clone().text()).toBe(202);
  // nginx names itself without its version, and the request by the id it gave it (the shop's too).
  expect(big.headers.get('server')).toBe('nginx');
  expect(big.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  await big.arrayBuffer();

  // The session, signed in through one instance, is known to both.
  const me = await fromEach('/api/me', 2, customer.cookie);
  expect(me.map((answer) => answer.email)).toEqual([customer.email, customer.email]);

  const added = await request('POST', '/api/addaproduct', {
    cookie: boss.cookie,
    body: { name: 'Deploy test pads', img: '/images/parts/brake-pads.svg', description: 'Through nginx.', storequantity: '100', price: '10.00' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const partId = String(added.body.insertedId);

  // Both instances cache the part; the admin's change through one empties both.
  expect((await fromEach(`/api/part/${partId}`, 2)).map((part) => part.price)).toEqual([10, 10]);
  const changed = await request('PATCH', `/api/admin/part/${partId}`, { cookie: boss.cookie, body: { price: 12.5 } });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  for (let tries = 0; ; tries += 1) {
    const prices = (await fromEach(`/api/part/${partId}`, 2)).map((part) => part.price);
    if (prices.every((price) => price === 12.5)) break;
    // Other instances hear of a change within a quarter of a second (README, the public cache).
    if (tries > 20) throw new Error(`a cache still answers ${prices.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const order = () =>
    request('POST', '/api/order', {
      cookie: customer.cookie,
      body: { partId, customername: 'Deploy customer', address: '1 Proxy Road, Nginxville', orderQuantity: 1 },
    });
  const placed = await order();
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);

  // Readers and orders keep coming while the first instance stops.
  const [stopping, staying] = instances as [ShopProcess, ShopProcess];
  let stopped = false;
  const reads: number[] = [];
  const orders: { status: number; id?: string }[] = [];
  const readers = Array.from({ length: 3 }, async () => {
    while (!stopped) reads.push((await request('GET', `/api/part/${partId}`)).status);
  });
  const buyer = (async () => {
    while (!stopped && orders.length < 8) {
      const reply = await order();
      orders.push({ status: reply.status, ...(reply.status === 200 && { id: String(reply.body.insertedId) }) });
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await stopping.stop(), stopping.stderr()).toBe(0);
  stopped = true;
  await Promise.all([...readers, buyer]);

  expect(reads.length).toBeGreaterThan(0);
  expect(reads.filter((status) => status !== 200)).toEqual([]);
  // A POST that reached the stopping instance is never resent by nginx: each either was
  // acknowledged (and is in the database) or answered by nginx as cut off, never placed unseen.
  const acknowledged = orders.flatMap((each) => (each.id ? [each.id] : []));
  expect(orders.filter((each) => each.status !== 200 && each.status !== 502)).toEqual([]);

  // The instance left answers everything: the session, a new order, the part.
  const after = await order();
  expect(after.status, JSON.stringify(after.body)).toBe(200);
  expect(after.upstream.split(", ").at(-1)).toBe(`127.0.0.1:${staying.port}`);
  const mine = await request('GET', `/api/me`, { cookie: customer.cookie });
  expect(mine.body.email).toBe(customer.email);

  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const ids = [placed.body.insertedId, ...acknowledged, after.body.insertedId];
    const { rows } = await database.query('select id from orders where id = any($1::uuid[])', [ids]);
    expect(rows).toHaveLength(ids.length);
  } finally {
    await database.end();
  }
});

it("sends the web app's built files itself, as the copy the browser takes, kept a year; a file it lacks is the shop's 404", async () => {
  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ] as const) {
    const reply = await fetch(`${proxy}/assets/${asset}`, { headers: { 'accept-encoding': accept } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-upstream'), 'no instance was asked').toBeNull();
    expect(reply.headers.get('content-encoding')).toBe(encoding);
    expect(reply.headers.get('content-type')).toMatch(/javascript/);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('etag')).toBeTruthy();
    if (encoding) expect(reply.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await reply.text()).toBe(script);
  }
  const missing = await fetch(`${proxy}/assets/app-of-an-older-build.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get('x-upstream')).toMatch(/^127\.0\.0\.1:/);
  expect(missing.headers.get('content-type')).toMatch(/json/);
});

it("logs each request in nginx's access log by its id, without the tokens and e-mail addresses a URL carries", async () => {
  const accessLog = nginx?.accessLog ?? '';
  const lines = () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  // A reset link's token in its path, a confirmation link's in its query, an invitation's, an e-mail.
  const urls = [
    '/api/auth/reset-password/reset-token-of-a-link?callbackURL=%2Freset-password',
    '/api/auth/verify-email?token=confirm-token-of-a-link&callbackURL=%2F',
    '/company/invitations/invitation-token-of-a-link',
    '/api/myorder/someone%40example.com',
  ];
  const ids: string[] = [];
  for (const url of urls) {
    // Not followed: a reset link answers 302, and a followed reply would carry the next request's id.
    const reply = await fetch(`${proxy}${url}`, { redirect: 'manual' });
    await reply.arrayBuffer();
    ids.push(reply.headers.get('x-request-id') ?? '');
  }
  // nginx writes a request's line once its reply has gone: waited for by the ids, not by a count of
  // lines, which a line of the test before, written late, would make up.
  const logged = () => lines().slice(before).join('\n');
  for (let tries = 0; !ids.every((id) => logged().includes(id)); tries += 1) {
    if (tries > 100) throw new Error(`nginx logged ${ids.filter((id) => logged().includes(id)).length} of ${urls.length} requests`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(logged()).not.toMatch(/token-of-a-link|someone|example\.com/);
  // The shop logs the same request under the same id, with its address cleaned.
  for (const id of ids) expect(logged()).toContain(id);
});

// Regression (was a bug): nginx's own 404, 413, 431 and 502 were its HTML ("<center>nginx</center>")
// without the shop's headers: no CSP, no nosniff, no DENY, no HSTS (decision 193).
it("makes its own refusals in the shop's words, with the shop's headers: JSON under /api/, a page elsewhere", async () => {
  const shops = await fetch(`${proxy}/api/part/not-a-part`);
  await shops.arrayBuffer();
  const everyReply = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'permissions-policy'];
  const expectShopHeaders = (reply: Response, label: string) => {
    for (const name of everyReply) expect(reply.headers.get(name), `${label}: ${name}`).toBe(shops.headers.get(name));
  };
  const big = 'x'.repeat(10 * 1024 * 1024);
  // `api`: answered as the API's (JSON), which an address under /api/ is without saying.
  const cases: { label: string; url: string; init: RequestInit; status: number; message: string; api?: boolean }[] = [
    { label: 'a body over 9 MB to the API', url: '/api/cart/preview', init: { method: 'POST', body: big, headers: { 'content-type': 'application/json' } }, status: 413, message: apiErrors.bodyTooLarge },
    { label: 'a body over 9 MB to a page', url: '/shop', init: { method: 'POST', body: big }, status: 413, message: apiErrors.bodyTooLarge },
    { label: 'headers over nginx’s buffers', url: '/api/parts', init: { headers: { 'x-big': 'a'.repeat(10_000) } }, status: 431, message: apiErrors.headersTooLarge },
    // An address nginx cannot read whole has no $uri: told by the request line's start (decision 200),
    // its first segment read as the shop reads an address it cannot decode (decision 210).
    { label: 'an address over nginx’s buffers to the API', url: `/api/search?q=${'a'.repeat(10_000)}`, init: {}, status: 414, message: apiErrors.badUrl },
    { label: 'an address over nginx’s buffers to a page', url: `/shop?q=${'a'.repeat(10_000)}`, init: {}, status: 414, message: apiErrors.badUrl },
    { label: 'an escaped address over nginx’s buffers to the API', url: `/%61pi/search?q=${'a'.repeat(10_000)}`, init: {}, status: 414, message: apiErrors.badUrl, api: true },
    { label: 'an address over nginx’s buffers to the API, escaped otherwise', url: `//%41P%69%2Fsearch?q=${'a'.repeat(10_000)}`, init: {}, status: 414, message: apiErrors.badUrl, api: true },
    { label: 'an address over nginx’s buffers to the API after an escaped backslash', url: `/%5Capi/search?q=${'a'.repeat(10_000)}`, init: {}, status: 414, message: apiErrors.badUrl, api: true },
    { label: 'an address over nginx’s buffers that only looks like the API’s', url: `/%61piary?q=${'a'.repeat(10_000)}`, init: {}, status: 414, message: apiErrors.badUrl },
  ];
  for (const { label, url, init, status, message, api = url.startsWith('/api/') } of cases) {
    const reply = await fetch(`${proxy}${url}`, init);
    const text = await reply.text();
    expect(reply.status, label).toBe(status);
    expect(reply.headers.get('x-upstream'), `${label}: no instance was asked`).toBeNull();
    expectShopHeaders(reply, label);
    expect(reply.headers.get('cache-control'), label).toBe('private, no-store');
    expect(text, label).not.toMatch(/nginx/i);
    if (api) {
      expect(reply.headers.get('content-type'), label).toBe('application/json; charset=utf-8');
      expect(JSON.parse(text), label).toEqual({ message });
    } else {
      expect(reply.headers.get('content-type'), label).toBe('text/html; charset=utf-8');
      expect(text, label).toContain(`<h1 style="font-size:1.75rem;line-height:1.3">${message}</h1>`);
    }
  }

  // The instances' liveness and metrics, from outside: the shop's own not-found answer.
  for (const url of ['/healthz', '/readyz', '/metrics', '/%68ealthz']) {
    const reply = await fetch(`${proxy}${url}`);
    expect(reply.status, url).toBe(404);
    expect(reply.headers.get('x-upstream'), `${url}: the shop answered`).toMatch(/^127\.0\.0\.1:/);
    expectShopHeaders(reply, url);
    expect(await reply.json(), url).toEqual({ message: apiErrors.notFound });
  }

  // No instance answers: a second nginx in front of two ports nobody listens on.
  const alone = fs.mkdtempSync(path.join(work, 'alone-'));
  const nobody = await startNginx({ work: alone, port: await freePort(), upstreamPorts: [await freePort(), await freePort()], assetsRoot: alone });
  try {
    for (const [url, type] of [['/api/parts', 'application/json'], ['/shop', 'text/html']] as const) {
      const reply = await fetch(`${nobody.url}${url}`);
      const text = await reply.text();
      expect(reply.status, url).toBe(502);
      expectShopHeaders(reply, url);
      expect(reply.headers.get('content-type'), url).toBe(`${type}; charset=utf-8`);
      expect(text, url).toContain(type === 'application/json' ? JSON.stringify({ message: apiErrors.shopUnreachable }) : apiErrors.shopUnreachable);
    }
  } finally {
    await nobody.stop();
  }
});
