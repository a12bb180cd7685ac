import { Readable } from 'node:stream';
import { catalogueDataMessages, catalogueExportQuerySchema, errorSchema } from '@autoparts/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvHeaders } from '../../../lib/csv-download';
import { signedIn as security } from '../../../plugins/api-docs';
import { writeAces } from '../aces/writer';
import { writePartsCsv } from '../parts-csv/writer';
import { writePies } from '../pies/writer';
import { asOfOneMoment, exportSlots } from './snapshot';

/** Seconds an export asked for while the slots are taken is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 60;

/** The address of a mail sender as written (`Shop <shop@example.com>` or the address alone). */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? (from.includes('@') ? from.trim() : undefined);

/**
 * Admin only: the catalogue as files to download, streamed as they are read (decisions 074, 078),
 * each as one moment's catalogue, at most `EXPORTS_AT_ONCE` at once per instance (decision 134).
 */
export const catalogueExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 503: errorSchema };
  // The body is the file's text; Fastify sends a stream as it comes, past the serializer.
  const file = z.string();
  const slots = exportSlots();
  const postgres = Boolean(app.config.databaseUrl);
  /** The file as one moment's catalogue (`asOfOneMoment`), its slot released once the stream ends or is cut off. */
  const streamed = (write: (db: typeof app.db) => AsyncGenerator<string>) => {
    const stream = Readable.from(asOfOneMoment(app.db, postgres, write));
    stream.once('close', slots.release);
    return stream as unknown as string;
  };
  const busy = (reply: FastifyReply) => reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send({ message: catalogueDataMessages.exportsBusy });
  /**
   * `HEAD` of an export: the refusals its `GET` would answer (400, 401, 403, 503 with every slot
   * taken), or 200 with the file's headers, without writing it or taking a slot. The Catalogue data
   * screen asks it before the browser downloads, so a refusal is shown in words rather than as a
   * failed download (decision 158). Fastify's own `HEAD` ran the `GET` and read the whole export
   * into nothing, holding a slot meanwhile.
   */
  const head = (url: string, headers: (request: FastifyRequest) => Record<string, string>, querystring?: typeof catalogueExportQuerySchema) =>
    app.head(url, { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, ...(querystring && { querystring }), response: { 200: file, ...errors } } }, async (request, reply) => {
      if (!slots.free()) return busy(reply);
      // The file's headers and no length: the GET streams the file as it is written (chunked), so
      // its length is known to no one beforehand. An empty body sent here was `content-length: 0`,
      // an empty file to a client that trusts it; with none sent, Fastify (its own HEAD of a stream
      // does the same) and Node write no length (decision 183).
      // (No payload at all: the typed reply of a 200 wants the file's text, which a HEAD never has.)
      return (reply as FastifyReply).headers(headers(request)).send();
    });

  // ACES and PIES, FULL or the changes since a day, each streamed as its writer makes it.
  for (const [format, write] of [
    ['aces', writeAces],
    ['pies', writePies],
  ] as const) {
    const url = `/admin/catalogue/exports/${format}`;
    const headers = (since: string | undefined, today: string) => ({
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${format}-${since ? `since-${since}` : 'full'}-${today}.xml"`,
      // An admin's file, as every CSV download (`csvHeaders`): kept by no cache, read as what it says it is.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    app.get(
      url,
      { onRequest: app.requireAdmin, exposeHeadRoute: false, schema: { tags: ['admin'], security, querystring: catalogueExportQuerySchema, response: { 200: file, ...errors } } },
      async (request, reply) => {
        const today = new Date().toISOString().slice(0, 10);
        const { since } = request.query;
        if (!slots.take()) return busy(reply);
        return reply
          .headers(headers(since, today))
          .send(streamed((db) => write(db, { since, today, company: app.config.seller.name, baseUrl: app.config.baseUrl, contactEmail: mailAddress(app.config.mail.from) })));
      },
    );
    head(url, (request) => headers((request.query as { since?: string }).since, new Date().toISOString().slice(0, 10)), catalogueExportQuerySchema);
  }

  const partsHeaders = () => csvHeaders(`parts-${new Date().toISOString().slice(0, 10)}.csv`);
  app.get(
    '/admin/catalogue/exports/parts.csv',
    { onRequest: app.requireAdmin, exposeHeadRoute: false, schema: { tags: ['admin'], security, response: { 200: file, ...errors } } },
    async (_request, reply) => {
      if (!slots.take()) return busy(reply);
      return reply.headers(partsHeaders()).send(streamed(writePartsCsv));
    },
  );
  head('/admin/catalogue/exports/parts.csv', partsHeaders);
};
