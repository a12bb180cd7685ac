import { apiErrors } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { insertPart } from '../../test/orders';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ env: { BASE_URL: 'https://parts.example.com' } });
});

afterAll(async () => {
  await app?.close();
});

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
const numberOf = async (shop: FastifyInstance, id: string) =>
  (await shop.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow()).part_number;

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every part on sale’s public page at BASE_URL, and no archived, renumbered, superseded or discontinued part', async () => {
    const onSale = await insertPart(app, { name: 'Sitemap pads' });
    const archived = await insertPart(app, { name: 'Sitemap archived' });
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', archived).execute();
    // Pages that are 301s to their replacement (issue 30), and a discontinued part's, whose page
    // says noindex: a sitemap lists only pages to index (decision 049, amended by 103).
    const [superseded, renumbered, discontinued] = [await insertPart(app), await insertPart(app), await insertPart(app)];
    await app.db.updateTable('parts').set({ lifecycle_code: '7', replaced_by: onSale }).where('id', '=', superseded).execute();
    await app.db.updateTable('parts').set({ lifecycle_code: '6', replaced_by: onSale }).where('id', '=', renumbered).execute();
    await app.db.updateTable('parts').set({ lifecycle_code: '8' }).where('id', '=', discontinued).execute();

    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const listed = locations(response.body);
    expect(listed.slice(0, 4)).toEqual([
      'https://parts.example.com/',
      'https://parts.example.com/shop',
      'https://parts.example.com/blogs',
      'https://parts.example.com/portfolio',
    ]);
    expect(listed).toContain(`https://parts.example.com/parts/${await numberOf(app, onSale)}`);
    expect(listed).not.toContain(`https://parts.example.com/parts/${await numberOf(app, archived)}`);
    expect(listed).not.toContain(`https://parts.example.com/parts/${await numberOf(app, superseded)}`);
    expect(listed).not.toContain(`https://parts.example.com/parts/${await numberOf(app, renumbered)}`);
    expect(listed).not.toContain(`https://parts.example.com/parts/${await numberOf(app, discontinued)}`);
    // The signed-in order page is not a public page.
    expect(listed).not.toContain(`https://parts.example.com/part/${onSale}`);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect((await app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });

  it('says when each part’s page last changed (lastmod, a W3C datetime from the part’s updated_at); the fixed pages have none', async () => {
    const part = await insertPart(app, { name: 'Sitemap dated' });
    await app.db.updateTable('parts').set({ updated_at: new Date('2026-11-30T10:20:30.456Z') }).where('id', '=', part).execute();

    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(response.body).toContain(`<url><loc>https://parts.example.com/parts/${await numberOf(app, part)}</loc><lastmod>2026-11-30T10:20:30+00:00</lastmod></url>`);
    expect(response.body).toContain('<url><loc>https://parts.example.com/shop</loc></url>');
    expect([...response.body.matchAll(/<url>/g)].length).toBe([...response.body.matchAll(/<lastmod>/g)].length + 4);
  });
});

describe('GET /robots.txt and /favicon.ico', () => {
  it('asks crawlers to leave the API (not its photos), the account and buying pages, and names the sitemap at BASE_URL; cached a day', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /api/images/',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /checkout',
        'Disallow: /cart',
        'Disallow: /login',
        'Disallow: /signup',
        'Disallow: /forgot-password',
        'Disallow: /reset-password',
        'Disallow: /verify-email',
        'Disallow: /company/invitations/',
        '',
        'Sitemap: https://parts.example.com/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('sends /favicon.ico to the icon the pages link, for good', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });

    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/images/logo.svg');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('the sitemap from memory', () => {
  it('reads the database once for two identical requests, and counts what it reads against the address', async () => {
    const crawler = '203.0.113.50';
    // A change of the catalogue empties what the test above kept.
    await insertPart(app, { name: 'Sitemap crawled' });
    const before = { ...app.publicCache.counts().catalogue };

    const first = await app.inject({ method: 'GET', url: '/sitemap.xml', remoteAddress: crawler });
    const second = await app.inject({ method: 'GET', url: '/sitemap.xml?utm=1', remoteAddress: crawler, headers: { 'accept-encoding': 'br' } });

    const after = app.publicCache.counts().catalogue;
    expect({ hits: after.hits - before.hits, misses: after.misses - before.misses }).toEqual({ hits: 1, misses: 1 });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toMatch(/^application\/xml/);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.etag).toBe(`${String(first.headers.etag).slice(0, -1)}-br"`);
    // What reached the database is counted (sitemapReads), once.
    const counted = await app.db.selectFrom('rate_counters').select('count').where('key', '=', `sitemapReads:ip:${crawler}`).executeTakeFirst();
    expect(counted?.count).toBe(1);
  });
});

describe('the sitemap index past one file', () => {
  // 50 URLs a file (the shop's is 50,000): the demo catalogue's parts make several files. Its own
  // shop, built in a hook of its own: under load the build alone came near the 30 s a test may
  // take, and the test body is to time only the test (decision 145).
  let small: FastifyInstance;
  beforeAll(async () => {
    small = await createTestApp({ env: { BASE_URL: 'https://parts.example.com' }, sitemapPageSize: 50 });
  }, 120_000);
  afterAll(async () => {
    await small?.close();
  });

  it('becomes an index of files of at most the page size, which together list every page once', async () => {
    const archived = await insertPart(small, { name: 'Indexed but archived' });
    await small.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', archived).execute();
    const onSale = await small.db.selectFrom('parts').select('part_number').where('archived_at', 'is', null).where('lifecycle_code', 'not in', ['6', '7', '8', '9']).orderBy('seq').execute();
    const expected = ['/', '/shop', '/blogs', '/portfolio', ...onSale.map((row) => `/parts/${row.part_number}`)].map((path) => `https://parts.example.com${path}`);
    const fileCount = Math.ceil(expected.length / 50);
    expect(fileCount).toBeGreaterThan(1);

    const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(index.statusCode).toBe(200);
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = locations(index.body);
    expect(files).toEqual(Array.from({ length: fileCount }, (_, position) => `https://parts.example.com/sitemap-${position + 1}.xml`));

    const listed: string[] = [];
    for (const file of files) {
      const page = await small.inject({ method: 'GET', url: new URL(file ?? '').pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = locations(page.body);
      expect(urls.length).toBeLessThanOrEqual(50);
      listed.push(...urls.map(String));
    }
    expect(listed).toEqual(expected);

    for (const url of [`/sitemap-${fileCount + 1}.xml`, '/sitemap-0.xml', '/sitemap-x.xml', '/sitemap-1.txt']) {
      const missing = await small.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ message: apiErrors.notFound });
    }
  });
});
