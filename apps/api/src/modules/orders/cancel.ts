import type { PaymentProvider } from '../payments/provider';
import type { OrderRow, OrdersRepository } from './repository';

export type CancelOutcome = 'cancelled' | 'shipped' | 'already-cancelled';

/**
 * DESIGN §6: unpaid orders are cancelled and their stock given back; a paid order is refunded
 * through its provider first; a shipped order cannot be cancelled. The refund is idempotent per
 * order, so a retry after a failure between refund and cancel is safe.
 */
export async function cancelOrder(
  orders: OrdersRepository,
  payments: PaymentProvider,
  order: OrderRow,
): Promise<CancelOutcome> {
  if (order.status === 'shipped') return 'shipped';
  if (order.status === 'cancelled') return 'already-cancelled';
  if (order.status === 'unpaid') {
    if (await orders.cancel(order.id, 'unpaid')) return 'cancelled';
  } else {
    if (order.transaction_id) {
      await payments.refund({ orderId: order.id, transactionId: order.transaction_id });
    }
    if (await orders.cancel(order.id, 'paid')) return 'cancelled';
  }
  // The order changed under us (paid or shipped meanwhile): decide on its current state.
  const current = await orders.find(order.id);
  if (!current) return 'already-cancelled';
  if (current.status === order.status) throw new Error(`order ${order.id} could not be cancelled`);
  return cancelOrder(orders, payments, current);
}
