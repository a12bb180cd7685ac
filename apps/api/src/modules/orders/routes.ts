import {
  apiErrors,
  cancelReplySchema,
  emailParamsSchema,
  errorSchema,
  orderDetailSchema,
  orderIdParamsSchema,
  orderIdQuerySchema,
  orderListSchema,
  placeOrderReplySchema,
  placeOrderSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf } from '../auth/identity';
import { normaliseEmail } from '../users/repository';
import { cancelOrder } from './cancel';
import { createOrdersRepository } from './repository';

const placeErrors = {
  'part-not-found': { status: 404, message: apiErrors.partNotFound },
  'below-minimum': { status: 400, message: apiErrors.belowMinimum },
  'out-of-stock': { status: 409, message: apiErrors.outOfStock },
} as const;

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db);

  app.post(
    '/order',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        body: placeOrderSchema,
        response: {
          200: placeOrderReplySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const outcome = await orders.place({
        userId: identity.userId,
        email: identity.email,
        customerName: request.body.customername,
        partId: request.body.partId,
        quantity: request.body.orderQuantity,
        address: request.body.address,
      });
      if (!outcome.placed) {
        const { status, message } = placeErrors[outcome.reason];
        return reply.code(status).send({ message });
      }
      return { acknowledged: true, insertedId: outcome.orderId };
    },
  );

  app.get(
    '/myorder/:email',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        params: emailParamsSchema,
        response: { 200: orderListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const email = normaliseEmail(request.params.email);
      if (email !== identity.email && identity.role !== 'admin') {
        return reply.code(403).send({ message: apiErrors.emailMismatch });
      }
      return orders.listForCustomer(email);
    },
  );

  app.get(
    '/order/:id',
    {
      preHandler: app.requireUser,
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
      if (!order || (order.row.email !== identity.email && identity.role !== 'admin')) {
        return reply.code(404).send({ message: apiErrors.orderNotFound });
      }
      const { row, ...detail } = order;
      return detail;
    },
  );

  app.delete(
    '/myorder',
    {
      preHandler: app.requireUser,
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
      if (!order || order.email !== identity.email || order.status === 'cancelled') {
        return reply.code(404).send({ message: apiErrors.orderNotFound });
      }
      const outcome = await cancelOrder(orders, app.payments.provider, order);
      if (outcome === 'shipped') return reply.code(409).send({ message: apiErrors.shippedNotCancellable });
      return { deletedCount: outcome === 'cancelled' ? 1 : 0 };
    },
  );
};
