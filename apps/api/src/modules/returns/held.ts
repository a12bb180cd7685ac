import { UNITS_HELD_RETURN_STATUSES, type HeldReturnLine } from '@autoparts/shared';
import type { Db } from '../../db/database';

/** A line of an order's return that holds its units, at its order line's `position`. */
export interface HeldLine extends HeldReturnLine {
  position: number;
}

/**
 * The lines of these orders' returns that hold their units (every return but a rejected one, the
 * return table's `holdsUnits`), by order: what `unitsLeftToReturn` counts, for a request under the
 * order's lock (`request.ts`) and for each line of an order as the API sends it (`returnable`,
 * decision 164), every return of the order however many the customer has.
 */
export async function heldReturnLinesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, HeldLine[]>> {
  const byOrder = new Map<string, HeldLine[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['returns.order_id', 'return_lines.position', 'return_lines.quantity', 'return_lines.deposit_quantity', 'returns.status', 'returns.reason'])
    .where('returns.order_id', 'in', orderIds)
    .where('returns.status', 'in', UNITS_HELD_RETURN_STATUSES)
    .execute();
  for (const row of rows) {
    byOrder.get(row.order_id)?.push({ position: row.position, quantity: row.quantity, depositsBack: row.deposit_quantity, status: row.status, reason: row.reason });
  }
  return byOrder;
}
