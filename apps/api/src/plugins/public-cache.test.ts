import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byCookie, call, expectReply } from '../test/admin';
import { createTestApp } from '../test/app';
import { insertPart, placeOrder, signUpAdmin, signUpCustomer, type Customer } from '../test/orders';
import { eventually } from '../test/wait';

// The public cache on PGlite, and on PostgreSQL in its pass (public-cache.postgres.test.ts adds
// two instances). Every "changes the answer" starts from a reply that was cached: its ETag
// still gets a 304 just before the change.
let app: FastifyInstance;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(app, 'cache-admin'), signUpCustomer(app, 'cache-customer')]);
});

afterAll(async () => {
  await app?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** Reads `url` until it is cached (a 304 for its own ETag) and answers the reply and its ETag. */
async function cached(url: string) {
  const first = await get(url);
  expectReply(first, 200);
  const etag = String(first.headers.etag);
  expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  return { body: first.json() as unknown, etag };
}

async function partOf(id: string) {
  const reply = await get(`/api/part/${id}`);
  expectReply(reply, 200);
  return reply.json() as { name: string; availableQuantity: number };
}

describe('cached catalogue reads', () => {
  it('answer a matching If-None-Match with 304 and no body, any other with the same bytes', async () => {
    const first = await get('/api/parts');
    expectReply(first, 200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get('/api/parts', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, weak or not, matches when one of them does.
    expect((await get('/api/parts', { 'if-none-match': `"other", W/${String(etag)}` })).statusCode).toBe(304);

    const other = await get('/api/parts', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
    expect(other.headers.etag).toBe(etag);
    // Security headers are on a reply from memory as on any other.
    expect(other.headers['content-security-policy']).toContain("default-src 'self'");
    expect(other.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('keep each page and query apart', async () => {
    const one = await cached('/api/parts');
    const two = await cached('/api/parts?page=2');
    expect(two.etag).not.toBe(one.etag);
    expect(two.body).not.toEqual(one.body);
    expect((await get('/api/parts?page=2', { 'if-none-match': one.etag })).statusCode).toBe(200);
  });

  it('keep one entry per path and query as the route reads it: unknown, reordered or padded parameters are hits (DESIGN §10)', async () => {
    const catalogue = () => ({ ...app.publicCache.counts().catalogue });
    const start = catalogue();
    expectReply(await get('/api/search?q=filter&sort=name'), 200);
    for (const url of ['/api/search?q=filter&sort=name&zz=1', '/api/search?zz=2&sort=name&q=filter', '/api/search?sort=name&q=filter%20']) {
      expectReply(await get(url), 200);
    }
    const same = catalogue();
    expect({ hits: same.hits - start.hits, misses: same.misses - start.misses }).toEqual({ hits: 3, misses: 1 });

    // Whatever changes the reply is still its own entry.
    expectReply(await get('/api/search?q=brake&sort=name'), 200);
    expectReply(await get('/api/search?q=filter&sort=name&page=2'), 200);
    expect(catalogue().misses - same.misses).toBe(2);
  });

  it('send brotli or gzip to a client that takes it, with its own ETag', async () => {
    const plain = await get('/api/parts');
    const brotli = await get('/api/parts', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    const gzip = await get('/api/parts', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await get('/api/parts', { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) })).statusCode).toBe(304);
  });

  it('change when an admin edits a part', async () => {
    const id = await insertPart(app, { name: 'Cache test rotor' });
    const before = await cached(`/api/part/${id}`);
    const list = await cached(`/api/search?q=${encodeURIComponent('Cache test rotor')}`);

    expectReply(await call(app, byCookie(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { name: 'Cache test drum' } }), 200);

    expect((await get(`/api/part/${id}`, { 'if-none-match': before.etag })).statusCode).toBe(200);
    expect((await partOf(id)).name).toBe('Cache test drum');
    const search = await get(`/api/search?q=${encodeURIComponent('Cache test rotor')}`, { 'if-none-match': list.etag });
    expect(search.statusCode).toBe(200);
  });

  describe('on a shop whose unpaid orders expire after 1.2 s', () => {
    // Its own shop, built in a hook of its own: under load the build alone came near the 30 s a
    // test may take, and the test body is to time only the test (decision 145).
    let expiring: FastifyInstance;
    beforeAll(async () => {
      expiring = await createTestApp({ env: { UNPAID_ORDER_MINUTES: '0.02' } });
    }, 120_000);
    afterAll(async () => {
      await expiring?.close();
    });

    it('change when an order takes stock and when the order expires', async () => {
      const buyer = await signUpCustomer(expiring, 'cache-buyer');
      const id = await insertPart(expiring, { available: 40 });
      const read = async () => (await expiring.inject({ method: 'GET', url: `/api/part/${id}` })).json() as { availableQuantity: number };
      expect((await read()).availableQuantity).toBe(40);

      await placeOrder(expiring, buyer, id, 3);
      const after = (await read()).availableQuantity;
      // Taken by the order, or already given back if it expired meanwhile (a slow machine).
      expect([37, 40]).toContain(after);
      await eventually(async () => (await read()).availableQuantity === 40);
      const { rows } = await sql<{ status: string }>`select status from orders where part_id = ${id}`.execute(expiring.db);
      expect(rows).toEqual([{ status: 'expired' }]);
    });
  });

  it('change when an order is placed, as stock is shown on the part', async () => {
    const id = await insertPart(app, { available: 10 });
    const before = await cached(`/api/part/${id}`);
    await placeOrder(app, customer, id, 4);
    expect((await get(`/api/part/${id}`, { 'if-none-match': before.etag })).statusCode).toBe(200);
    expect((await partOf(id)).availableQuantity).toBe(6);
  });

  it('change with any write to the tables they show, whichever code makes it', async () => {
    const id = await insertPart(app, { name: 'Cache test hose' });
    await cached(`/api/part/${id}`);
    await cached('/api/vehicles/years');
    await sql`update parts set name = 'Cache test pipe' where id = ${id}`.execute(app.db);
    expect((await partOf(id)).name).toBe('Cache test pipe');
    // A rolled-back change announces nothing and changes nothing.
    const kept = await cached(`/api/part/${id}`);
    await app.db
      .transaction()
      .execute(async (trx) => {
        await sql`update parts set name = 'Never seen' where id = ${id}`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect((await get(`/api/part/${id}`, { 'if-none-match': kept.etag })).statusCode).toBe(304);
  });
});

describe('cached fitment', () => {
  it('changes when the VCdb or PCdb words it shows change: a PCdb load renaming a position (decision 173)', async () => {
    const vehicle = await app.db
      .selectFrom('vehicles')
      .select(['id', 'base_vehicle_id'])
      .where('base_vehicle_id', 'is not', null)
      .where('submodel_id', 'is', null)
      .where('engine_base_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const position = await app.db.selectFrom('pcdb_positions').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const id = await insertPart(app, { name: 'Cache test pads' });
    await app.db.insertInto('applications').values({ part_id: id, base_vehicle_id: Number(vehicle.base_vehicle_id), position_id: position.id }).execute();
    await app.publicCache.caughtUp();
    const url = `/api/vehicles/${vehicle.id}/applications?ids=${id}`;
    expect((await cached(url)).body).toMatchObject([{ part: id, applications: [{ position: position.name }] }]);

    await app.db.updateTable('pcdb_positions').set({ name: `${position.name} Axle` }).where('id', '=', position.id).execute();
    await app.publicCache.caughtUp();
    try {
      expect((await get(url)).json()).toMatchObject([{ part: id, applications: [{ position: `${position.name} Axle` }] }]);
    } finally {
      await app.db.updateTable('pcdb_positions').set({ name: position.name }).where('id', '=', position.id).execute();
    }
  });
});

describe('cached reviews', () => {
  it('change when a review is posted and when an admin hides it', async () => {
    const before = await cached('/api/reviews');
    expectReply(
      await call(app, byCookie(customer), { method: 'POST', url: '/api/reviews', payload: { description: 'Cached, then fresh.', ratings: '5' } }),
      200,
    );
    const posted = await get('/api/reviews', { 'if-none-match': before.etag });
    expect(posted.statusCode).toBe(200);
    const review = (posted.json() as Array<{ _id: string; description: string }>)[0];
    expect(review?.description).toBe('Cached, then fresh.');

    await cached('/api/reviews');
    expectReply(
      await call(app, byCookie(admin), { method: 'PUT', url: `/api/admin/review/${review?._id}/visibility`, payload: { hidden: true } }),
      200,
    );
    const reviews = (await get('/api/reviews')).json() as Array<{ _id: string }>;
    expect(reviews.map((shown) => shown._id)).not.toContain(review?._id);
  });
});

describe('writes that change nothing', () => {
  it('keep the cache: refused writes from anyone cannot keep it empty', async () => {
    const parts = await cached('/api/parts');
    const reviews = await cached('/api/reviews');
    expectReply(await app.inject({ method: 'POST', url: '/api/reviews', payload: { description: 'No session.' } }), 401);
    expectReply(await call(app, byCookie(customer), { method: 'POST', url: '/api/reviews', payload: { description: '' } }), 400);
    expectReply(await call(app, byCookie(customer), { method: 'PUT', url: '/api/admin/review/x/visibility', payload: { hidden: true } }), 403);
    expect((await get('/api/parts', { 'if-none-match': parts.etag })).statusCode).toBe(304);
    expect((await get('/api/reviews', { 'if-none-match': reviews.etag })).statusCode).toBe(304);
  });

  it('keep the cache: writes that succeed but touch nothing a cached read shows empty nothing', async () => {
    const parts = await cached('/api/parts');
    const reviews = await cached('/api/reviews');
    const version = app.publicCache.version();
    // Anyone may sign out, with or without a session, as often as they like.
    for (let round = 0; round < 3; round++) {
      expectReply(await app.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {} }), 200);
    }
    expect(app.publicCache.version()).toBe(version);
    expect((await get('/api/parts', { 'if-none-match': parts.etag })).statusCode).toBe(304);
    expect((await get('/api/reviews', { 'if-none-match': reviews.etag })).statusCode).toBe(304);
  });
});

describe('replies that are not cached', () => {
  it('a 404 is not kept: the part added afterwards is found', async () => {
    const id = '00000000-0000-4000-8000-00000000cafe';
    expectReply(await get(`/api/part/${id}`), 404);
    await sql`insert into parts (id, name, description, img, price_cents, available_quantity, min_order_quantity)
      values (${id}, 'Late part', 'Added after a 404.', '/images/parts/x.png', 100, 1, 1)`.execute(app.db);
    expect((await partOf(id)).name).toBe('Late part');
  });

  it('per-user reads carry no ETag and are read fresh', async () => {
    const mine = await call(app, byCookie(customer), { method: 'GET', url: '/api/garage' });
    expectReply(mine, 200);
    expect(mine.headers.etag).toBeUndefined();
  });
});
