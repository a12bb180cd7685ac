import { centsToDollars, ppmToPercent, returnCan, returnMessages, type RefundPreview, stillRefundable, sumCents } from '@autoparts/shared';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import { issueCreditNote } from '../invoices/repository';
import type { Mail } from '../mail/outbox';
import type { ReturnRow } from '../orders/model';
import type { PaymentProvider } from '../payments/provider';
import { returnedParts } from './present';
import { depositQuantities, refundOfReturn } from './refund';
import { ReturnRefusal } from './refusal';
import { changeReturnStatus } from './status';

/**
 * Approved → received: each line restocked (back to stock, once: only this update's winner
 * does it) or scrapped, and the refund worked out and kept, with the core deposits it gives back.
 * The refund itself is `refund`.
 */
export async function receiveReturn(db: Db, id: string, received: readonly { partId: string; quantity: number; action: 'restock' | 'scrap' }[]): Promise<ReturnRow> {
  return withTransaction(db, async (trx) => {
    const current = await trx.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw new ReturnRefusal(404, returnMessages.returnNotFound);
    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', current.order_id).orderBy('position').execute();
    const returned = await trx.selectFrom('return_lines').selectAll().where('return_id', '=', id).execute();
    const actions = new Map<number, 'restock' | 'scrap'>();
    for (const item of received) {
      const line = lines.find((candidate) => candidate.kind === 'part' && candidate.part_id === item.partId);
      const mine = line && returned.find((row) => row.position === line.position);
      if (!line || !mine || mine.quantity !== item.quantity || actions.has(line.position)) throw new ReturnRefusal(400, returnMessages.receiveLinesMismatch);
      actions.set(line.position, item.action);
    }
    if (actions.size !== returned.length) throw new ReturnRefusal(400, returnMessages.receiveLinesMismatch);
    // The order's row lock: two returns of one order are received one after the other, and the
    // second's cap counts the first's refund, paid or not yet (issue 32, defect 5).
    await trx.selectFrom('orders').select('id').where('id', '=', current.order_id).forUpdate().executeTakeFirstOrThrow();
    const settings = await trx.selectFrom('shop_settings').select('restocking_fee_ppm').executeTakeFirstOrThrow();
    const refund = await refundOfReturn(trx, current, settings.restocking_fee_ppm);
    // The one winner: a second admin receiving at once finds it received already.
    const updated = await changeReturnStatus(trx, { id }, 'receive', 'admin', {
      received_at: new Date(),
      refund_cents: refund.amountCents,
      restocking_fee_cents: refund.restockingFeeCents,
      restocking_fee_ppm: refund.restockingFeePpm,
    });
    if (!updated) throw new ReturnRefusal(409, returnMessages.notReceivable);
    const restock = new Map<string, number>();
    // The deposits it gives back are kept with its lines: held no more, never given back twice (decision 109).
    const deposits = depositQuantities(refund, lines);
    for (const row of returned) {
      const action = actions.get(row.position) ?? 'scrap';
      await trx
        .updateTable('return_lines')
        .set({ action, deposit_quantity: deposits.get(row.position) ?? 0 })
        .where('return_id', '=', id)
        .where('position', '=', row.position)
        .execute();
      const line = lines.find((candidate) => candidate.position === row.position);
      // A returned core is not a sellable part: only the part itself goes back on sale.
      if (line && action === 'restock' && current.reason !== 'core') restock.set(line.part_id, (restock.get(line.part_id) ?? 0) + row.quantity);
    }
    // Parts are locked in id order, as checkout locks them, so the two never deadlock (defect 4).
    if (restock.size > 0) await trx.selectFrom('parts').select('id').where('id', 'in', [...restock.keys()]).orderBy('id').forUpdate().execute();
    for (const [partId, quantity] of restock) {
      await trx.updateTable('parts').set({ available_quantity: sql<number>`available_quantity + ${quantity}` }).where('id', '=', partId).execute();
    }
    return updated;
  });
}

