import { AWAITING_PAYMENT_STATUSES, type OrderActor, type OrderStatus } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import type { JobQueue } from '../../jobs/queue';
import type { Mail } from '../mail/outbox';
import { cancelOrderRow, claimForRefund, expireOrder, markOrderPaid, releaseRefundClaim } from './changes';
import { findByNumber, findDetail, historyForCustomer, listForCustomer, listPage } from './lists';
import type { OrderRow } from './model';

/**
 * Orders and their changes. Each change (placed, paid, cancelled, expired; shipments are in
 * modules/shipments) queues its message to the customer through `mail` in the change's own
 * transaction (changes.ts); the lists and pages are in lists.ts.
 */
export function createOrdersRepository(db: Db, mail: Mail, jobs: JobQueue) {
  return {
    listForCustomer: (owner: { userId: string } | { email: string }, page?: number) => listForCustomer(db, owner, page),
    historyForCustomer: (userId: string, page?: number) => historyForCustomer(db, userId, page),
    expire: (id: string) => expireOrder(db, mail, id),

    /** Unpaid orders whose time is up: what an expiry job has not (yet) done. */
    async overdue(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', 'in', [...AWAITING_PAYMENT_STATUSES])
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

    findByNumber: (orderNumber: string) => findByNumber(db, orderNumber),
    findDetail: (id: string) => findDetail(db, id),
    markPaid: (id: string, provider: string, transactionId: string) => markOrderPaid(db, mail, jobs, id, provider, transactionId),
    cancel: (id: string, from: OrderStatus, actor: OrderActor, inTransaction?: (trx: Db, order: OrderRow) => Promise<void>, options?: { creditNote?: boolean }) =>
      cancelOrderRow(db, mail, jobs, id, from, actor, inTransaction, options),

    claimForRefund: (id: string, status: OrderStatus) => claimForRefund(db, id, status),
    releaseRefundClaim: (claim: Pick<OrderRow, 'id' | 'refund_started_at'>) => releaseRefundClaim(db, claim),

    listPage: (query: Parameters<typeof listPage>[1]) => listPage(db, query),

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
