import {
  apiErrors,
  paths,
  checkoutReplySchema,
  checkoutRequestSchema,
  errorSchema,
  paymentMessages,
  paymentReplySchema,
  testPaymentSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf, type Identity } from '../auth/identity';
import { createOrdersRepository } from '../orders/repository';
import { linesOf } from '../orders/shape';
import type { OrderRow } from '../orders/model';

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db, app.mail, app.jobs);
  const { payments } = app;

  /** The caller's own order, if it can still be paid; else the error to answer. */
  async function payableOrder(
    identity: Identity,
    orderId: string,
  ): Promise<{ order: OrderRow } | { error: { status: 404 | 409; message: string } }> {
    const order = await orders.find(orderId);
    if (!order || order.user_id !== identity.userId) {
      return { error: { status: 404, message: apiErrors.orderNotFound } };
    }
    if (order.status === 'cancelled') return { error: { status: 409, message: apiErrors.orderCancelled } };
    if (order.status === 'expired') return { error: { status: 409, message: apiErrors.orderExpired } };
    if (order.status !== 'unpaid') return { error: { status: 409, message: apiErrors.alreadyPaid } };
    return { order };
  }

  const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema };

  if (payments.mode === 'test') {
    const provider = payments.provider;
    app.post(
      '/payments/test/pay',
      {
        onRequest: app.requireUser,
        config: app.limitedBy('payments'),
        schema: { tags: ['payments'], security, body: testPaymentSchema, response: { 200: paymentReplySchema, ...errors } },
      },
      async (request, reply) => {
        const found = await payableOrder(identityOf(request), request.body.orderId);
        if ('error' in found) return reply.code(found.error.status).send({ message: found.error.message });
        const charge = provider.charge(request.body.cardNumber);
        if (charge.outcome === 'declined') return reply.code(402).send({ message: paymentMessages.declined });
        if (charge.outcome === 'unknown-card') return reply.code(400).send({ message: paymentMessages.unknownTestCard });
        const paid = await orders.markPaid(found.order.id, provider.name, charge.transactionId);
        // Two payments raced and the other won: nothing was charged by this one.
        if (!paid) return reply.code(409).send({ message: apiErrors.alreadyPaid });
        return { paid: true, transactionId: charge.transactionId };
      },
    );
    return;
  }

  const stripe = payments.provider;

  app.post(
    '/payments/checkout',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('payments'),
      schema: { tags: ['payments'], security, body: checkoutRequestSchema, response: { 200: checkoutReplySchema, ...errors } },
    },
    async (request, reply) => {
      const found = await payableOrder(identityOf(request), request.body.orderId);
      if ('error' in found) return reply.code(found.error.status).send({ message: found.error.message });
      const { order } = found;
      const lines = (await linesOf(app.db, [order.id])).get(order.id) ?? [];
      const session = await stripe.createCheckout({
        id: order.id,
        orderNumber: String(order.order_number),
        lines: lines.map((line) => ({
          name: line.name,
          partNumber: line.part_number,
          quantity: line.quantity,
          unitPriceCents: line.unit_price_cents,
          lineTotalCents: line.line_total_cents,
        })),
        shipping: order.shipping_method_name ? { name: order.shipping_method_name, cents: order.shipping_cents } : undefined,
        taxCents: order.tax_cents,
        totalCents: order.total_cents,
        email: order.email,
        returnUrl: `${app.config.baseUrl}${paths.payment(order.id)}`,
      });
      // Remembered so that the session is expired with its order (orders/expiry.ts).
      await orders.rememberCheckout(order.id, session.id);
      return { url: session.url };
    },
  );

  // The webhook verifies Stripe's signature over the exact bytes sent, so this route keeps them.
  await app.register(async (webhook) => {
    // The app's JSON parser (plugins/request-guards.ts) gives way to the bytes here.
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/payments/stripe/webhook',
      {
        // Stripe's events are larger than any form of ours.
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['payments'],
          hide: true,
          response: { 200: z.object({ received: z.boolean() }), 400: errorSchema },
        },
      },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        const event = Buffer.isBuffer(request.body)
          ? stripe.verifyEvent(request.body, typeof signature === 'string' ? signature : undefined)
          : undefined;
        if (!event) return reply.code(400).send({ message: 'Invalid signature' });
        if (await orders.hasPaymentEvent('stripe', event.id)) return { received: true };
        // Cards settle at once (`completed` with `paid`); bank debits settle later, as
        // `async_payment_succeeded`. An `async_payment_failed` order stays unpaid and expires.
        if (
          (event.type === 'checkout.session.completed' && event.data.object.payment_status === 'paid') ||
          event.type === 'checkout.session.async_payment_succeeded'
        ) {
          await settleCheckout(event.data.object);
        } else if (event.type === 'checkout.session.async_payment_failed') {
          request.log.info({ orderId: event.data.object.metadata?.orderId }, 'stripe: delayed payment failed');
        }
        // Recorded once handled: if handling failed, Stripe's redelivery is handled again. Handling
        // twice is harmless (markPaid is conditional, the refund has an idempotency key).
        await orders.recordPaymentEvent('stripe', event.id);
        return { received: true };
      },
    );
  });

  async function settleCheckout(session: { metadata: Record<string, string> | null; payment_intent: unknown }) {
    const orderId = session.metadata?.orderId;
    const paymentIntent =
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent as { id?: string } | null)?.id;
    if (!orderId || !paymentIntent) return;
    const paid = await orders.markPaid(orderId, stripe.name, paymentIntent);
    if (paid) return;
    // Paid after it was cancelled or expired: its stock is gone back, so the money goes back.
    const order: OrderRow | undefined = await orders.find(orderId);
    if (order?.status === 'cancelled' || order?.status === 'expired') {
      await stripe.refund({ orderId, transactionId: paymentIntent });
    }
  }
};
