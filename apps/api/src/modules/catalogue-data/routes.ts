import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  CATALOGUE_IMPORT_MAX_BYTES,
  CATALOGUE_IMPORTS_PAGE,
  CATALOGUE_IMPORTS_PAGE_MAX,
  CATALOGUE_PROBLEMS_LISTED,
  catalogueDataMessages,
  catalogueImportKinds,
  catalogueImportModes,
  catalogueImportOnProblems,
  catalogueImportSchema,
  catalogueImportsQuerySchema,
  catalogueProblemsNotListed,
  errorSchema,
} from '@autoparts/shared';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { schemaWords } from '../../plugins/errors';
import { csvWriteOptions } from '../../lib/csv-cell';
import { sendCsv } from '../../lib/csv-download';
import { isStorableText } from '../../lib/storable-text';
import { createAuditLog } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { CHUNK_BYTES, createCatalogueImports, isAnotherImport } from './repository';

/** The form's fields that must come before the file: what it is and what to do with it. */
const formSchema = z.object({
  kind: z.enum(catalogueImportKinds, { error: catalogueDataMessages.badKind }),
  mode: z.enum(catalogueImportModes, { error: catalogueDataMessages.badMode }),
  onProblems: z.enum(catalogueImportOnProblems, { error: catalogueDataMessages.badOnProblems }),
});

/**
 * Catalogue data in the trade's formats (issue 29, decision 073): an admin uploads a file, which
 * is stored in the database as it arrives (never whole in memory) and imported by a job on any
 * instance (job.ts); the admin follows it here.
 */
