import {
  centsToDollars,
  formatInvoiceNumber,
  MY_ORDERS_PAGE_SIZE,
  type CreditNoteSummary,
  orderName,
  taxLabel,
  warrantyEnds,
  type Order,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderActor,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTransaction } from '../../lib/transaction';
import { isId } from '../../lib/ids';
import type { OrderLineRow } from '../checkout/repository';
import type { JobQueue } from '../../jobs/queue';
import type { Mail } from '../mail/outbox';
import { afterSaleOf, noAfterSale, timelineOf, type AfterSale } from '../shipments/repository';
import { creditNotesOf, nextDocumentNumber } from '../invoices/repository';
import { changeOrderStatus, endExpiryJob, type OrderRow } from './model';

export type { OrderRow };

export function toOrder(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  after: AfterSale = noAfterSale,
  creditNotes: readonly CreditNoteSummary[] = [],
  warrantyMonths: ReadonlyMap<string, number> = new Map(),
): Order {
  // The after-sale clock, as returns count it: delivery, else the last parcel, else the order's shipping.
  const lastShipment = after.shipments.at(-1)?.shippedAt;
  const since = row.delivered_at ?? (lastShipment ? new Date(lastShipment) : row.shipped_at);
  const warrantyUntil = (line: OrderLineRow) => {
    const months = line.kind === 'part' ? warrantyMonths.get(line.part_id) : undefined;
    return since && months ? warrantyEnds(since, months).toISOString() : null;
  };
  return {
    _id: row.id,
    partId: row.part_id,
    name: orderName(row.part_name, lines),
    img: row.part_img,
    price: centsToDollars(row.total_cents),
    unitPrice: centsToDollars(row.unit_price_cents),
    orderQuantity: row.quantity,
    address: row.address,
    email: row.email,
    customername: row.customer_name,
    paid: row.status === 'paid' || row.status === 'partially_shipped' || row.status === 'shipped' || row.status === 'delivered',
    status: row.status,
    transactionId: row.transaction_id,
    paymentProvider: row.payment_provider,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.status === 'unpaid' && row.expires_at ? row.expires_at.toISOString() : null,
    orderNumber: String(row.order_number),
    lines: lines.map((line) => ({
      kind: line.kind,
      vehicleId: line.vehicle_id,
      fitChecked: line.fit_checked,
      partId: line.part_id,
      partNumber: line.part_number,
      name: line.name,
      img: line.img,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unit_price_cents),
      lineTotal: centsToDollars(line.line_total_cents),
      warrantyUntil: warrantyUntil(line),
    })),
    subtotal: centsToDollars(row.subtotal_cents),
    shipping: {
      method: row.shipping_method_name || null,
      estimate: row.shipping_estimate || null,
      price: centsToDollars(row.shipping_cents),
    },
    tax: centsToDollars(row.tax_cents),
    taxLabel: taxLabel(row.tax_rate_ppm, row.ship_to),
    total: centsToDollars(row.total_cents),
    shippingAddress: row.ship_to,
    poNumber: row.po_number,
    note: row.note,
    shipments: after.shipments,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    timeline: timelineOf(row, after),
    invoiceNumber: row.invoice_number === null ? null : formatInvoiceNumber(Number(row.invoice_number)),
    creditNotes: [...creditNotes],
  };
}

/** The lines of these orders, each order's in its own order. */
export async function linesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('position').execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

/** The warranty in months of the parts on these lines that have one. */
async function warrantiesOf(db: Db, lines: Iterable<readonly OrderLineRow[]>): Promise<Map<string, number>> {
  const partIds = [...new Set([...lines].flatMap((list) => list.map((line) => line.part_id)))];
  if (partIds.length === 0) return new Map();
  const rows = await db.selectFrom('parts').select(['id', 'warranty_months']).where('id', 'in', partIds).where('warranty_months', 'is not', null).execute();
  return new Map(rows.map((row) => [row.id, row.warranty_months ?? 0]));
}

/** Orders as the API sends them, with their lines, what came after and their credit notes (a few queries for all of them). */
async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const orderOf = await shaper(db, rows);
  return rows.map(orderOf);
}

