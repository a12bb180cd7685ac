import { nextStatus, orderKindOf, type OrderAction, type OrderActor, type OrderKind, type OrderStatus } from '@autoparts/shared';
import type { Selectable, UpdateObject } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, OrderLinesTable, OrdersTable, ReturnsTable } from '../../db/schema';
import type { JobQueue, JobRequest } from '../../jobs/queue';

/**
 * The rows of an order's life and the one way its status changes (decisions 059, 068). This file
 * is at the bottom of the order modules (checkout, orders, shipments, returns, invoices): it
 * imports none of them, and they take their row types from here.
 */
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type ReturnRow = Selectable<ReturnsTable>;

export interface StatusChange {
  /** The statuses the caller decided on: the change is refused if the order has left them. */
  from?: readonly OrderStatus[];
  /** Other conditions on the locked row (the expiry time, the refund claim). */
  when?: (order: OrderRow) => boolean;
  /** Other columns written with the status (timestamps, the payment). */
  set?: Omit<UpdateObject<Database, 'orders'>, 'status'>;
}

/**
 * Changes an order's status by `action` of `actor`, as the order-process table allows, under the
 * order's row lock. Undefined (nothing written) when the order is missing or the change is not
 * legal in its current state; two callers at once take turns, and the second sees the first's.
 */
export async function changeOrderStatus(
  trx: Db,
  orderId: string,
  action: OrderAction,
  actor: OrderActor,
  change: StatusChange = {},
): Promise<OrderRow | undefined> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!order) return undefined;
  if (change.from && !change.from.includes(order.status)) return undefined;
  if (change.when && !change.when(order)) return undefined;
  const status = nextStatus(order.status, action, actor, orderKindOf(order.payment_provider));
  if (!status) return undefined;
  return trx
    .updateTable('orders')
    .set({ ...change.set, status })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An unpaid order's expiry job (expiry.ts), due when the order expires. It takes the order's id, so
 * that paying or cancelling the order ends it in the same transaction (endExpiryJob): Operations
 * shows no job waiting for an order that can no longer expire.
 */
export function expiryJob(orderId: string, expiresAt: Date): JobRequest {
  return { queue: 'order-expiry', id: orderId, data: { orderId }, startAfter: expiresAt };
}

/** Ends the expiry job of an order that left `unpaid` (paid or cancelled) in `trx`. */
export async function endExpiryJob(jobs: JobQueue, trx: Db, orderId: string): Promise<void> {
  await jobs.cancelInTransaction(trx, 'order-expiry', orderId);
}

/** The status a new order of `kind` starts in, by `action` of `actor` (a checkout, on account or not; a warranty replacement). */
export function firstStatus(action: 'place' | 'placeOnAccount' | 'replace', actor: OrderActor, kind: OrderKind = 'sale'): OrderStatus {
  const status = nextStatus('new', action, actor, kind);
  if (!status) throw new Error(`${actor} may not ${action} an order`);
  return status;
}
