import {
  accountMessages,
  apiErrors,
  centsToDollars,
  checkoutMessages,
  dollarsToCents,
  checkoutQuoteRequestSchema,
  checkoutQuoteSchema,
  checkoutRefusalSchema,
  errorSchema,
  placeCheckoutReplySchema,
  placeCheckoutSchema,
  unitsCapMessage,
  unpaidCapMessage,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AddressRow } from './quote';
import type { CheckoutRepository } from './repository';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf } from '../auth/identity';
import { STRIPE_TOTAL_BOUNDS } from '../payments/stripe-provider';
import type { NotPlaced } from './place';
import type { OrderRow } from '../orders/model';
import { createCheckoutRepository } from './repository';

/** Why a checkout placed nothing, beyond its lines' own problems: each a 409 naming no line. */
const refusals: Record<Exclude<NotPlaced['reason'], 'lines' | 'changed' | 'account' | 'po-required'>, string> = {
  'empty-cart': checkoutMessages.emptyCart,
  'too-many-unpaid': unpaidCapMessage,
  'too-many-units': unitsCapMessage,
  'total-too-large': apiErrors.totalTooLarge,
  'total-out-of-bounds': apiErrors.totalOutOfPaymentBounds,
  'shipping-unavailable': checkoutMessages.shippingUnavailable,
};

/**
 * The checkout (decision 052): `POST /api/checkout/quote` prices the account's cart for an address
 * and a shipping method; `POST /api/checkout` places it as one order of all its lines, or nothing.
 * Both are the signed-in account's own (session cookie or access token), rate-limited per account.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(quoteRoute);
  await app.register(placeRoute);
};

/**
 * Where the checkout ships: the company location named (its company's member only), else the
 * address of the book; a refusal when it is neither (400 when none is named, 404 when unknown). A
 * location asked for by someone of no company is said as that (decision 212): a member removed, or
 * who left, while their checkout was open was told the location was not their company's.
 */
async function destinationOf(
  checkout: CheckoutRepository,
  userId: string,
  body: { addressId?: string | undefined; locationId?: string | undefined },
): Promise<{ address: AddressRow; location: { id: string; company_id: string } | undefined } | { status: 400 | 404; message: string }> {
  if (body.locationId !== undefined) {
    const location = await checkout.location(userId, body.locationId);
    if (location) return { address: location, location };
    return { status: 404, message: (await checkout.belongsToCompany(userId)) ? checkoutMessages.locationNotFound : checkoutMessages.noCompany };
  }
  if (body.addressId === undefined) return { status: 400, message: checkoutMessages.addressRequired };
  const address = await checkout.address(userId, body.addressId);
  return address ? { address, location: undefined } : { status: 404, message: checkoutMessages.addressNotFound };
}

/** `POST /api/checkout`'s reply for the order placed (or placed before with the same key). */
function placedReply(order: OrderRow) {
  return {
    acknowledged: true as const,
    insertedId: order.id,
    orderNumber: String(order.order_number),
    total: centsToDollars(order.total_cents),
    paymentMethod: order.payment_method,
    dueOn: order.due_on,
  };
}

/** What the cart would cost, for an address and a method. */
const quoteRoute: FastifyPluginAsyncZod = async (app) => {
  const checkout = createCheckoutRepository(app.db, app.mail);

  app.post(
    '/checkout/quote',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('checkoutQuotes'),
      schema: {
        tags: ['checkout'],
        security,
        body: checkoutQuoteRequestSchema,
        response: { 200: checkoutQuoteSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { userId } = identityOf(request);
      const to = await destinationOf(checkout, userId, request.body);
      if ('message' in to) return reply.code(to.status).send({ message: to.message });
      return checkout.quote(userId, to.address, request.body.shippingMethodId, to.location?.id);
    },
  );
};

/** The cart placed as one order, or nothing. */
const placeRoute: FastifyPluginAsyncZod = async (app) => {
  const checkout = createCheckoutRepository(app.db, app.mail);

  app.post(
    '/checkout',
    {
      onRequest: app.requireUser,
      // Its only public change is stock, which the cached catalogue may show within a second.
      config: { ...app.limitedBy('orders'), changesStockOnly: true },
      schema: {
        tags: ['checkout'],
        security,
        body: placeCheckoutSchema,
        response: {
          200: placeCheckoutReplySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: checkoutRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const to = await destinationOf(checkout, identity.userId, request.body);
      if ('message' in to) {
        // The same attempt sent again after its address was deleted (or its location, or the
        // membership, gone): the order its first copy placed is still the answer (decision 162).
        const earlier = await checkout.placedWith(identity.userId, request.body.idempotencyKey);
        if (earlier?.placed) return placedReply(earlier.order);
        return reply.code(to.status).send({ message: to.message });
      }
      const { address } = to;
      const outcome = await checkout.place(
        {
          userId: identity.userId,
          email: identity.email,
          customerName: identity.name,
          address,
          location: to.location && { id: to.location.id, companyId: to.location.company_id },
          shippingMethodId: request.body.shippingMethodId,
          paymentMethod: request.body.paymentMethod,
          poNumber: request.body.poNumber,
          note: request.body.note,
          quotedTotalCents: request.body.quotedTotal === undefined ? undefined : dollarsToCents(request.body.quotedTotal),
          idempotencyKey: request.body.idempotencyKey,
        },
        {
          holdMinutes: app.config.unpaidOrderMinutes,
          capScale: app.config.limitScale,
          // A card's provider has its own bounds; an order on account is not paid through it.
          totalBounds: app.payments.mode === 'stripe' && request.body.paymentMethod === 'card' ? STRIPE_TOTAL_BOUNDS : undefined,
        },
      );
      if (outcome.placed) return placedReply(outcome.order);
      if (outcome.reason === 'lines') {
        const lines = outcome.lines.flatMap((line) => (line.problem ? [{ partId: line.partId, message: line.problem.message }] : []));
        return reply.code(409).send({ message: checkoutMessages.linesRefused, lines });
      }
      if (outcome.reason === 'account') {
        return reply.code(409).send({ message: accountMessages.refusals[outcome.refused], lines: [], reason: outcome.refused });
      }
      // A card order without the PO number its company requires: the same reason and words as on account.
      if (outcome.reason === 'po-required') {
        return reply.code(409).send({ message: accountMessages.refusals['po-required'], lines: [], reason: 'po-required' as const });
      }
      if (outcome.reason === 'changed') {
        // The total moved since the buyer's quote (a price, the stock's break, a rate): the cart priced now.
        const quote = await checkout.quote(identity.userId, address, request.body.shippingMethodId, to.location?.id);
        return reply.code(409).send({ message: checkoutMessages.totalChanged(quote.total), lines: [], reason: 'changed' as const, quote });
      }
      // The unpaid cap is named, so that the page links to My Orders, where one is paid or cancelled.
      return reply.code(409).send({ message: refusals[outcome.reason], lines: [], ...(outcome.reason === 'too-many-unpaid' && { reason: outcome.reason }) });
    },
  );
};