/** Reads the lines, shipments and returns, credit notes and the parts' warranties of these orders; answers how to shape each. */
async function shaper(db: Db, rows: readonly OrderRow[]): Promise<(row: OrderRow) => Order> {
  const ids = rows.map((row) => row.id);
  const [lines, after, creditNotes] = await Promise.all([linesOf(db, ids), afterSaleOf(db, ids), creditNotesOf(db, ids)]);
  const warranties = await warrantiesOf(db, lines.values());
  return (row) => toOrder(row, lines.get(row.id) ?? [], after.get(row.id), creditNotes.get(row.id) ?? [], warranties);
}

/** What an order number looks like (the sequence starts at 100001). */
const ORDER_NUMBER = /^\d{6,18}$/;

/** How long a refund may take before its claim on an order counts as abandoned. */
const REFUND_CLAIM_SECONDS = 5 * 60;

/**
 * Orders and their changes. Each change (placed, paid, cancelled, expired; shipments are in
 * modules/shipments) queues its message to the customer through `mail` in the change's own
 * transaction.
 */
export function createOrdersRepository(db: Db, mail: Mail, jobs: JobQueue) {
  return {
    /**
     * One page of a customer's orders, newest first; cancelled and expired ones leave My Orders
     * (DESIGN §6). By account, not e-mail: a removed customer's orders never pass to a new sign-up
     * with the same e-mail. Admins look orders up by e-mail (`{ email }`), which covers removed
     * customers too.
     */
    async listForCustomer(owner: { userId: string } | { email: string }, page = 1): Promise<Order[]> {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where((eb) => ('userId' in owner ? eb('user_id', '=', owner.userId) : eb('email', '=', owner.email)))
        .where('status', 'not in', ['cancelled', 'expired'])
        .orderBy('seq', 'desc')
        .limit(MY_ORDERS_PAGE_SIZE)
        .offset((page - 1) * MY_ORDERS_PAGE_SIZE)
        .execute();
      return withLines(db, rows);
    },

    /**
     * The customer's cancelled and expired orders, newest first: what left My Orders. A cancelled
     * order that had been paid was refunded in full before it was cancelled (cancel.ts).
     */
    async historyForCustomer(userId: string, page = 1): Promise<OrderHistoryEntry[]> {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['cancelled', 'expired'])
        .orderBy('seq', 'desc')
        .limit(MY_ORDERS_PAGE_SIZE)
        .offset((page - 1) * MY_ORDERS_PAGE_SIZE)
        .execute();
      const orderOf = await shaper(db, rows);
      return rows.map((row) => ({
        ...orderOf(row),
        endedAt: (row.cancelled_at ?? row.expired_at ?? row.created_at).toISOString(),
        refunded: row.status === 'cancelled' && row.paid_at ? centsToDollars(row.total_cents) : null,
      }));
    },

    /**
     * Unpaid → expired once its time is up, with its stock given back, in one transaction. The
     * conditional update makes it happen once, however many workers try.
     */
    async expire(id: string): Promise<OrderRow | undefined> {
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
    },

    /** Unpaid orders whose time is up: what an expiry job has not (yet) done. */
    async overdue(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'unpaid')
        .where('expires_at', '<=', sql<Date>`now()`)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async rememberCheckout(id: string, checkoutSessionId: string): Promise<void> {
      await db.updateTable('orders').set({ checkout_session_id: checkoutSessionId }).where('id', '=', id).execute();
    },

    async find(id: string): Promise<OrderRow | undefined> {
      if (!isId(id)) return undefined;
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** One order by its number, as My Orders shows it, with its owner for the route to check. */
    async findByNumber(orderNumber: string): Promise<{ order: Order; userId: string | null } | undefined> {
      if (!ORDER_NUMBER.test(orderNumber)) return undefined;
      const row = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
      if (!row) return undefined;
      const [order] = await withLines(db, [row]);
      return order && { order, userId: row.user_id };
    },

    async findDetail(id: string): Promise<(OrderDetail & { row: OrderRow }) | undefined> {
      if (!isId(id)) return undefined;
      const row = await db
        .selectFrom('orders')
        .innerJoin('parts', 'parts.id', 'orders.part_id')
        .selectAll('orders')
        .select(['parts.description', 'parts.available_quantity', 'parts.min_order_quantity'])
        .where('orders.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { description, available_quantity, min_order_quantity, ...order } = row;
      return {
        ...(await shaper(db, [order]))(order),
        description,
        availableQuantity: available_quantity,
        minOrderQuantity: min_order_quantity,
        row: order,
      };
    },

    /**
     * Unpaid → paid, once: the only way an order becomes paid is a verified payment; its expiry job
     * ends with it. Its invoice number is taken in the same transaction, after the conditional
     * update has decided: a payment seen twice, or for an order no longer unpaid, takes none
     * (decision 056).
     */
    async markPaid(id: string, provider: string, transactionId: string): Promise<OrderRow | undefined> {
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
    },

    /**
     * Cancels an order that is still `from` and gives its stock back (an unpaid one's expiry job
     * ends), in one transaction.
     * Undefined when the order was no longer in that state.
     */
    async cancel(
      id: string,
      from: 'unpaid' | 'paid',
      actor: OrderActor,
      inTransaction?: (trx: Db, order: OrderRow) => Promise<void>,
    ): Promise<OrderRow | undefined> {
      return withTransaction(db, async (trx) => {
        const order = await changeOrderStatus(trx, id, 'cancel', actor, { from: [from], set: { cancelled_at: new Date() } });
        if (!order) return undefined;
        if (from === 'unpaid') await endExpiryJob(jobs, trx, order.id);
        const lines = await giveStockBack(trx, order);
        await mail.queue(trx, { kind: 'order-cancelled', order, lines });
        if (inTransaction) await inTransaction(trx, order);
        return order;
      });
    },

    /**
     * Claims a paid order for its refund: while claimed it cannot ship. A claim older than
     * REFUND_CLAIM_SECONDS (a crash mid-refund) may be taken again; refunds are idempotent. A
     * partly shipped order is claimed the same way for the refund of its rest.
     */
    async claimForRefund(id: string, status: 'paid' | 'partially_shipped' = 'paid'): Promise<OrderRow | undefined> {
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
    },

    /**
     * The refund failed: the order is paid as before and may ship. Only the claim's own holder
     * releases it (the claim's time names it): a stale claim taken over since stays (defect 9).
     */
    async releaseRefundClaim(claim: Pick<OrderRow, 'id' | 'refund_started_at'>): Promise<void> {
      if (!claim.refund_started_at) return;
      await db.updateTable('orders').set({ refund_started_at: null }).where('id', '=', claim.id).where('refund_started_at', '=', claim.refund_started_at).execute();
    },

    /** Every order, newest first, filtered and paged on the server (Manage All Orders). */
    async listPage(query: { status?: OrderRow['status'] | undefined; email?: string | undefined; page: number; pageSize: number }) {
      let filtered = db.selectFrom('orders');
      if (query.status) filtered = filtered.where('status', '=', query.status);
      const term = query.email;
      if (term) {
        // A part of the customer's e-mail, or an order's number as e-mails and My Orders show it.
        filtered = filtered.where((eb) =>
          eb.or([
            eb('email', 'ilike', `%${escapeLike(term.toLowerCase())}%`),
            ...(ORDER_NUMBER.test(term) ? [eb('order_number', '=', term)] : []),
          ]),
        );
      }
      const [rows, counted] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('seq', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { orders: await withLines(db, rows), total: Number(counted.total), page: query.page, pageSize: query.pageSize };
    },

    async hasPaymentEvent(provider: string, eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_events')
        .select('event_id')
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a provider's event id as handled; false when it already was. */
    async recordPaymentEvent(provider: string, eventId: string): Promise<boolean> {
      const inserted = await db
        .insertInto('payment_events')
        .values({ provider, event_id: eventId })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

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

/** A search term matched literally: `%` and `_` in it are not wildcards. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}
