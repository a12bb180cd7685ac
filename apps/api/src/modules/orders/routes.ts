import {
  accountMessages,
  adminOrderPageSchema,
  adminOrdersQuerySchema,
  apiErrors,
  cancelReplySchema,
  centsToDollars,
  dollarsToCents,
  emailParamsSchema,
  errorSchema,
  hasEnded,
  hasExpired,
  orderDetailSchema,
  orderIdParamsSchema,
  orderIdQuerySchema,
  orderKindOf,
  orderNumberParamsSchema,
  orderPageSchema,
  orderHistorySchema,
  myOrderListSchema,
  pageQuerySchema,
  partChangeMessages,
  orderPlacedReplySchema,
  placeOrderMessages,
  placeOrderRefusalSchema,
  placeOrderSchema,
  quantityBelowMinimum,
  unitsCapMessage,
  unpaidCapMessage,
  validation,
  adminMessages,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createAuditLog } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { mayActOnAccountOrder } from '../ledger/entries';
import { normaliseEmail } from '../users/repository';
import { mayReadOrder } from './access';
import { cancelOrder, type CancelOutcome } from './cancel';
import { createOrdersRepository } from './repository';
import { createCheckoutRepository } from '../checkout/repository';
import { isId } from '../../lib/ids';
import { STRIPE_TOTAL_BOUNDS } from '../payments/stripe-provider';

/** Why POST /order placed nothing, beyond its line's own problem. */
const placeErrors = {
  'total-too-large': { status: 400, message: apiErrors.totalTooLarge },
  'total-out-of-bounds': { status: 400, message: apiErrors.totalOutOfPaymentBounds },
  // Named, so that the page links to My Orders, where one is paid or cancelled.
  'too-many-unpaid': { status: 409, message: unpaidCapMessage, reason: 'too-many-unpaid' },
  'too-many-units': { status: 409, message: unitsCapMessage },
  // None of these happens to a line given with the request, the cheapest method and no quoted total.
  'empty-cart': { status: 404, message: apiErrors.partNotFound },
  'shipping-unavailable': { status: 409, message: apiErrors.outOfStock },
  // SPEC's order has no PO number: a member of a company that requires one orders at checkout (decision 106).
  'po-required': { status: 409, message: accountMessages.poRequiredPlaceOrder },
} as const;

/** Why an order could not be cancelled, where that is a conflict for the caller (409). */
const cancelRefusals: Partial<Record<CancelOutcome, string>> = {
  shipped: apiErrors.shippedNotCancellable,
  replacement: apiErrors.replacementNotCancellable,
  'refund-in-progress': apiErrors.refundInProgress,
};

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(placeOrderRoute);
  await app.register(orderPageRoutes);
  await app.register(customerCancelRoutes);
  await app.register(adminOrderRoutes);
};

