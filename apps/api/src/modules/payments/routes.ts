import {
  accountMessages,
  ACCOUNTS_ROLES,
  apiErrors,
  companyPaymentSchema,
  formatInvoiceNumber,
  invoiceCardPaymentSchema,
  invoicePaymentSchema,
  paths,
  checkoutReplySchema,
  checkoutRequestSchema,
  errorSchema,
  paymentMessages,
  paymentReplySchema,
  paidInFull,
  SHOP_CURRENCY,
  testPaymentSchema,
  awaitsPayment,
  hasEnded,
  hasExpired,
  orderKindOf,
} from '@autoparts/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf, type Identity } from '../auth/identity';
import { memberGuard, memberWrite } from '../companies/member-of';
import { createCompaniesRepository } from '../companies/repository';
import { createLedgerRepository, type ToPay } from '../ledger/repository';
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
    if (hasEnded(order.status)) return { error: { status: 409, message: hasExpired(order.status) ? apiErrors.orderExpired : apiErrors.orderCancelled } };
    if (!awaitsPayment(order.status, orderKindOf(order.payment_provider))) return { error: { status: 409, message: apiErrors.alreadyPaid } };
    return { order };
  }

  const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema };

  // Paying a company's open invoices by card (decision 086): owner and accounts members; the
  // amount is what the invoices still owe, read by the server.
  const ledger = createLedgerRepository(app.db);
  const companies = createCompaniesRepository(app.db, app.mail, app.config.baseUrl);
  const memberOf = memberGuard(companies);
  // The payment runs with the company locked and the caller's role read again (member-of.ts).
  const asMember = memberWrite(companies);
  const invoiceErrors = { ...errors, 403: errorSchema };
  const invoicesPayer = (request: FastifyRequest, reply: FastifyReply) => memberOf(request, reply, ACCOUNTS_ROLES, accountMessages.payInvoicesOnly);
  /** The reply for invoices that cannot be paid: not the company's (400), or nothing left open (409). */
  const cannotPay = (reply: FastifyReply, refusal: Exclude<ToPay, { items: unknown }>) =>
    'unknown' in refusal
      ? reply.code(400).send({ message: accountMessages.unknownInvoices(refusal.unknown) })
      : reply.code(409).send({ message: accountMessages.nothingOpen(refusal.settled) });

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
        if (!paid) {
          // Another payment or a cancel won the race: nothing was charged by this one. Which it was
          // is the order's state now (a cancelled order is not "already paid").
          const now = await payableOrder(identityOf(request), request.body.orderId);
          return reply.code(409).send({ message: 'error' in now ? now.error.message : apiErrors.alreadyPaid });
        }
        return { paid: true, transactionId: charge.transactionId };
      },
    );

    app.post(
      '/company/invoices/pay',
      {
        onRequest: app.requireUser,
        config: app.limitedBy('payments'),
        schema: {
          tags: ['company', 'payments'],
          security,
          description: 'Test mode: pays the named invoices with the test card, for what they still owe; one payment in the ledger. An invoice with nothing open is 409 and nothing is charged.',
          body: invoiceCardPaymentSchema,
          response: { 200: companyPaymentSchema, ...invoiceErrors },
        },
      },
      async (request, reply) => {
        const membership = await invoicesPayer(request, reply);
        if (!membership) return reply;
        const written = await asMember(
          request,
          reply,
          membership.company.id,
          ACCOUNTS_ROLES,
          (trx) =>
            createLedgerRepository(trx).payByCard(membership.company.id, request.body.invoiceNumbers, identityOf(request).userId, () => {
              const charge = provider.charge(request.body.cardNumber);
              return charge.outcome === 'paid' ? { transactionId: charge.transactionId } : { refused: charge.outcome };
            }, app.mail),
          accountMessages.payInvoicesOnly,
        );
        if (!written) return reply;
        const outcome = written.value;
        if ('payment' in outcome) return outcome.payment;
        if (!('refused' in outcome)) return cannotPay(reply, outcome);
        return outcome.refused === 'declined'
          ? reply.code(402).send({ message: paymentMessages.declined })
          : reply.code(400).send({ message: paymentMessages.unknownTestCard });
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

  app.post(
    '/company/invoices/checkout',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('payments'),
      schema: {
        tags: ['company', 'payments'],
        security,
        description:
          'A Stripe Checkout page for what the named invoices still owe; the webhook enters the payment. The same amounts of the company answer the page opened already, whichever member asks (decision 207); while another request is opening it, 409. An invoice with nothing open is 409.',
        body: invoicePaymentSchema,
        response: { 200: checkoutReplySchema, ...invoiceErrors },
      },
    },
    async (request, reply) => {
      const membership = await invoicesPayer(request, reply);
      if (!membership) return reply;
      // What the invoices owe, read with the company locked and the caller's role read again, as
      // the card payment's (decision 123, amended): an owner made a viewer meanwhile opens no page.
      // Stripe is asked after the lock is let go: its page takes nothing until the webhook enters it.
      const checked = await asMember(
        request,
        reply,
        membership.company.id,
        ACCOUNTS_ROLES,
        // The same amounts have one page whoever asks, however often, on any instance (decision 207).
        async (trx) => {
          const locked = createLedgerRepository(trx);
          const found = await locked.toPay(membership.company.id, request.body.invoiceNumbers);
          return 'items' in found ? { ...found, checkout: await locked.claimCheckout(membership.company.id, found.items) } : found;
        },
        accountMessages.payInvoicesOnly,
      );
      if (!checked) return reply;
      const found = checked.value;
      if (!('checkout' in found)) return cannotPay(reply, found);
      const { checkout } = found;
      if ('url' in checkout) return { url: checkout.url };
      if ('opening' in checkout) return reply.code(409).send({ message: accountMessages.checkoutOpening });
      const identity = identityOf(request);
      try {
        const session = await stripe.createInvoicesCheckout({
          companyId: membership.company.id,
          userId: identity.userId,
          invoices: found.items.map((item) => ({ number: item.invoiceNumber, label: formatInvoiceNumber(item.invoiceNumber), cents: item.cents })),
          email: identity.email,
          returnUrl: `${app.config.baseUrl}${paths.company}`,
          claim: checkout.claim,
        });
        await ledger.checkoutOpened(checkout.claim, session);
        return { url: session.url };
      } catch (error) {
        await ledger.checkoutFailed(checkout.claim);
        throw error;
      }
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
          await settleCheckout(event.data.object, request.log);
        } else if (event.type === 'checkout.session.async_payment_failed') {
          request.log.info({ orderId: event.data.object.metadata?.orderId }, 'stripe: delayed payment failed');
        }
        // A company's page that ended takes no more payments: the same amounts open another (decision 207).
        if ((event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_failed') && event.data.object.metadata?.companyId) {
          await ledger.checkoutEnded(event.data.object.id);
        }
        // Recorded once handled: if handling failed, Stripe's redelivery is handled again. Handling
        // twice is harmless (markPaid is conditional, the refund has an idempotency key).
        await orders.recordPaymentEvent('stripe', event.id);
        return { received: true };
      },
    );
  });

  /**
   * A paid Checkout Session. The order is paid only by a payment of its total, in its currency
   * (`paidInFull`): any other amount is given back and the order stays unpaid. A payment for an
   * order that has ended (cancelled, expired) or that another payment has already paid is given
   * back too, each by its own key, so that neither the cancel's refund nor another payment's
   * stands in its way (decision 135).
   */
  async function settleCheckout(
    session: { metadata: Record<string, string> | null; payment_intent: unknown; amount_total: number | null; currency: string | null },
    log: FastifyBaseLogger,
  ) {
    const orderId = session.metadata?.orderId;
    const paymentIntent =
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent as { id?: string } | null)?.id;
    const companyId = session.metadata?.companyId;
    if (companyId && paymentIntent) {
      // Invoices are owed in the shop's currency, as orders are (`paidInFull`): a payment in another
      // one settles nothing and is given back whole.
      if (session.currency?.toLowerCase() !== SHOP_CURRENCY) {
        log.error({ companyId, paymentIntent, amountTotal: session.amount_total, currency: session.currency }, 'stripe: an invoice payment in another currency is refunded');
        const chargedCents = session.amount_total ?? 0;
        if (chargedCents > 0) await stripe.refundUnapplied({ companyId, transactionId: paymentIntent, amountCents: chargedCents });
        return;
      }
      await settleInvoices(companyId, session.metadata ?? {}, paymentIntent, session.amount_total ?? 0);
      return;
    }
    if (!orderId || !paymentIntent) return;
    const order: OrderRow | undefined = await orders.find(orderId);
    if (!order) return;
    const giveBack = () => stripe.refund({ orderId, transactionId: paymentIntent, key: `refund-${paymentIntent}` });
    if (!paidInFull({ amountCents: session.amount_total, currency: session.currency }, order.total_cents)) {
      log.error({ orderId, paymentIntent, amountTotal: session.amount_total, currency: session.currency, totalCents: order.total_cents }, 'stripe: a payment of another amount than the order’s total is refunded');
      await giveBack();
      return;
    }
    if (await orders.markPaid(orderId, stripe.name, paymentIntent)) return;
    // Not paid now: paid by this payment already (nothing to do), or ended or paid otherwise meanwhile.
    const current = await orders.find(orderId);
    if (!current || current.transaction_id === paymentIntent) return;
    if (!awaitsPayment(current.status, orderKindOf(current.payment_provider))) await giveBack();
  }

  /**
   * A company's card payment of its invoices: one payment entry per PaymentIntent, of what Stripe
   * charged (`amount_total`), settling the invoices named in the metadata. What they no longer owe
   * (paid meanwhile from another tab or by another member) is given back to the card; a charge of
   * which nothing is owed is recorded and told to its payer first, then given back whole (decision 225).
   */
  async function settleInvoices(companyId: string, metadata: Record<string, string>, paymentIntent: string, chargedCents: number) {
    const invoiceNumbers = (metadata.invoiceNumbers ?? '').split(',').map(Number).filter((number) => Number.isSafeInteger(number) && number > 0);
    if (chargedCents <= 0) return;
    const recorded = await ledger.recordCardPayment(companyId, {
      invoiceNumbers,
      chargedCents,
      reference: paymentIntent,
      recordedBy: metadata.userId ?? 'stripe',
    }, app.mail);
    if (recorded && recorded.refundCents > 0) {
      await stripe.refundUnapplied({ companyId, transactionId: paymentIntent, amountCents: recorded.refundCents });
    }
  }
};
