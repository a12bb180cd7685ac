import type { PaymentProvider } from '../payments/provider';
import type { OrderRow, OrdersRepository } from './repository';

export type CancelOutcome = 'cancelled' | 'shipped' | 'already-cancelled';

/**
 * DESIGN §6: unpaid orders are cancelled and their stock given back; a paid order is refunded
 * through its provider first, while its row is locked (it cannot ship during the refund); a
 * shipped order cannot be cancelled. The refund is idempotent per order, so a retry is safe.
 */
export async function cancelOrder(
  orders: OrdersRepository,
  payments: PaymentProvider,
  order: OrderRow,
): Promise<CancelOutcome> {
  if (order.status === 'shipped') return 'shipped';
  if (order.status === 'cancelled') return 'already-cancelled';
  const refund = async (locked: OrderRow) => {
    if (locked.transaction_id) await payments.refund({ orderId: locked.id, transactionId: locked.transaction_id });
  };
  if (await orders.cancel(order.id, order.status, order.status === 'paid' ? refund : undefined)) {
    return 'cancelled';
  }
  // The order changed under us (paid or shipped meanwhile): decide on its current state.
  const current = await orders.find(order.id);
  if (!current) return 'already-cancelled';
  if (current.status === order.status) throw new Error(`order ${order.id} could not be cancelled`);
  return cancelOrder(orders, payments, current);
}
