import {
  acknowledgedSchema,
  errorSchema,
  fitmentReportListSchema,
  fitmentReportParamsSchema,
  partPromiseMessages,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createFitmentReportsRepository, type ReportOutcome } from './repository';

/**
 * Fitment reports (decision 058): what the fit promise's "does not fit" returns teach the shop.
 * Admin only; each decision is audited in its transaction and made once (the report's row is
 * locked; a report already decided is refused with 409, so a second click or a second admin
 * changes nothing). Removing a fitment empties the catalogue's cache as any fitment edit does.
 */
export const fitmentReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createFitmentReportsRepository(app.db);

  app.get(
    '/admin/fitment-reports',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, response: { 200: fitmentReportListSchema, ...adminErrors } } },
    async () => ({ reports: await reports.list() }),
  );

  const decide = (path: string, action: 'fitment-report.dismiss' | 'fitment-report.remove-fitment', run: (trx: typeof app.db, id: string) => Promise<ReportOutcome>) =>
    app.post(
      path,
      {
        onRequest: app.requireAdmin,
        config: app.limitedBy('adminWrites'),
        schema: { tags: ['admin'], security, params: fitmentReportParamsSchema, response: { 200: acknowledgedSchema, 409: errorSchema, ...adminErrors } },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const outcome = await audited(
          app.db,
          identityOf(request),
          (trx) => run(trx, id),
          (result) => (result.done ? { action, target: `part ${result.partId}`, details: { report: id, vehicleId: result.vehicleId } } : undefined),
        );
        if (!outcome.done && outcome.reason === 'not-found') return reply.code(404).send({ message: partPromiseMessages.fitmentReportGone });
        if (!outcome.done) return reply.code(409).send({ message: partPromiseMessages.fitmentReportClosed });
        return { acknowledged: true };
      },
    );

  decide('/admin/fitment-reports/:id/dismiss', 'fitment-report.dismiss', (trx, id) => reports.dismiss(trx, id));
  decide('/admin/fitment-reports/:id/remove-fitment', 'fitment-report.remove-fitment', (trx, id) => reports.removeFitment(trx, id));
};
