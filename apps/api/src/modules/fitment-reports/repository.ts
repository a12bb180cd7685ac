import { FITMENT_REPORTS_CLOSED_SHOWN, formatRmaNumber, type FitmentReport } from '@autoparts/shared';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { isId } from '../../lib/ids';
import { stopListing } from '../vehicles/configurations';

/**
 * What a part returned as "does not fit" under the fit promise teaches the shop: the part, the
 * vehicle it was bought for and the customer's note, open until an admin removes that fitment row
 * or dismisses the report. Written in the return's transaction.
 */
export async function openFitmentReport(
  trx: Transaction<Database>,
  report: { partId: string; vehicleId: string; returnId: string; note: string },
): Promise<string> {
  const row = await trx
    .insertInto('fitment_reports')
    .values({ part_id: report.partId, vehicle_id: report.vehicleId, return_id: report.returnId, note: report.note })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A report as an admin decides it: dismissed, or its fitment row removed; why not when it was not. */
export type ReportOutcome = { done: true; partId: string; vehicleId: string } | { done: false; reason: 'not-found' | 'closed' };

/**
 * The admin's fitment reports (decision 058): every open one first (oldest first), then the
 * latest closed ones; each with its part, vehicle, note and the return (RMA) that opened it.
 */
export function createFitmentReportsRepository(db: Db) {
  /**
   * Closes an open report, in the caller's transaction: the report's row is locked and must still
   * be open, so two admins deciding it at once decide it once (the second is told it is closed).
   */
  async function close(trx: Db, id: string, status: 'dismissed' | 'fitment-removed'): Promise<ReportOutcome> {
    if (!isId(id)) return { done: false, reason: 'not-found' };
    const report = await trx.selectFrom('fitment_reports').select(['part_id', 'vehicle_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!report) return { done: false, reason: 'not-found' };
    if (report.status !== 'open') return { done: false, reason: 'closed' };
    await trx.updateTable('fitment_reports').set({ status, resolved_at: sql<Date>`now()` }).where('id', '=', id).execute();
    return { done: true, partId: report.part_id, vehicleId: report.vehicle_id };
  }

  return {
    async list(): Promise<FitmentReport[]> {
      const base = db
        .selectFrom('fitment_reports')
        .innerJoin('parts', 'parts.id', 'fitment_reports.part_id')
        .innerJoin('vehicles', 'vehicles.id', 'fitment_reports.vehicle_id')
        .leftJoin('returns', 'returns.id', 'fitment_reports.return_id')
        .select([
          'fitment_reports.id',
          'fitment_reports.status',
          'fitment_reports.note',
          'fitment_reports.created_at',
          'fitment_reports.resolved_at',
          'parts.id as part_id',
          'parts.part_number',
          'parts.name as part_name',
          'vehicles.id as vehicle_id',
          'vehicles.year',
          'vehicles.make',
          'vehicles.model',
          'vehicles.engine',
          'returns.id as return_id',
          'returns.rma_number',
        ])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('fitments')
                .select('fitments.part_id')
                .whereRef('fitments.part_id', '=', 'fitment_reports.part_id')
                .whereRef('fitments.vehicle_id', '=', 'fitment_reports.vehicle_id'),
            )
            .as('listed'),
        );
      const [open, closed] = await Promise.all([
        base.where('fitment_reports.status', '=', 'open').orderBy('fitment_reports.created_at').orderBy('fitment_reports.id').execute(),
        base
          .where('fitment_reports.status', '!=', 'open')
          .orderBy('fitment_reports.resolved_at', 'desc')
          .orderBy('fitment_reports.id')
          .limit(FITMENT_REPORTS_CLOSED_SHOWN)
          .execute(),
      ]);
      return [...open, ...closed].map((row) => ({
        id: row.id,
        status: row.status,
        part: { _id: row.part_id, partNumber: row.part_number, name: row.part_name },
        vehicle: { _id: row.vehicle_id, year: row.year, make: row.make, model: row.model, engine: row.engine },
        note: row.note,
        return: row.return_id && row.rma_number !== null ? { id: row.return_id, rmaNumber: formatRmaNumber(row.rma_number) } : null,
        fitmentListed: Boolean(row.listed),
        createdAt: row.created_at.toISOString(),
        resolvedAt: row.resolved_at ? row.resolved_at.toISOString() : null,
      }));
    },

    /** Dismisses an open report: the fitment stays as it is. */
    dismiss: (trx: Db, id: string) => close(trx, id, 'dismissed'),

    /**
     * Removes the part-vehicle fitment row the report is about and closes the report, with every
     * other open report on the same part and vehicle (they are answered by the same removal).
     */
    async removeFitment(trx: Db, id: string): Promise<ReportOutcome> {
      const outcome = await close(trx, id, 'fitment-removed');
      if (!outcome.done) return outcome;
      await stopListing(trx, outcome.partId, outcome.vehicleId);
      await trx
        .updateTable('fitment_reports')
        .set({ status: 'fitment-removed', resolved_at: sql<Date>`now()` })
        .where('part_id', '=', outcome.partId)
        .where('vehicle_id', '=', outcome.vehicleId)
        .where('status', '=', 'open')
        .execute();
      return outcome;
    },
  };
}
