import { centsToDollars, formatCreditNoteNumber, formatRmaNumber, type ReturnRequest } from '@autoparts/shared';
import type { Db } from '../../db/database';
import type { ReturnedPart } from '../mail/templates';
import type { ReturnRow } from '../orders/model';

/** A return's parts, as its e-mails list them. */
export function returnedParts(db: Db, returnId: string): Promise<ReturnedPart[]> {
  return db
    .selectFrom('return_lines')
    .innerJoin('order_lines', (join) => join.onRef('order_lines.order_id', '=', 'return_lines.order_id').onRef('order_lines.position', '=', 'return_lines.position'))
    .select(['return_lines.quantity', 'order_lines.name', 'order_lines.part_number'])
    .where('return_lines.return_id', '=', returnId)
    .orderBy('return_lines.position')
    .execute();
}

/** The returns' lines with their order lines' names and prices, for the API's shape. */
export async function present(db: Db, rows: ReturnRow[]): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db
    .selectFrom('return_lines')
    .innerJoin('order_lines', (join) => join.onRef('order_lines.order_id', '=', 'return_lines.order_id').onRef('order_lines.position', '=', 'return_lines.position'))
    .select(['return_lines.return_id', 'return_lines.quantity', 'return_lines.action', 'return_lines.deposit_quantity', 'order_lines.part_id', 'order_lines.part_number', 'order_lines.name', 'order_lines.unit_price_cents'])
    .where('return_lines.return_id', 'in', ids)
    .orderBy('return_lines.position')
    .execute();
  // The returns' orders, and their warranty replacements' (linked by number, as every order is).
  const orderIds = rows.flatMap((row) => (row.replacement_order_id ? [row.order_id, row.replacement_order_id] : [row.order_id]));
  const orders = await db.selectFrom('orders').select(['id', 'order_number', 'payment_method']).where('id', 'in', [...new Set(orderIds)]).execute();
  const numbers = new Map(orders.map((order) => [order.id, String(order.order_number)]));
  const paidBy = new Map(orders.map((order) => [order.id, order.payment_method]));
  return rows.map((row) => ({
    id: row.id,
    rmaNumber: formatRmaNumber(row.rma_number),
    orderId: row.order_id,
    orderNumber: numbers.get(row.order_id) ?? '',
    status: row.status,
    reason: row.reason,
    note: row.note,
    lines: lines
      .filter((line) => line.return_id === row.id)
      .map((line) => ({
        partId: line.part_id,
        partNumber: line.part_number,
        name: line.name,
        quantity: line.quantity,
        unitPrice: centsToDollars(line.unit_price_cents),
        action: line.action,
        depositsBack: line.deposit_quantity,
      })),
    refundAmount: row.refund_cents === null ? null : centsToDollars(row.refund_cents),
    paymentMethod: paidBy.get(row.order_id) ?? 'card',
    restockingFee: centsToDollars(row.restocking_fee_cents),
    creditNoteNumber: row.credit_note_number === null ? null : formatCreditNoteNumber(row.credit_note_number),
    fitPromise: row.fit_promise,
    resolution: row.resolution,
    rejectionReason: row.rejection_reason,
    replacementOrderId: row.replacement_order_id,
    replacementOrderNumber: row.replacement_order_id ? (numbers.get(row.replacement_order_id) ?? null) : null,
    createdAt: row.created_at.toISOString(),
  }));
}
