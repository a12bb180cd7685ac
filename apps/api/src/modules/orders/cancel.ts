import { awaitsPayment, can, cancelsOnlyTheRest, hasEnded, hasShippedAll, isPaidState, orderKindOf, type OrderActor } from '@autoparts/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../payments/provider';
import type { Db } from '../../db/database';
import { withTransaction } from '../../lib/transaction';
import type { Mail } from '../mail/outbox';
import { cancelRest, restRefundCents, unshippedLines } from '../shipments/repository';
import type { OrdersRepository } from './repository';
import type { OrderRow } from './model';

/** `replacement`: a warranty replacement its customer may not cancel, or partly shipped (decision 110). */
export type CancelOutcome = 'cancelled' | 'rest-cancelled' | 'shipped' | 'replacement' | 'already-cancelled' | 'refund-in-progress';
/** What a cancel did; `restRefundCents` is what this cancel of a rest refunded (only this one's). */
export interface CancelResult {
  outcome: CancelOutcome;
  restRefundCents?: number;
}

/**
 * DESIGN §6: unpaid orders are cancelled and their stock given back; a paid order is claimed
 * (it cannot ship from then on), refunded through its provider, then cancelled; a shipped order
 * cannot be cancelled. If the refund fails the claim is released and the order stays paid; once
 * it is done, a credit note for the whole total is issued with the cancellation (decision 056).
 * A partly shipped order has its rest cancelled (decision 055): claimed the same way, refunded
 * the unshipped lines' prices and their share of tax and shipping, the unshipped units restocked,
 * a credit note issued, and the order is then `shipped`. Whether `actor` may cancel is the
 * order-process table's to say: a warranty replacement only an admin cancels, before it ships, and
 * its claim is open again (decision 110).
 */
export async function cancelOrder(
  orders: OrdersRepository,
  payments: PaymentProvider,
  order: OrderRow,
  /** Who cancels: the order's customer or an admin. */
  actor: OrderActor,
  /** Runs in the transaction that cancels the order (an admin's audit row). */
  inTransaction?: (trx: Db, order: OrderRow) => Promise<void>,
  /** Where the message about a cancelled rest goes (the shop's mail). */
  db?: { db: Db; mail: Mail },
  /** The request's log, for what went wrong without stopping the cancel. */
  log?: FastifyBaseLogger,
): Promise<CancelResult> {
  const kind = orderKindOf(order.payment_provider);
  if (!can(order.status, 'cancel', actor, kind)) {
    if (hasEnded(order.status)) return { outcome: 'already-cancelled' };
    return { outcome: hasShippedAll(order.status) ? 'shipped' : 'replacement' };
  }
  // The table says which cancel (unpaid, a partly shipped rest, paid); each updates from the status it was asked about.
  if (awaitsPayment(order.status, kind)) {
    const cancelled = await orders.cancel(order.id, order.status, actor, inTransaction);
    if (cancelled) {
      // Its Stripe page, if one was opened, is closed as on expiry: paid there now, the money would
      // be taken and then refunded by the webhook. Stripe failing here changes nothing of the cancel;
      // it is logged, the page left open until Stripe's own expiry.
      const sessionId = cancelled.checkout_session_id;
      if (sessionId) {
        await payments.expireCheckout?.(sessionId).catch((error: unknown) => {
          log?.warn({ err: error, orderId: cancelled.id, sessionId }, 'stripe checkout session not expired on cancel');
        });
      }
      return { outcome: 'cancelled' };
    }
  } else if (cancelsOnlyTheRest(order.status, kind)) {
    if (!db) throw new Error('cancelling the rest of an order needs the database and mail');
    const claimed = await orders.claimForRefund(order.id, order.status);
    if (claimed) {
      // Nothing ships while the claim stands, so what is left to refund cannot change under us.
      const refundCents = restRefundCents(claimed, await unshippedLines(db.db, claimed.id));
      try {
        if (claimed.transaction_id && refundCents > 0) {
          await payments.refund({ orderId: claimed.id, transactionId: claimed.transaction_id, amountCents: refundCents, key: `cancel-rest-${claimed.id}` });
        }
      } catch (error) {
        await orders.releaseRefundClaim(claimed);
        throw error;
      }
      const done = await withTransaction(db.db, async (trx) => {
        const result = await cancelRest(trx, db.mail, claimed.id, refundCents, actor);
        if (result && inTransaction) await inTransaction(trx, result.order);
        return result;
      });
      if (done) return { outcome: 'rest-cancelled', restRefundCents: refundCents };
    }
  } else {
    const claimed = await orders.claimForRefund(order.id, order.status);
    if (claimed) {
      try {
        if (claimed.transaction_id) {
          await payments.refund({ orderId: claimed.id, transactionId: claimed.transaction_id });
        }
      } catch (error) {
        await orders.releaseRefundClaim(claimed);
        throw error;
      }
      // The refund is done: its credit note is issued with the cancellation, or not at all. An
      // order on account was never paid by card: its credit note credits the company's ledger.
      const refunded = claimed.transaction_id !== null || claimed.payment_method === 'account';
      const cancelled = await orders.cancel(claimed.id, order.status, actor, inTransaction, { creditNote: refunded });
      if (cancelled) return { outcome: 'cancelled' };
    }
  }
  // The order changed under us (paid, shipped or claimed meanwhile): decide on its current state.
  const current = await orders.find(order.id);
  if (!current) return { outcome: 'already-cancelled' };
  // A refund's claim stands only on a paid order (paid, or the rest of a partly shipped one).
  if (isPaidState(current.status) && current.refund_started_at) return { outcome: 'refund-in-progress' };
  if (current.status === order.status) throw new Error(`order ${order.id} could not be cancelled now`);
  return cancelOrder(orders, payments, current, actor, inTransaction, db, log);
}