/**
 * Received → refunded: the provider gives the amount back (one idempotency key per return, so
 * a retry never pays twice), then the credit note and the e-mail, once (conditional update);
 * `inTransaction` (the admin's audit row) runs in that change's transaction.
 */
export async function refundReturn(
  db: Db,
  mail: Mail,
  id: string,
  provider: PaymentProvider,
  inTransaction?: (trx: Db, refunded: ReturnRow) => Promise<void>,
): Promise<ReturnRow> {
  const current = await db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  if (!returnCan(current.status, 'refund', 'admin') || current.refund_cents === null) return current;
  // The cap again, under the order's lock, before any money moves: what has been credited on the
  // order and this refund together never exceed what was paid (defect 5).
  const order = await withTransaction(db, async (trx) => {
    const locked = await trx.selectFrom('orders').selectAll().where('id', '=', current.order_id).forUpdate().executeTakeFirstOrThrow();
    if ((current.refund_cents ?? 0) > stillRefundable({ totalCents: locked.total_cents }, await creditedCents(trx, locked.id))) throw new ReturnRefusal(409, returnMessages.refundOverPaid);
    return locked;
  });
  if (current.refund_cents > 0 && order.transaction_id) {
    await provider.refund({ orderId: order.id, transactionId: order.transaction_id, amountCents: current.refund_cents, key: `return-${id}` });
  }
  return withTransaction(db, async (trx) => {
    // The order's row first, as a cancel of its rest takes it before its own credit note's number:
    // the credit note's number (and its row, whose key names the order) after it, never before (a
    // deadlock on PostgreSQL, seen as a 500 when the two met).
    await trx.selectFrom('orders').select('id').where('id', '=', order.id).forUpdate().executeTakeFirstOrThrow();
    const done = await changeReturnStatus(trx, { id }, 'refund', 'admin', { refunded_at: new Date() });
    if (!done) return trx.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    let number: number | null = null;
    if (done.refund_cents && done.refund_cents > 0) {
      number = await issueCreditNote(trx as Transaction<Database>, mail, { orderId: order.id, returnId: id, amountCents: done.refund_cents });
    }
    const final = await trx.updateTable('returns').set({ credit_note_number: number }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await mail.queue(trx, { kind: 'return-refunded', order, ret: final, parts: await returnedParts(trx, final.id) });
    if (inTransaction) await inTransaction(trx, final);
    return final;
  });
}

/** What receiving an approved return will refund, in its parts, by the same arithmetic as `receive`. */
export async function refundPreviewOf(db: Db, id: string): Promise<RefundPreview> {
  const current = isId(id) ? await db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!current) throw new ReturnRefusal(404, returnMessages.returnNotFound);
  if (!returnCan(current.status, 'receive', 'admin')) throw new ReturnRefusal(409, returnMessages.notReceivable);
  const settings = await db.selectFrom('shop_settings').select('restocking_fee_ppm').executeTakeFirstOrThrow();
  const refund = await refundOfReturn(db, current, settings.restocking_fee_ppm);
  const lines = await db.selectFrom('order_lines').select(['position', 'part_id', 'part_number', 'name']).where('order_id', '=', current.order_id).execute();
  const byPosition = new Map(lines.map((line) => [line.position, line]));
  return {
    lines: refund.lines.map((line) => ({
      partId: byPosition.get(line.position)?.part_id ?? '',
      partNumber: byPosition.get(line.position)?.part_number ?? '',
      name: byPosition.get(line.position)?.name ?? '',
      kind: line.kind,
      quantity: line.quantity,
      amount: centsToDollars(line.cents),
    })),
    units: centsToDollars(sumCents(refund.lines.map((line) => line.cents))),
    tax: centsToDollars(refund.taxCents),
    shipping: centsToDollars(refund.shippingCents),
    restockingFee: centsToDollars(refund.restockingFeeCents),
    restockingFeePercent: ppmToPercent(refund.restockingFeePpm),
    amount: centsToDollars(refund.amountCents),
  };
}

/** What has been credited on an order so far: its credit notes. */
async function creditedCents(trx: Db, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('credit_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('cents'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}
