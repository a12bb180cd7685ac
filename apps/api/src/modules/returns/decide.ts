import { isReplaced, REPLACEMENT_PROVIDER, returnCan, returnMessages } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import type { Mail } from '../mail/outbox';
import { createPartChangesRepository } from '../part-changes/repository';
import { firstStatus, type OrderRow, type ReturnRow } from '../orders/model';
import { returnedParts } from './present';
import { ReturnRefusal } from './refusal';
import { changeReturnStatus } from './status';

/** Requested → approved; a warranty claim with its resolution (a replacement is made now). */
export async function approveReturn(db: Db, mail: Mail, id: string, resolution: 'replace' | 'refund' | undefined): Promise<ReturnRow> {
  if (!isId(id)) throw new ReturnRefusal(404, returnMessages.returnNotFound);
  return withTransaction(db, async (trx) => {
    const current = await trx.selectFrom('returns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw new ReturnRefusal(404, returnMessages.returnNotFound);
    const chosen = current.reason === 'warranty' ? resolution : null;
    // A warranty claim with a replacement is the table's `replace`; every other approval its `approve`.
    const action = chosen === 'replace' ? 'replace' : 'approve';
    if (!returnCan(current.status, action, 'admin')) throw new ReturnRefusal(409, returnMessages.notApprovable);
    if (current.reason === 'warranty' && !chosen) throw new ReturnRefusal(400, returnMessages.resolutionNeeded);
    const replacement = action === 'replace' ? await replacementOrder(trx, current) : null;
    const approved = await changeReturnStatus(trx, { id }, action, 'admin', {
      resolution: chosen,
      replacement_order_id: replacement?.id ?? null,
      decided_at: new Date(),
    });
    // The row is locked above and was in a state the table allows: the update cannot miss it.
    if (!approved) throw new ReturnRefusal(409, returnMessages.notApprovable);
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', approved.order_id).executeTakeFirstOrThrow();
    await mail.queue(trx, {
      kind: 'return-approved',
      order,
      ret: approved,
      parts: await returnedParts(trx, approved.id),
      ...(replacement ? { replacementOrderNumber: String(replacement.order_number) } : {}),
    });
    return approved;
  });
}

export async function rejectReturn(db: Db, mail: Mail, id: string, reason: string): Promise<ReturnRow> {
  if (!isId(id)) throw new ReturnRefusal(404, returnMessages.returnNotFound);
  return withTransaction(db, async (trx) => {
    const rejected = await changeReturnStatus(trx, { id }, 'reject', 'admin', { rejection_reason: reason, decided_at: new Date() });
    if (!rejected) {
      const exists = await trx.selectFrom('returns').select('id').where('id', '=', id).executeTakeFirst();
      throw new ReturnRefusal(exists ? 409 : 404, exists ? returnMessages.notRejectable : returnMessages.returnNotFound);
    }
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', rejected.order_id).executeTakeFirstOrThrow();
    await mail.queue(trx, { kind: 'return-rejected', order, ret: rejected, parts: await returnedParts(trx, rejected.id) });
    return rejected;
  });
}

/**
 * A warranty replacement cancelled by an admin before it shipped (decision 110): its claim is open
 * again, `requested` with no resolution and no replacement, for the admin to decide again (replace,
 * refund or reject); its lines stay claimed meanwhile. In the cancel's transaction, which gave the
 * replacement's stock back. Undefined when no replaced claim names the order.
 */
export async function reopenReplacedClaim(trx: Db, replacementOrderId: string): Promise<ReturnRow | undefined> {
  return changeReturnStatus(trx, { replacementOrderId }, 'reopen', 'admin', { resolution: null, replacement_order_id: null, decided_at: null });
}

/**
 * A warranty replacement: a new order of the claimed lines at $0, paid (nothing to pay) and
 * taking stock, shipped like any order; it names the order it replaces lines of. A line of a part
 * renumbered or superseded since (6, 7) is replaced by the part it is sold as now, the end of its
 * chain, from that part's stock, as Buy again adds it (decision 175): the old number's row keeps
 * only what was left of it, none once renumbered.
 */
async function replacementOrder(trx: Db, claim: ReturnRow): Promise<{ id: string; order_number: OrderRow['order_number'] }> {
  const order: OrderRow = await trx.selectFrom('orders').selectAll().where('id', '=', claim.order_id).executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom('return_lines')
    .innerJoin('order_lines', (join) => join.onRef('order_lines.order_id', '=', 'return_lines.order_id').onRef('order_lines.position', '=', 'return_lines.position'))
    .innerJoin('parts', 'parts.id', 'order_lines.part_id')
    .select(['order_lines.part_id', 'order_lines.part_number', 'order_lines.name', 'order_lines.img', 'return_lines.quantity', 'parts.lifecycle_code'])
    .where('return_lines.return_id', '=', claim.id)
    .orderBy('return_lines.position')
    .execute();
  const changes = createPartChangesRepository(trx);
  const claimed = await Promise.all(
    rows.map(async ({ lifecycle_code, ...line }) => {
      const current = isReplaced(lifecycle_code) ? await changes.currentReplacement(line.part_id) : null;
      if (!current) return line;
      const part = await trx.selectFrom('parts').select(['id', 'part_number', 'name', 'img']).where('id', '=', current.id).executeTakeFirstOrThrow();
      return { ...line, part_id: part.id, part_number: part.part_number, name: part.name, img: part.img };
    }),
  );
  for (const line of [...claimed].sort((a, b) => a.part_id.localeCompare(b.part_id))) {
    const taken = await trx
      .updateTable('parts')
      .set({ available_quantity: sql<number>`available_quantity - ${line.quantity}` })
      .where('id', '=', line.part_id)
      .where('available_quantity', '>=', line.quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw new ReturnRefusal(409, returnMessages.outOfStock);
  }
  const first = claimed[0];
  if (!first) throw new ReturnRefusal(409, returnMessages.notApprovable);
  const created = await trx
    .insertInto('orders')
    .values({
      user_id: order.user_id,
      email: order.email,
      customer_name: order.customer_name,
      part_id: first.part_id,
      part_name: first.name,
      part_img: first.img,
      unit_price_cents: 0,
      quantity: claimed.reduce((sum, line) => sum + line.quantity, 0),
      total_cents: 0,
      address: order.address,
      ship_to: order.ship_to ? JSON.stringify(order.ship_to) : null,
      status: firstStatus('replace', 'admin', 'replacement'),
      payment_provider: REPLACEMENT_PROVIDER,
      transaction_id: null,
      paid_at: new Date(),
      expires_at: null,
      replaces_order_id: order.id,
    })
    .returning(['id', 'order_number'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_lines')
    .values(
      claimed.map((line, index) => ({
        order_id: created.id,
        position: index + 1,
        part_id: line.part_id,
        part_number: line.part_number,
        name: line.name,
        img: line.img,
        quantity: line.quantity,
        unit_price_cents: 0,
        line_total_cents: 0,
      })),
    )
    .execute();
  return created;
}
