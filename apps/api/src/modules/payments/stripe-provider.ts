import { lineTotalCents, paymentMessages, SHOP_CURRENCY, sumCents } from '@autoparts/shared';
import Stripe from 'stripe';
import type { PaymentProvider } from './provider';

/**
 * Stripe failed (a bad key, an outage, a refund Stripe refuses): the customer gets a 502 saying
 * the payment service failed, never Stripe's status (a 401 would read as "signed out") or text.
 */
class PaymentServiceError extends Error {
  readonly statusCode = 502;
  readonly expose = true;
  constructor(cause: unknown) {
    super(paymentMessages.stripeUnavailable, { cause });
  }
}

async function callStripe<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new PaymentServiceError(error);
  }
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in of the Stripe API. */
  apiBase: string | undefined;
}

/** Stripe's own bounds on one USD charge, in cents: an order outside them could never be paid. */
export const STRIPE_TOTAL_BOUNDS = { minCents: 50, maxCents: 99_999_999 } as const;

/**
 * Stripe Checkout (DESIGN §6): a Checkout Session for the order's server-side total with the order
 * id in its metadata and an idempotency key per order; the webhook alone marks orders paid.
 */
export function createStripeProvider(settings: StripeSettings) {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });

  return {
    name: 'stripe',

    /**
     * A Checkout Session for the order: each line, the shipping and the tax as items (decision
     * 052), which add up to the order's stored total to the cent.
     */
    async createCheckout(order: {
      id: string;
      orderNumber: string;
      lines: ReadonlyArray<{ name: string; partNumber: string; quantity: number; unitPriceCents: number; lineTotalCents: number }>;
      shipping: { name: string; cents: number } | undefined;
      taxCents: number;
      totalCents: number;
      email: string;
      returnUrl: string;
    }): Promise<{ id: string; url: string }> {
      const item = (name: string, quantity: number, unitAmount: number) => ({
        quantity,
        price_data: { currency: SHOP_CURRENCY, unit_amount: unitAmount, product_data: { name } },
      });
      const items = [
        ...order.lines.map((line) =>
          // A line whose total is not its quantity times one whole-cent price is one item of its total.
          lineTotalCents(line.unitPriceCents, line.quantity) === line.lineTotalCents
            ? item(`${line.name} (${line.partNumber})`, line.quantity, line.unitPriceCents)
            : item(`${line.name} (${line.partNumber}) × ${line.quantity}`, 1, line.lineTotalCents),
        ),
        ...(order.shipping && order.shipping.cents > 0 ? [item(`Shipping: ${order.shipping.name}`, 1, order.shipping.cents)] : []),
        ...(order.taxCents > 0 ? [item('Tax', 1, order.taxCents)] : []),
      ];
      const itemsCents = sumCents(items.map((entry) => lineTotalCents(entry.price_data.unit_amount, entry.quantity)));
      if (itemsCents !== order.totalCents) throw new Error(`order ${order.id}: its items add up to ${itemsCents} cents, not its total ${order.totalCents}`);
      const session = await callStripe(() => stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: order.email,
          client_reference_id: order.id,
          metadata: { orderId: order.id, orderNumber: order.orderNumber },
          payment_intent_data: { metadata: { orderId: order.id, orderNumber: order.orderNumber } },
          line_items: items,
          success_url: `${order.returnUrl}?checkout=success`,
          cancel_url: `${order.returnUrl}?checkout=cancelled`,
        },
        // One Checkout Session per order: paying twice never charges twice.
        { idempotencyKey: `checkout-${order.id}` },
      ));
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { id: session.id, url: session.url };
    },

    /**
     * A Checkout Session paying a company's open invoices (decision 086): one item per invoice, of
     * what it still owes. The metadata names the company, the member and the invoice numbers, for
     * the webhook. One session per claim of the set of amounts (`claim`, decision 207): the server
     * opens one for a company's same amounts whoever asks; a retry of the request reaches the same.
     */
    async createInvoicesCheckout(payment: {
      companyId: string;
      userId: string;
      invoices: ReadonlyArray<{ number: number; label: string; cents: number }>;
      email: string;
      returnUrl: string;
      claim: string;
    }): Promise<{ id: string; url: string; expiresAt: Date }> {
      const metadata = { companyId: payment.companyId, userId: payment.userId, invoiceNumbers: payment.invoices.map((invoice) => invoice.number).join(',') };
      const session = await callStripe(() => stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: payment.email,
          client_reference_id: payment.companyId,
          metadata,
          payment_intent_data: { metadata },
          line_items: payment.invoices.map((invoice) => ({
            quantity: 1,
            price_data: { currency: SHOP_CURRENCY, unit_amount: invoice.cents, product_data: { name: `Invoice ${invoice.label}` } },
          })),
          // Back on the Company page, the invoices paid are named: its list is asked again until
          // the webhook has taken them off it (decision 219).
          success_url: `${payment.returnUrl}?${new URLSearchParams({ checkout: 'success', invoices: payment.invoices.map((invoice) => invoice.label).join(',') }).toString()}`,
          cancel_url: `${payment.returnUrl}?checkout=cancelled`,
        },
        { idempotencyKey: `invoices-${payment.claim}` },
      ));
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    /** Gives back the part of a company's card payment that settled nothing (its invoices were paid meanwhile). */
    async refundUnapplied({ companyId, transactionId, amountCents }: { companyId: string; transactionId: string; amountCents: number }) {
      await callStripe(() =>
        stripe.refunds.create(
          { payment_intent: transactionId, amount: amountCents, metadata: { companyId } },
          { idempotencyKey: `refund-unapplied-${transactionId}` },
        ),
      );
    },

    /**
     * Closes a Checkout Session when its order expires (Stripe's own `expires_at` cannot be
     * sooner than 30 minutes after creation, so the order's expiry job does it). A session that
     * is no longer open (paid, or expired already) is left as it is.
     */
    async expireCheckout(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw new PaymentServiceError(error);
      }
    },

    /** The verified event, or undefined when the signature does not match the raw body. */
    verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event | undefined {
      if (!signature) return undefined;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        return undefined;
      }
    },

    async refund({ orderId, transactionId, amountCents, key }) {
      await callStripe(() =>
        stripe.refunds.create(
          { payment_intent: transactionId, ...(amountCents === undefined ? {} : { amount: amountCents }), metadata: { orderId } },
          { idempotencyKey: key ?? `refund-${orderId}` },
        ),
      );
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
