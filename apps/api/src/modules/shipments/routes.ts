import { apiErrors, errorSchema, orderIdParamsSchema, shipmentMessages, shipOrderSchema, shipReplySchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { isId } from '../../lib/ids';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createOrdersRepository } from '../orders/repository';
import { deliverOrder, shipOrder, type ShipOutcome } from './repository';

/** Why a shipment was refused, with the line it names. */
function refusal(outcome: Extract<ShipOutcome, { shipped: false }>): { status: 400 | 404 | 409; message: string } {
  switch (outcome.reason) {
    case 'not-found':
      return { status: 404, message: apiErrors.orderNotFound };
    case 'not-shippable':
      return { status: 409, message: shipmentMessages.notShippable };
    case 'nothing-left':
      return { status: 409, message: shipmentMessages.nothingLeft };
    case 'tracking-taken':
      return { status: 409, message: shipmentMessages.trackingTaken };
    case 'unknown-line':
      return { status: 400, message: shipmentMessages.unknownLine(outcome.index) };
    case 'duplicate-line':
      return { status: 400, message: shipmentMessages.duplicateLine(outcome.index) };
    case 'too-many':
      return { status: 409, message: shipmentMessages.tooMany(outcome.index, outcome.left) };
  }
}

/**
 * Shipping an order, in one or more parcels with a carrier and a tracking number, and marking it
 * delivered (decision 055). Admins only; audited in the change's transaction.
 */
export const shipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersRepository(app.db, app.mail, app.jobs);

  app.post(
    '/admin/order/:id/ship',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        description:
          'Ships some (`lines`) or all of what is left of a paid or partly shipped order. Sent with no body (the old "mark shipped"), everything left ships with carrier `other` and no tracking number.',
        params: orderIdParamsSchema,
        body: shipOrderSchema.nullish(),
        response: { 200: shipReplySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const orderId = request.params.id;
      if (!isId(orderId)) return reply.code(404).send({ message: apiErrors.orderNotFound });
      const identity = identityOf(request);
      const input = request.body ?? { carrier: 'other' as const, trackingNumber: '' };
      const outcome = await audited(
        app.db,
        identity,
        (trx) => shipOrder(trx, app.mail, orderId, input, identity.userId),
        (result) =>
          result.shipped
            ? {
                action: 'order.ship',
                target: `order ${orderId}`,
                details: {
                  email: result.order.email,
                  carrier: input.carrier,
                  trackingNumber: input.trackingNumber,
                  shipment: result.shipmentId,
                  status: result.order.status,
                },
              }
            : undefined,
      );
      if (!outcome.shipped) {
        const { status, message } = refusal(outcome);
        return reply.code(status).send({ message });
      }
      return { modifiedCount: 1, shipmentId: outcome.shipmentId, status: outcome.order.status };
    },
  );

  app.post(
    '/admin/order/:id/deliver',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        description: 'Marks a shipped order delivered (once); the customer is told by e-mail.',
        params: orderIdParamsSchema,
        response: { 200: z.object({ modifiedCount: z.number().int() }), 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const orderId = request.params.id;
      if (!isId(orderId)) return reply.code(404).send({ message: apiErrors.orderNotFound });
      const identity = identityOf(request);
      const delivered = await audited(
        app.db,
        identity,
        (trx) => deliverOrder(trx, app.mail, orderId),
        (order) => (order ? { action: 'order.deliver', target: `order ${orderId}`, details: { email: order.email } } : undefined),
      );
      if (delivered) return { modifiedCount: 1 };
      if (!(await orders.find(orderId))) return reply.code(404).send({ message: apiErrors.orderNotFound });
      return reply.code(409).send({ message: shipmentMessages.notDeliverable });
    },
  );
};
