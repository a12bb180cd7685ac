import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ReturnsTable } from '../../db/schema';
import { coreRefund, depositsToGiveBack, moneyOrderOf, PARTS_BACK_RETURN_STATUSES, returnMove, returnRefund, type RefundBreakdown, type UnitsRange } from '@autoparts/shared';
import { shippedByPosition } from '../shipments/repository';

/**
 * What a return gives back, by the money module's rules (decisions 061, 109), from what the
 * database holds: the order and its lines, the units of the same lines that earlier received
 * returns took (a core return counts cores, any other return counts parts), the core deposits
 * earlier received returns gave back (cores, or parts with theirs) and what the order's other
 * credit notes and received returns give back (the refund never goes above what is left to
 * refund). A received return's deposits are the ones it recorded when it was received.
 */
export async function refundOfReturn(db: Db, ret: Selectable<ReturnsTable>, restockingFeePpm: number): Promise<RefundBreakdown> {
  const order = await db
    .selectFrom('orders')
    .select(['shipping_cents', 'tax_cents', 'shipping_tax_cents', 'total_cents'])
    .where('id', '=', ret.order_id)
    .executeTakeFirstOrThrow();
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', ret.order_id).orderBy('position').execute();
  const returned = await db.selectFrom('return_lines').select(['position', 'quantity', 'deposit_quantity']).where('return_id', '=', ret.id).orderBy('position').execute();
  let earlierQuery = db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['return_lines.position', 'return_lines.quantity', 'return_lines.deposit_quantity', 'returns.reason'])
    .where('returns.order_id', '=', ret.order_id)
    .where('returns.id', '!=', ret.id)
    .where('returns.status', 'in', PARTS_BACK_RETURN_STATUSES);
  if (ret.received_at) earlierQuery = earlierQuery.where('returns.received_at', '<', ret.received_at);
  const earlier = await earlierQuery.execute();
  const isCore = ret.reason === 'core';
  const before = (position: number) =>
    earlier.filter((row) => row.position === position && (row.reason === 'core') === isCore).reduce((sum, row) => sum + row.quantity, 0);
  const depositsBefore = (position: number) => earlier.filter((row) => row.position === position).reduce((sum, row) => sum + row.deposit_quantity, 0);
  const credited = await db
    .selectFrom('credit_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.val('0')).as('cents'))
    .where('order_id', '=', ret.order_id)
    .where((eb) => eb.or([eb('return_id', 'is', null), eb('return_id', '!=', ret.id)]))
    .executeTakeFirstOrThrow();
  // Returns received but not refunded yet (the refund still to make, by the return table) are owed already.
  const owed = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('refund_cents'), eb.val('0')).as('cents'))
    .where('order_id', '=', ret.order_id)
    .where('id', '!=', ret.id)
    .where('status', 'in', returnMove('refund', 'admin').from)
    .executeTakeFirstOrThrow();
  const money = moneyOrderOf(order, lines);
  const units = returned.map((row) => ({ position: row.position, from: before(row.position), quantity: row.quantity }));
  // Every unit of an order shipped before parcels were recorded went at once.
  const parcels = ret.received_at ? new Map<number, number>() : await shippedByPosition(db, ret.order_id);
  const shipped = (position: number) => (parcels.size > 0 ? (parcels.get(position) ?? 0) : (lines.find((line) => line.position === position)?.quantity ?? 0));
  const deposits = returned.flatMap((row): UnitsRange[] => {
    const from = depositsBefore(row.position);
    if (ret.received_at) return [{ position: row.position, from, quantity: row.deposit_quantity }];
    const range = depositsToGiveBack(money, row.position, row.quantity, shipped(row.position), from);
    return range ? [range] : [];
  });
  const refundedCents = Number(credited.cents) + Number(owed.cents);
  return isCore
    ? coreRefund(money, deposits, refundedCents)
    : returnRefund(money, { reason: ret.reason, fitPromise: ret.fit_promise, restockingFeePpm, units, deposits }, refundedCents);
}

/** The deposits of a part line a refund gives back, by the part's position: what receiving a return records. */
export function depositQuantities(breakdown: RefundBreakdown, lines: readonly { position: number; deposit_for: number | null }[]): Map<number, number> {
  const byPart = new Map<number, number>();
  for (const line of breakdown.lines) {
    if (line.kind !== 'core-deposit') continue;
    const part = lines.find((candidate) => candidate.position === line.position)?.deposit_for;
    if (part !== null && part !== undefined) byPart.set(part, (byPart.get(part) ?? 0) + line.quantity);
  }
  return byPart;
}
