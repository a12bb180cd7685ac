import {
  acknowledgedSchema,
  adminCatalogueSchema,
  apiErrors,
  catalogueUpdateSchema,
  catalogueMessages,
  errorSchema,
  FITMENT_CSV_MAX_BYTES,
  fitmentImportErrorSchema,
  fitmentImportReplySchema,
  fitmentImportSchema,
  partParamsSchema,
  productFieldChangedSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-download';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited, createAuditLog } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createCatalogueAdmin, isUniqueViolation } from './admin-repository';
import { fitmentCsv, parseFitmentCsv } from './fitment-csv';

/** Admin only, audited: a part's catalogue fields and fitment, and fitment in bulk as CSV. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueAdmin(app.db);
  const audit = createAuditLog(app.db);

  app.get(
    '/admin/part/:id/catalogue',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, params: partParamsSchema, response: { 200: adminCatalogueSchema, ...adminErrors } } },
    async (request, reply) => {
      const part = await catalogue.find(request.params.id);
      if (!part) return reply.code(404).send({ message: apiErrors.partNotFound });
      return part;
    },
  );

  // The whole set at once, held to what the form loaded (`expected`, decision 112): sending it twice changes nothing.
  app.put(
    '/admin/part/:id/catalogue',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: partParamsSchema,
        body: catalogueUpdateSchema,
        response: { 200: acknowledgedSchema, ...adminErrors, 409: z.union([productFieldChangedSchema, errorSchema]) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createCatalogueAdmin(trx).update(id, request.body),
        (result) => (result === 'updated' ? { action: 'part.catalogue', target: `part ${id}`, details: request.body } : undefined),
      ).catch((error: unknown) => {
        // Another save took the number between the look and the write (the unique key, or 0054's trigger).
        if (isUniqueViolation(error)) return { problem: catalogueMessages.partNumberTaken, status: 409 as const };
        throw error;
      });
      if (outcome === 'not-found') return reply.code(404).send({ message: apiErrors.partNotFound });
      // A field moved since the form loaded (another admin saved): which, and its value now.
      if (typeof outcome === 'object' && 'changed' in outcome) return reply.code(409).send(outcome.changed);
      if (typeof outcome === 'object') return reply.code(outcome.status).send({ message: outcome.problem });
      return { acknowledged: true };
    },
  );

  app.delete(
    '/admin/part/:id/fitment/:vehicleId',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: z.object({ id: z.string(), vehicleId: z.string() }),
        response: { 200: acknowledgedSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id, vehicleId } = request.params;
      if (!(await catalogue.removeFitment(id, vehicleId))) return reply.code(404).send({ message: catalogueMessages.vehicleNotFound });
      await audit.record(identityOf(request), 'fitment.remove', `part ${id}`, { vehicleId });
      return { acknowledged: true };
    },
  );

  // Every row is checked first; one bad row and nothing is imported.
  app.post(
    '/admin/fitment/import',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      // The CSV (≤ 1 MB) plus its JSON quoting.
      bodyLimit: FITMENT_CSV_MAX_BYTES * 2,
      schema: {
        tags: ['admin'],
        security,
        body: fitmentImportSchema,
        response: { 200: fitmentImportReplySchema, 400: z.union([fitmentImportErrorSchema, errorSchema]), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const parsed = parseFitmentCsv(request.body.csv);
      // A file refused as a whole (empty, too long, broken quoting) has no rows to look up.
      const outcome = parsed.rows.length === 0 ? { errors: parsed.errors } : await catalogue.import(parsed.rows, parsed.errors);
      if ('errors' in outcome) return reply.code(400).send({ message: catalogueMessages.csvHasErrors, errors: outcome.errors });
      await audit.record(identityOf(request), 'fitment.import', 'fitment', { rows: parsed.rows.length, ...outcome });
      return { rows: parsed.rows.length, ...outcome };
    },
  );

  app.get(
    '/admin/fitment/export',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, response: { 200: z.string(), 401: errorSchema, 403: errorSchema } } },
    async (request, reply) => {
      const rows = await catalogue.exportRows();
      await audit.record(identityOf(request), 'fitment.export', 'fitment', { rows: rows.length });
      return sendCsv(reply, 'fitment.csv', fitmentCsv(rows));
    },
  );
};