export const catalogueDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = createCatalogueImports(app.db);
  await app.register(multipart, { limits: { fileSize: CATALOGUE_IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  /** Stores the file's bytes as they arrive, CHUNK_BYTES a row; answers the size. */
  async function store(id: string, file: Readable): Promise<number> {
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      await imports.addChunk(id, seq++, Buffer.concat(pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
    };
    for await (const piece of file as AsyncIterable<Buffer>) {
      pending.push(piece);
      pendingBytes += piece.length;
      size += piece.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    if (pendingBytes > 0) await flush();
    return size;
  }

  app.post(
    '/admin/catalogue/imports',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        consumes: ['multipart/form-data'],
        description:
          `multipart/form-data: \`kind\`, \`mode\` and \`onProblems\`, then \`file\` (at most ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB). ` +
          'The import runs as a job; follow it with GET …/imports/{id}. 409 while another import is queued or running.',
        response: { 202: z.object({ id: z.string() }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return reply.code(400).send({ message: catalogueDataMessages.noFile });
      const identity = identityOf(request);
      const fields: Record<string, unknown> = {};
      let upload: { id: string; size: number; fileName: string; form: z.infer<typeof formSchema> } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || upload) {
            part.file.resume();
            continue;
          }
          const form = formSchema.safeParse(fields);
          if (!form.success) {
            const missing = ['kind', 'mode', 'onProblems'].every((name) => fields[name] === undefined);
            return await reply.code(400).send({ message: missing ? catalogueDataMessages.fieldsFirst : schemaWords(form.error, catalogueDataMessages.badKind) });
          }
          const fileName = uploadName(part.filename);
          if (fileName === undefined) {
            part.file.resume();
            return await reply.code(400).send({ message: catalogueDataMessages.badFileName });
          }
          let id: string;
          try {
            id = await imports.create({ ...form.data, fileName, userId: identity.userId, email: identity.email, staleAfterMs: 2 * app.config.requestTimeoutMs });
          } catch (error) {
            if (isAnotherImport(error)) return await reply.code(409).send({ message: catalogueDataMessages.busy });
            throw error;
          }
          upload = { id, size: 0, fileName, form: form.data };
          upload.size = await store(id, part.file);
        }
      } catch (error) {
        // An upload that did not arrive whole is forgotten: another may start at once.
        if (upload) await imports.discard(upload.id);
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) return reply.code(413).send({ message: catalogueDataMessages.tooLarge });
        throw error;
      }
      if (!upload) return reply.code(400).send({ message: catalogueDataMessages.noFile });
      if (upload.size === 0) {
        await imports.discard(upload.id);
        return reply.code(400).send({ message: catalogueDataMessages.emptyFile });
      }
      const { id, size, fileName, form } = upload;
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('catalogue_imports').set({ uploaded_at: new Date(), file_size: size }).where('id', '=', id).execute();
        await app.jobs.sendInTransaction(trx, [{ queue: 'catalogue-import', data: { id } }]);
        await createAuditLog(trx).record(identity, 'catalogue.import', `catalogue-import ${id}`, { fileName, bytes: size, ...form });
      });
      return reply.code(202).send({ id });
    },
  );

  app.get(
    '/admin/catalogue/imports',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        description:
          `The latest \`limit\` imports (${CATALOGUE_IMPORTS_PAGE} unless given, at most ${CATALOGUE_IMPORTS_PAGE_MAX}), newest first; with \`before\` (an import's id) the ones listed after it, the next page. ` +
          'Each with `problems: []` (`problemCount` counts them): GET …/imports/{id} has the first 1,000. 404 for a `before` that is no import.',
        querystring: catalogueImportsQuerySchema,
        response: { 200: z.array(catalogueImportSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const found = await imports.list(request.query);
      if (!found) return reply.code(404).send({ message: catalogueDataMessages.notFound });
      return found;
    },
  );

  app.get(
    '/admin/catalogue/imports/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, params: z.object({ id: z.uuid({ error: catalogueDataMessages.notFound }) }), response: { 200: catalogueImportSchema, ...adminErrors } },
    },
    async (request, reply) => {
      const found = await imports.get(request.params.id);
      if (!found) return reply.code(404).send({ message: catalogueDataMessages.notFound });
      return found;
    },
  );

  app.get(
    '/admin/catalogue/imports/:id/problems.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        // No 200 schema: the body is CSV, streamed.
        // A ref is the file's own text (a part number, an App id): a cell a spreadsheet would run as a
        // formula gets csv-stringify's leading quote, as the parts and fitment CSVs do.
        description:
          `The problems of the import as CSV (line, ref, code, message), streamed: the first ${CATALOGUE_PROBLEMS_LISTED.toLocaleString('en-US')}, then, for an import of more, ` +
          'one row whose message says how many more are not listed (decision 204).',
        params: z.object({ id: z.uuid({ error: catalogueDataMessages.notFound }) }),
        response: adminErrors,
      },
    },
    async (request, reply) => {
      const found = await imports.get(request.params.id);
      if (!found) return reply.code(404).send({ message: catalogueDataMessages.notFound });
      const notListed = catalogueProblemsNotListed(found.problemCount);
      const rows = async function* () {
        yield* imports.problems(found.id);
        if (notListed > 0) yield { line: '', ref: '', code: '', message: catalogueDataMessages.problemsNotListed(notListed) };
      };
      return sendCsv(reply, problemsFileName(found.fileName), Readable.from(rows()).pipe(stringify({ header: true, columns: ['line', 'ref', 'code', 'message'], ...csvWriteOptions })));
    },
  );
};

/**
 * The problems CSV's name: the uploaded file's, without its extension (and a `.gz` before it), then
 * `-problems.csv` ("BaseVehicle.txt" gives "BaseVehicle-problems.csv"). It was the import's id,
 * which says nothing of which file it was once downloaded.
 */
function problemsFileName(uploaded: string): string {
  const stem = uploaded.replace(/\.gz$/i, '').replace(/\.[^./\\]{1,10}$/, '').trim();
  return `${stem || 'upload'}-problems.csv`;
}

/** The most characters of an upload's name kept (it is shown in the history and the audit log). */
const FILE_NAME_MAX = 255;

/** The upload's name as kept, shortened to FILE_NAME_MAX; undefined for one PostgreSQL cannot store as text. */
function uploadName(sent: string | undefined): string | undefined {
  if (!sent) return 'upload';
  if (!isStorableText(sent)) return undefined;
  return sent.length > FILE_NAME_MAX ? `${sent.slice(0, FILE_NAME_MAX - 1)}…` : sent;
}
