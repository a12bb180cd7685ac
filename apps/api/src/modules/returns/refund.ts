import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ReturnsTable } from '../../db/schema';
import { coreRefund, moneyOrderOf, returnRefund, type RefundBreakdown } from '../orders/money';

/**
 * What a return gives back, by the money module's rules (decision 061), from what the database
 * holds: the order and its lines, the units of the same lines that earlier received returns took
 * (a core return counts cores, any other return counts parts), and what the order's other credit
 * notes and received returns give back (the refund never goes above what is left to refund).
 */
export async function refundOfReturn(db: Db, ret: Selectable<ReturnsTable>, restockingFeePpm: number): Promise<RefundBreakdown> {
  const order = await db.selectFrom('orders').select(['shipping_cents', 'tax_cents', 'total_cents']).where('id', '=', ret.order_id).executeTakeFirstOrThrow();
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', ret.order_id).orderBy('position').execute();
  const returned = await db.selectFrom('return_lines').select(['position', 'quantity']).where('return_id', '=', ret.id).orderBy('position').execute();
  let earlierQuery = db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['return_lines.position', 'return_lines.quantity', 'returns.reason'])
    .where('returns.order_id', '=', ret.order_id)
    .where('returns.id', '!=', ret.id)
    .where('returns.status', 'in', ['received', 'refunded']);
  if (ret.received_at) earlierQuery = earlierQuery.where('returns.received_at', '<', ret.received_at);
  const earlier = await earlierQuery.execute();
  const isCore = ret.reason === 'core';
  const before = (position: number) =>
    earlier.filter((row) => row.position === position && (row.reason === 'core') === isCore).reduce((sum, row) => sum + row.quantity, 0);
  const credited = await db
    .selectFrom('credit_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.val('0')).as('cents'))
    .where('order_id', '=', ret.order_id)
    .where((eb) => eb.or([eb('return_id', 'is', null), eb('return_id', '!=', ret.id)]))
    .executeTakeFirstOrThrow();
  // Returns received but not refunded yet are owed already.
  const owed = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('refund_cents'), eb.val('0')).as('cents'))
    .where('order_id', '=', ret.order_id)
    .where('id', '!=', ret.id)
    .where('status', '=', 'received')
    .executeTakeFirstOrThrow();
  const money = moneyOrderOf(order, lines);
  const units = returned.map((row) => ({ position: row.position, from: before(row.position), quantity: row.quantity }));
  const refundedCents = Number(credited.cents) + Number(owed.cents);
  return isCore
    ? coreRefund(money, units, refundedCents)
    : returnRefund(money, { reason: ret.reason, fitPromise: ret.fit_promise, restockingFeePpm, units }, refundedCents);
}
