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

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every part on sale at BASE_URL, and no archived part', async () => {
    const onSale = await insertPart(app, { name: 'Sitemap pads' });
    const archived = await insertPart(app, { name: 'Sitemap archived' });
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', archived).execute();

    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations.slice(0, 4)).toEqual([
      'https://parts.example.com/',
      'https://parts.example.com/shop',
      'https://parts.example.com/blogs',
      'https://parts.example.com/portfolio',
    ]);
    expect(locations).toContain(`https://parts.example.com/part/${onSale}`);
    expect(locations).not.toContain(`https://parts.example.com/part/${archived}`);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });
});
