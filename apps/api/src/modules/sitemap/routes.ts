import { apiErrors, paths, sitemapPages } from '@autoparts/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPartsRepository } from '../parts/repository';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A W3C datetime (the sitemap protocol's `lastmod`), to the second, in UTC. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/**
 * Paths a crawler is asked to leave (decision 103): the API (the pages carry their data) but its
 * product photos (`ALLOWED`: the pages' images and their offers' `image`), the signed-in and
 * buying pages, the account pages, and an invitation's one-person link. Not `/part/{id}`: its
 * head names the part's public page as canonical, which a crawler must read to follow.
 */
const ALLOWED = ['/api/images/'];
const DISALLOWED = ['/api/', '/dashboard', '/checkout', paths.cart, paths.login, paths.signup, paths.forgotPassword, paths.resetPassword, paths.verifyEmail, '/company/invitations/'];

/** The shop's icon, as the page template links it (`apps/web/index.html`). */
const FAVICON = '/images/logo.svg';

const A_DAY = 'public, max-age=86400';

/**
 * `GET /robots.txt`: every crawler welcome but on `DISALLOWED`, and the sitemap at `BASE_URL`;
 * `GET /favicon.ico`, which browsers and crawlers ask for whatever the page links: a 301 to the
 * icon. Both the same for everyone, cached a day.
 */
export function crawlerFileRoutes(baseUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    const robots = ['User-agent: *', ...ALLOWED.map((path) => `Allow: ${path}`), ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', A_DAY).type('text/plain; charset=utf-8').send(robots));
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', A_DAY).redirect(FAVICON, 301));
  };
}

/**
 * `GET /sitemap.xml`: the public pages and every part on sale's public page (`/parts/{partNumber}`)
 * but those that say noindex (a part no longer made), each part's with its `lastmod`, at `BASE_URL`. Past `pageSize` URLs (50,000, the most one sitemap may hold) it is a sitemap index
 * of `/sitemap-1.xml`, `/sitemap-2.xml`…, each the next `pageSize` of the same list: the public
 * pages first, then the parts oldest first.
 */
export function sitemapRoutes(baseUrl: string, pageSize: number): FastifyPluginAsyncZod {
  return async (app) => {
    const parts = createPartsRepository(app.db);
    const send = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').send(`${XML_HEAD}${body}\n`);
    // Each file is up to 50,000 parts read by OFFSET and ~4 MB to compress: kept in memory with the
    // catalogue's other reads until the catalogue changes (`no-cache` with an ETag, compressed
    // once), and what reaches the database is counted per address.
    const config = { ...app.limitedBy('sitemapReads'), cachedAs: 'catalogue' } as const;

    const url = (path: string, lastModified?: Date) =>
      `<url><loc>${escapeXml(`${baseUrl}${path}`)}</loc>${lastModified ? `<lastmod>${w3cDate(lastModified)}</lastmod>` : ''}</url>`;

    /** The URLs from `start` (0-based, in the list above) on, at most `count`; a part's with when it last changed. */
    async function urls(start: number, count: number): Promise<string> {
      const pages = sitemapPages.slice(start, start + count);
      const partStart = Math.max(0, start - sitemapPages.length);
      const partPages = await parts.listPageNumbers(partStart, count - pages.length);
      return [...pages.map((path) => url(path)), ...partPages.map((part) => url(paths.partPage(part.partNumber), part.updatedAt))].join('');
    }

    const fileCount = async () => Math.ceil((sitemapPages.length + (await parts.countPages())) / pageSize);

    app.get('/sitemap.xml', { config, schema: { hide: true } }, async (_request, reply) => {
      const files = await fileCount();
      if (files <= 1) return send(reply, `<urlset xmlns="${NAMESPACE}">${await urls(0, pageSize)}</urlset>`);
      const entries = Array.from({ length: files }, (_, index) => `<sitemap><loc>${escapeXml(`${baseUrl}/sitemap-${index + 1}.xml`)}</loc></sitemap>`);
      return send(reply, `<sitemapindex xmlns="${NAMESPACE}">${entries.join('')}</sitemapindex>`);
    });

    app.get(
      '/sitemap-:file',
      { config, schema: { hide: true, params: z.object({ file: z.string().max(20) }) } },
      async (request, reply) => {
        const page = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
        const files = await fileCount();
        if (page === undefined || files <= 1 || Number(page) > files) return reply.code(404).send({ message: apiErrors.notFound });
        return send(reply, `<urlset xmlns="${NAMESPACE}">${await urls((Number(page) - 1) * pageSize, pageSize)}</urlset>`);
      },
    );
  };
}
