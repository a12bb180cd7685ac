import { apiErrors, paths, sitemapPages } from '@autoparts/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPartsRepository } from '../parts/repository';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * `GET /sitemap.xml`: the public pages and every part on sale's public page (`/parts/{partNumber}`),
 * at `BASE_URL`. Past `pageSize` URLs (50,000, the most one sitemap may hold) it is a sitemap index
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

    /** The URLs from `start` (0-based, in the list above) on, at most `count`. */
    async function urls(start: number, count: number): Promise<string> {
      const pages = sitemapPages.slice(start, start + count);
      const partStart = Math.max(0, start - sitemapPages.length);
      const numbers = await parts.listPageNumbers(partStart, count - pages.length);
      return [...pages, ...numbers.map((number) => paths.partPage(number))]
        .map((path) => `<url><loc>${escapeXml(`${baseUrl}${path}`)}</loc></url>`)
        .join('');
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
