import {
  acknowledgedSchema,
  errorSchema,
  shippingIdParamsSchema,
  shippingMessages,
  shippingMethodInputSchema,
  shippingMethodListSchema,
  shippingMethodSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createShippingMethodsRepository, nameTakenOr } from './repository';

/** Admins only, every write audited in its transaction: the shipping methods checkout offers. */
export const shippingMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const methods = createShippingMethodsRepository(app.db);
  const target = (id: string) => `shipping-method ${id}`;

  app.get(
    '/admin/shipping-methods',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, response: { 200: shippingMethodListSchema, ...adminErrors } } },
    async () => methods.list(),
  );

  app.post(
    '/admin/shipping-methods',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, body: shippingMethodInputSchema, response: { 200: shippingMethodSchema, ...adminErrors, 409: errorSchema } },
    },
    async (request, reply) => {
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createShippingMethodsRepository(trx).add(request.body),
        (added) => (typeof added === 'object' ? { action: 'shipping-method.add', target: target(added.id), details: { ...request.body } } : undefined),
      );
      if (outcome === 'name-taken') return reply.code(409).send({ message: shippingMessages.nameTaken(request.body.name) });
      return outcome;
    },
  );

  // The whole method: sending it twice changes nothing more.
  app.put(
    '/admin/shipping-methods/:id',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: shippingIdParamsSchema,
        body: shippingMethodInputSchema,
        response: { 200: shippingMethodSchema, ...adminErrors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createShippingMethodsRepository(trx).update(id, request.body),
        (updated) => (typeof updated === 'object' ? { action: 'shipping-method.update', target: target(id), details: { ...request.body } } : undefined),
      ).catch(nameTakenOr);
      if (outcome === 'not-found') return reply.code(404).send({ message: shippingMessages.methodNotFound });
      if (outcome === 'name-taken') return reply.code(409).send({ message: shippingMessages.nameTaken(request.body.name) });
      return outcome;
    },
  );

  app.delete(
    '/admin/shipping-methods/:id',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, params: shippingIdParamsSchema, response: { 200: acknowledgedSchema, ...adminErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const removed = await audited(
        app.db,
        identityOf(request),
        (trx) => createShippingMethodsRepository(trx).remove(id),
        (method) => (method ? { action: 'shipping-method.remove', target: target(id), details: { name: method.name } } : undefined),
      );
      if (!removed) return reply.code(404).send({ message: shippingMessages.methodNotFound });
      return { acknowledged: true };
    },
  );
};
