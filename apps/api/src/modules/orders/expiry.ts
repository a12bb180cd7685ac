import { awaitsPayment, hasExpired, orderKindOf } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { LONGEST_WINDOW_SECONDS } from '../limits/limits';
import { createRateCounters } from '../limits/repository';
import { createOrdersRepository } from './repository';

/** Overdue orders handled per sweep; the next minute's sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Unpaid orders expire (DESIGN §6): each order's own job, due when it expires, and a
 * sweep every minute for any order a job missed. Expiring is one conditional update, so an order
 * expires and restocks once whichever instance, job or sweep gets there first. A Stripe Checkout
 * Session opened for the order is expired with it; a payment that still arrives is refunded by
 * the webhook.
 */
export async function registerOrderExpiry(app: FastifyInstance) {
  const orders = createOrdersRepository(app.db, app.mail, app.jobs);
  const counters = createRateCounters(app.db);

  async function expire(orderId: string) {
    const expired = await orders.expire(orderId);
    const order = expired ?? (await orders.find(orderId));
    if (!order) return;
    if (awaitsPayment(order.status, orderKindOf(order.payment_provider))) throw new Error(`order ${orderId} is not due yet`);
    if (hasExpired(order.status) && order.checkout_session_id && app.payments.mode === 'stripe') {
      await app.payments.provider.expireCheckout(order.checkout_session_id);
    }
    if (expired) app.log.info({ orderId }, 'unpaid order expired');
  }

  await app.jobs.work<{ orderId: string }>('order-expiry', async ({ orderId }) => expire(orderId));
  await app.jobs.work('sweep', async () => {
    for (const orderId of await orders.overdue(SWEEP_BATCH)) await expire(orderId);
    await counters.prune(LONGEST_WINDOW_SECONDS);
  });
  await app.jobs.schedule('sweep', '* * * * *');
}
