import { paths, sitemapPages } from '@autoparts/shared';
import type { FastifyPluginAsync } from 'fastify';
import { createPartsRepository } from '../parts/repository';

/** A sitemap holds at most 50,000 URLs (sitemaps.org); the public pages take the first few. */
const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `GET /sitemap.xml`: the public pages and every part on sale, at `BASE_URL`. Part
 * pages ask visitors to sign in, but their HTML carries the part's title, description and
 * schema.org offer for search engines.
 */
export function sitemapRoutes(baseUrl: string): FastifyPluginAsync {
  return async (app) => {
    const parts = createPartsRepository(app.db);
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const ids = await parts.listOnSaleIds(SITEMAP_MAX_URLS - sitemapPages.length);
      const urls = [...sitemapPages, ...ids.map((id) => paths.part(id))].map((path) => `<url><loc>${escapeXml(`${baseUrl}${path}`)}</loc></url>`);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`);
    });
  };
}
