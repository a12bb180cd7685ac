import { Readable } from 'node:stream';
import { catalogueExportQuerySchema, errorSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../../plugins/api-docs';
import { writeAces } from '../aces/writer';
import { writePartsCsv } from '../parts-csv/writer';
import { writePies } from '../pies/writer';

/** The address of a mail sender as written (`Shop <shop@example.com>` or the address alone). */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? (from.includes('@') ? from.trim() : undefined);

/**
 * Admin only: the catalogue as files to download, streamed as they are read (decisions 074, 078).
 */
export const catalogueExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
  // The body is the file's text; Fastify sends a stream as it comes, past the serializer.
  const file = z.string();
  const streamed = (chunks: AsyncGenerator<string>) => Readable.from(chunks) as unknown as string;

  // ACES and PIES, FULL or the changes since a day, each streamed as its writer makes it.
  for (const [format, write] of [
    ['aces', writeAces],
    ['pies', writePies],
  ] as const) {
    app.get(
      `/admin/catalogue/exports/${format}`,
      { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, querystring: catalogueExportQuerySchema, response: { 200: file, ...errors } } },
      async (request, reply) => {
        const today = new Date().toISOString().slice(0, 10);
        const { since } = request.query;
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${format}-${since ? `since-${since}` : 'full'}-${today}.xml"`)
          .send(streamed(write(app.db, { since, today, company: app.config.seller.name, baseUrl: app.config.baseUrl, contactEmail: mailAddress(app.config.mail.from) })));
      },
    );
  }

  app.get(
    '/admin/catalogue/exports/parts.csv',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, response: { 200: file, ...errors } } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="parts-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(streamed(writePartsCsv(app.db))),
  );
};