/** SPEC's `POST /order`: one line, through checkout's own path. */
const placeOrderRoute: FastifyPluginAsyncZod = async (app) => {
  const checkout = createCheckoutRepository(app.db, app.mail);

  app.post(
    '/order',
    {
      onRequest: app.requireUser,
      // Its only public change is stock, which the cached catalogue may show within a second.
      config: { ...app.limitedBy('orders'), changesStockOnly: true },
      schema: {
        tags: ['orders'],
        security,
        body: placeOrderSchema,
        response: {
          200: orderPlacedReplySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: placeOrderRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { partId, orderQuantity, address, customername, quotedUnitPrice, idempotencyKey } = request.body;
      if (!isId(partId)) return reply.code(404).send({ message: apiErrors.partNotFound });
      // An order of one line, through checkout's own path: shipping and tax as for the account's
      // default address (the cheapest method there), or none when it has none (decision 052).
      const outcome = await checkout.place(
        {
          userId: identity.userId,
          email: identity.email,
          customerName: customername,
          // The price the form showed holds: another one places nothing (decision 060, amended).
          lines: [{ partId, quantity: orderQuantity, quotedUnitCents: quotedUnitPrice === undefined ? undefined : dollarsToCents(quotedUnitPrice) }],
          address: await checkout.defaultAddress(identity.userId),
          addressText: address,
          idempotencyKey,
        },
        {
          holdMinutes: app.config.unpaidOrderMinutes,
          capScale: app.config.limitScale,
          totalBounds: app.payments.mode === 'stripe' ? STRIPE_TOTAL_BOUNDS : undefined,
        },
      );
      if (outcome.placed) return { acknowledged: true, insertedId: outcome.order.id, orderNumber: String(outcome.order.order_number) };
      if (outcome.reason === 'lines') {
        // SPEC's messages for its one line.
        const problem = outcome.lines[0]?.problem;
        if (problem?.reason === 'below-minimum') {
          return reply.code(400).send({ message: quantityBelowMinimum(outcome.lines[0]?.part?.min_order_quantity ?? 1) });
        }
        if (problem?.reason === 'part-gone') return reply.code(404).send({ message: apiErrors.partNotFound });
        if (problem?.reason === 'no-longer-made') return reply.code(409).send({ message: partChangeMessages.noLongerMade });
        if (problem?.reason === 'replaced') return reply.code(409).send({ message: partChangeMessages.replacedNotSold });
        // More than the part has: SPEC §5's words, as the form says them for the same quantity.
        if (problem?.reason === 'out-of-stock') return reply.code(409).send({ message: validation.quantityAboveStock });
        return reply.code(409).send({ message: apiErrors.outOfStock });
      }
      if (outcome.reason === 'changed') {
        // Nothing taken: the price now, which the form shows for the customer to place again.
        const unitPrice = centsToDollars(outcome.lines[0]?.unitPriceCents ?? 0);
        return reply.code(409).send({ message: placeOrderMessages.priceChanged(unitPrice), reason: 'changed' as const, unitPrice });
      }
      // SPEC's order is paid by card: it never asks for an order on account.
      if (outcome.reason === 'account') throw new Error('POST /order placed no order on account');
      const refusal = placeErrors[outcome.reason];
      return reply.code(refusal.status).send({ message: refusal.message, ...('reason' in refusal && { reason: refusal.reason }) });
    },
  );
};

/** A customer's orders, and one order: its placer's, its company's members' (decision 106) or an admin's. */
const orderPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db, app.mail, app.jobs);

  app.get(
    '/myorder/:email',
    {
      onRequest: [app.requireUser, app.requireEmailOwnerOrAdmin],
      schema: {
        tags: ['orders'],
        security,
        params: emailParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: myOrderListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const email = normaliseEmail(request.params.email);
      const { page } = request.query;
      if (email === identity.email) return orders.listForCustomer({ userId: identity.userId }, page);
      if (identity.role !== 'admin') return reply.code(403).send({ message: apiErrors.emailMismatch });
      return orders.listForCustomer({ email }, page);
    },
  );

  app.get(
    '/order/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        params: orderIdParamsSchema,
        response: { 200: orderDetailSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const order = await orders.findDetail(request.params.id);
      // Someone else's order is as unknown as a missing one: its existence is not revealed.
      if (!order || !(await mayReadOrder(app.db, identity, order.row))) {
        return reply.code(404).send({ message: apiErrors.orderNotFound });
      }
      const { row, ...detail } = order;
      return detail;
    },
  );

  app.get(
    '/orders/by-number/:orderNumber',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        description:
          'One order by its number (its page, `/dashboard/orders/{orderNumber}`): to the member who placed it, to every member of the company it was placed for, and to an admin; 404 otherwise. `yours`: the caller placed it; `mayAct`: and may still cancel it or return its parts.',
        params: orderNumberParamsSchema,
        response: { 200: orderPageSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const found = await orders.findByNumber(request.params.orderNumber);
      // Someone else's order is as unknown as a missing one.
      if (!found || !(await mayReadOrder(app.db, identity, { user_id: found.userId, company_id: found.companyId }))) {
        return reply.code(404).send({ message: apiErrors.orderNotFound });
      }
      // Whether the caller placed it: its page offers paying, returning and buying again to them only.
      const yours = found.userId === identity.userId;
      // `mayAct`: its placer may still cancel or return it (the rule those routes apply, decision 138).
      return { ...found.order, yours, mayAct: yours && found.placerMayAct };
    },
  );
};

/** The customer cancels an order; the orders that left My Orders. */
const customerCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db, app.mail, app.jobs);

  app.delete(
    '/myorder',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('cancels'),
      schema: {
        tags: ['orders'],
        security,
        querystring: orderIdQuerySchema,
        response: { 200: cancelReplySchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const order = await orders.find(request.query.id);
      if (!order || order.user_id !== identity.userId || hasEnded(order.status)) {
        return reply.code(404).send({ message: apiErrors.orderNotFound });
      }
      // An order on account is the company's: its placer cancels it only while still its buyer or owner.
      if (!(await mayActOnAccountOrder(app.db, identity.userId, order))) return reply.code(409).send({ message: accountMessages.cancelNotBuyer });
      const { outcome, restRefundCents } = await cancelOrder(orders, app.payments.provider, order, 'customer', undefined, { db: app.db, mail: app.mail }, request.log);
      const refusal = cancelRefusals[outcome];
      if (refusal) return reply.code(409).send({ message: refusal });
      // The rest of a partly shipped order: what shipped stays, the rest was refunded.
      if (outcome === 'rest-cancelled') return { deletedCount: 1, refunded: centsToDollars(restRefundCents ?? 0) };
      if (outcome !== 'cancelled') return { deletedCount: 0 };
      // Read again: the order may have been paid between the first read and the cancel.
      const cancelled = await orders.find(order.id);
      return { deletedCount: 1, ...(cancelled?.paid_at ? { refunded: centsToDollars(cancelled.total_cents) } : {}) };
    },
  );

  app.get(
    '/orders/history',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        querystring: pageQuerySchema,
        response: { 200: orderHistorySchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => orders.historyForCustomer(identityOf(request).userId, request.query.page),
  );
};

/** Manage All Orders: every order, paged; an admin's cancel, audited. */
const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db, app.mail, app.jobs);

  app.get(
    '/admin/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => orders.listPage(request.query),
  );

  app.post(
    '/admin/order/:id/cancel',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: orderIdParamsSchema,
        response: { 200: cancelReplySchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const order = await orders.find(request.params.id);
      if (!order) return reply.code(404).send({ message: apiErrors.orderNotFound });
      // Ended already (another admin, the customer or the expiry was first): 409 says so, where
      // "Order not found" had the admin doubt the order they still see on the list (decision 135).
      const ended = async () => {
        const current = (await orders.find(order.id)) ?? order;
        const status = hasExpired(current.status) ? 'expired' : 'cancelled';
        return reply.code(409).send({ message: adminMessages.orderEnded(String(current.order_number), status) });
      };
      if (hasEnded(order.status)) return ended();
      const { outcome, restRefundCents } = await cancelOrder(orders, app.payments.provider, order, 'admin', (trx, cancelled) =>
        createAuditLog(trx).record(identityOf(request), 'order.cancel', `order ${cancelled.id}`, {
          email: cancelled.email,
          was: order.status,
        }),
        { db: app.db, mail: app.mail },
        request.log,
      );
      const refusal = cancelRefusals[outcome];
      if (refusal) return reply.code(409).send({ message: refusal });
      if (outcome === 'already-cancelled') return ended();
      if (outcome === 'rest-cancelled') return { deletedCount: 1, refunded: centsToDollars(restRefundCents ?? 0) };
      if (outcome !== 'cancelled') return { deletedCount: 0 };
      // As the customer's cancel: a paid order's payment went back, and the reply says how much; a
      // warranty replacement was not paid for, and its claim is open again (decision 110).
      const cancelled = await orders.find(order.id);
      const paidFor = cancelled?.paid_at && orderKindOf(cancelled.payment_provider) === 'sale';
      return { deletedCount: 1, ...(paidFor ? { refunded: centsToDollars(cancelled.total_cents) } : {}) };
    },
  );
};
