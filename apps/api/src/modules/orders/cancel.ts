import { issueCreditNote } from '../invoices/repository';
import type { PaymentProvider } from '../payments/provider';
import type { Db } from '../../db/database';
import type { OrderRow, OrdersRepository } from './repository';

export type CancelOutcome = 'cancelled' | 'shipped' | 'already-cancelled' | 'refund-in-progress';

/**
 * DESIGN §6: unpaid orders are cancelled and their stock given back; a paid order is claimed
 * (it cannot ship from then on), refunded through its provider, then cancelled; a shipped order
 * cannot be cancelled. If the refund fails the claim is released and the order stays paid; once
 * it is done, a credit note for the whole total is issued with the cancellation (decision 056).
 */
export async function cancelOrder(
  orders: OrdersRepository,
  payments: PaymentProvider,
  order: OrderRow,
  /** Runs in the transaction that cancels the order (an admin's audit row). */
  inTransaction?: (trx: Db, order: OrderRow) => Promise<void>,
): Promise<CancelOutcome> {
  if (order.status === 'shipped') return 'shipped';
  if (order.status === 'cancelled' || order.status === 'expired') return 'already-cancelled';
  if (order.status === 'unpaid') {
    if (await orders.cancel(order.id, 'unpaid', inTransaction)) return 'cancelled';
  } else {
    const claimed = await orders.claimForRefund(order.id);
    if (claimed) {
      try {
        if (claimed.transaction_id) {
          await payments.refund({ orderId: claimed.id, transactionId: claimed.transaction_id });
        }
      } catch (error) {
        await orders.releaseRefundClaim(claimed.id);
        throw error;
      }
      // The refund is done: its credit note is issued with the cancellation, or not at all.
      const refunded = claimed.transaction_id !== null;
      const cancelled = await orders.cancel(claimed.id, 'paid', async (trx, row) => {
        if (refunded) await issueCreditNote(trx, { orderId: row.id, returnId: null, amountCents: row.total_cents });
        if (inTransaction) await inTransaction(trx, row);
      });
      if (cancelled) return 'cancelled';
    }
  }
  // The order changed under us (paid, shipped or claimed meanwhile): decide on its current state.
  const current = await orders.find(order.id);
  if (!current) return 'already-cancelled';
  if (current.status === 'paid' && current.refund_started_at) return 'refund-in-progress';
  if (current.status === order.status) throw new Error(`order ${order.id} could not be cancelled now`);
  return cancelOrder(orders, payments, current, inTransaction);
}
