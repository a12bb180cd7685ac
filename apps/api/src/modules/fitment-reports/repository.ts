import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

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
