import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../test/accounts';
import { anotherInstance, createTestApp } from '../test/app';
import { insertPart } from '../test/orders';
import { tcpProxy } from '../test/tcp-proxy';
import { eventually } from '../test/wait';
import { LISTENER_NAME } from './database';

// Runs in the PostgreSQL pass only. A server that stops answering without refusing or closing
// anything (frozen, or a network that drops packets) is played by a proxy that holds the bytes.
// `shop` reaches PostgreSQL through the proxy; `direct` (same database) does not, and makes the
// changes. Nothing here times the shop: a reply that never comes fails at the test's time-out.
let direct: FastifyInstance;
let shop: FastifyInstance;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
const metricsToken = 'silent-database-metrics-token-0123456789';

beforeAll(async () => {
  direct = await createTestApp({ env: { METRICS_TOKEN: metricsToken } });
  const url = new URL(direct.config.databaseUrl ?? '');
  proxy = await tcpProxy({ host: url.hostname, port: Number(url.port) });
  shop = await anotherInstance(direct, { port: proxy.port });
});

afterAll(async () => {
  proxy?.thaw();
  await shop?.close();
  await proxy?.close();
  await direct?.close();
});

const theListener = (connection: { opening: string }) => connection.opening.includes(LISTENER_NAME);

async function priceOnShop(id: string): Promise<number> {
  const reply = await shop.inject({ method: 'GET', url: `/api/part/${id}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { price: number }).price;
}

/** Whether the shop keeps the part's reply in memory: its own ETag is answered 304. */
async function cachedOnShop(id: string): Promise<boolean> {
  const url = `/api/part/${id}`;
  const etag = String((await shop.inject({ method: 'GET', url })).headers.etag);
  return (await shop.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode === 304;
}

const readiness = async () => (await shop.inject({ method: 'GET', url: '/readyz' })).statusCode;

async function setPrice(id: string, cents: number) {
  await direct.db.updateTable('parts').set({ price_cents: cents }).where('id', '=', id).execute();
}

describe('a PostgreSQL that stops answering', () => {
  it('only on the listening connection: writes are answered, /readyz says 503, reads come from the database; the shop recovers by itself', async () => {
    const id = await insertPart(direct, { priceCents: 1000 });
    await eventually(() => cachedOnShop(id));
    proxy.freeze(theListener);
    try {
      // A sign-up changes nothing a cached read shows; its reply waits for the listener at most a moment.
      const signUp = await shop.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: newAccount('silent-listener'),
        headers: { origin: shop.config.baseUrl },
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      await eventually(async () => (await readiness()) === 503);
      await setPrice(id, 1100);
      expect(await priceOnShop(id)).toBe(11);
    } finally {
      proxy.thaw();
    }
    await eventually(async () => (await readiness()) === 200);
    await eventually(() => cachedOnShop(id));
    await setPrice(id, 1200);
    await eventually(async () => (await priceOnShop(id)) === 12);
  });

  it('only on the listening connection, with no write to notice it: its own check does', async () => {
    const id = await insertPart(direct, { priceCents: 2000 });
    await eventually(() => cachedOnShop(id));
    proxy.freeze(theListener);
    try {
      await eventually(async () => (await readiness()) === 503);
      await setPrice(id, 2100);
      expect(await priceOnShop(id)).toBe(21);
    } finally {
      proxy.thaw();
    }
    await eventually(async () => (await readiness()) === 200);
    await setPrice(id, 2200);
    await eventually(async () => (await priceOnShop(id)) === 22);
  });

  it('on every connection: /metrics still answers, db_up 0 and without the series read from the database', async () => {
    const scrape = async () => {
      const reply = await shop.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.body;
    };
    expect(await scrape()).toMatch(/^db_up 1$/m);
    proxy.freeze();
    try {
      const text = await scrape();
      expect(text).toMatch(/^db_up 0$/m);
      expect(text).not.toMatch(/^mail_outbox_unsent /m);
      expect(text).not.toMatch(/^job_queue_jobs\{/m);
      expect(text).toMatch(/^db_pool_connections\{/m);
    } finally {
      proxy.thaw();
    }
    await eventually(async () => /^db_up 1$/m.test(await scrape()));
  });

  it('on every connection: /readyz answers 503; once it answers again, so does the shop', async () => {
    const id = await insertPart(direct, { priceCents: 3000 });
    expect(await priceOnShop(id)).toBe(30);
    proxy.freeze();
    try {
      const reply = await shop.inject({ method: 'GET', url: '/readyz' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({ status: 'not ready', reason: 'database not answering' });
    } finally {
      proxy.thaw();
    }
    await eventually(async () => (await readiness()) === 200);
    await setPrice(id, 3100);
    await eventually(async () => (await priceOnShop(id)) === 31);
  });
});
