import { awaitsPayment, orderKindOf, type OrderActor, type OrderStatus } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';
import { issueCreditNote, nextDocumentNumber } from '../invoices/repository';
import type { Mail } from '../mail/outbox';
import { reopenReplacedClaim } from '../returns/decide';
import { changeOrderStatus, endExpiryJob, type OrderLineRow, type OrderRow } from './model';
import { linesOf } from './shape';

/**
 * An order's changes of status here (expired, paid, cancelled), each through `changeOrderStatus`
 * in one transaction with its message, and the claim a refund holds on it; shipments are in
 * modules/shipments.
 */

/**
 * Unpaid → expired once its time is up, with its stock given back, in one transaction. The
 * conditional update makes it happen once, however many workers try.
 */
export async function expireOrder(db: Db, mail: Mail, id: string): Promise<OrderRow | undefined> {
  return withTransaction(db, async (trx) => {
    const order = await changeOrderStatus(trx, id, 'expire', 'system', {
      when: (row) => row.expires_at !== null && row.expires_at.getTime() <= Date.now(),
      set: { expired_at: sql<Date>`now()` },
    });
    if (!order) return undefined;
    const lines = await giveStockBack(trx, order);
    await mail.queue(trx, { kind: 'order-expired', order, lines });
    return order;
  });
}

/**
 * Unpaid → paid, once: the only way an order becomes paid is a verified payment; its expiry job
 * ends with it. Its invoice number is taken in the same transaction, after the conditional
 * update has decided: a payment seen twice, or for an order no longer unpaid, takes none
 * (decision 056).
 */
export async function markOrderPaid(db: Db, mail: Mail, jobs: JobQueue, id: string, provider: string, transactionId: string): Promise<OrderRow | undefined> {
  return withTransaction(db, async (trx) => {
    const paid = await changeOrderStatus(trx, id, 'pay', 'system', {
      set: { payment_provider: provider, transaction_id: transactionId, paid_at: new Date() },
    });
    const order = paid
      ? await trx
          .updateTable('orders')
          .set({ invoice_number: await nextDocumentNumber(trx, 'invoice'), invoiced_at: sql<Date>`now()` })
          .where('id', '=', paid.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : undefined;
    if (!order) return undefined;
    await endExpiryJob(jobs, trx, order.id);
    await mail.queue(trx, { kind: 'order-paid', order, lines: (await linesOf(trx, [order.id])).get(order.id) ?? [] });
    return order;
  });
}

/**
 * Cancels an order that is still `from` and gives its stock back (an unpaid one's expiry job
 * ends), in one transaction; a warranty replacement's claim is open again (decision 110).
 * Undefined when the order was no longer in that state.
 */
export async function cancelOrderRow(
  db: Db,
  mail: Mail,
  jobs: JobQueue,
  id: string,
  from: OrderStatus,
  actor: OrderActor,
  inTransaction?: (trx: Db, order: OrderRow) => Promise<void>,
  /** A refunded order's credit note for its total is issued with it, and the message names it. */
  { creditNote = false }: { creditNote?: boolean } = {},
): Promise<OrderRow | undefined> {
  return withTransaction(db, async (trx) => {
    const order = await changeOrderStatus(trx, id, 'cancel', actor, { from: [from], set: { cancelled_at: new Date() } });
    if (!order) return undefined;
    if (awaitsPayment(from, orderKindOf(order.payment_provider))) await endExpiryJob(jobs, trx, order.id);
    const lines = await giveStockBack(trx, order);
    const creditNoteNumber = creditNote ? await issueCreditNote(trx, mail, { orderId: order.id, returnId: null, amountCents: order.total_cents }) : null;
    const reopened = orderKindOf(order.payment_provider) === 'replacement' ? await reopenReplacedClaim(trx, order.id) : undefined;
    await mail.queue(trx, { kind: 'order-cancelled', order, lines, creditNoteNumber, ...(reopened ? { reopenedClaim: reopened.rma_number } : {}) });
    if (inTransaction) await inTransaction(trx, order);
    return order;
  });
}

/** How long a refund may take before its claim on an order counts as abandoned. */
const REFUND_CLAIM_SECONDS = 5 * 60;

/**
 * Claims a paid order for its refund: while claimed it cannot ship. A claim older than
 * REFUND_CLAIM_SECONDS (a crash mid-refund) may be taken again; refunds are idempotent. A
 * partly shipped order is claimed the same way for the refund of its rest.
 */
export async function claimForRefund(db: Db, id: string, status: OrderStatus): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ refund_started_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', status)
    .where((eb) =>
      eb.or([
        eb('refund_started_at', 'is', null),
        eb('refund_started_at', '<', new Date(Date.now() - REFUND_CLAIM_SECONDS * 1000)),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * The refund failed: the order is paid as before and may ship. Only the claim's own holder
 * releases it (the claim's time names it): a stale claim taken over since stays (defect 9).
 */
export async function releaseRefundClaim(db: Db, claim: Pick<OrderRow, 'id' | 'refund_started_at'>): Promise<void> {
  if (!claim.refund_started_at) return;
  await db.updateTable('orders').set({ refund_started_at: null }).where('id', '=', claim.id).where('refund_started_at', '=', claim.refund_started_at).execute();
}

/**
 * An order that no longer holds its stock (cancelled, expired) gives every line's back to its
 * part. The parts are locked in id order first, as checkout locks them, so a restock and a
 * checkout of the same parts never wait for each other crosswise. Answers the order's lines.
 */
async function giveStockBack(trx: Db, order: OrderRow): Promise<OrderLineRow[]> {
  const lines = (await linesOf(trx, [order.id])).get(order.id) ?? [];
  // A core deposit line names its part but holds no stock of its own.
  const stocked = lines.filter((line) => line.kind === 'part');
  const partIds = [...new Set(stocked.map((line) => line.part_id))];
  if (partIds.length === 0) return lines;
  await trx.selectFrom('parts').select('id').where('id', 'in', partIds).orderBy('id').forUpdate().execute();
  const given = sql.join(stocked.map((line) => sql`(${line.part_id}::uuid, ${line.quantity}::int)`));
  await sql`
    update parts set available_quantity = parts.available_quantity + given.quantity
    from (select id, sum(quantity)::int as quantity from (values ${given}) as line(id, quantity) group by id) as given
    where parts.id = given.id
  `.execute(trx);
  return lines;
}
