import {
  acknowledgedSchema,
  errorSchema,
  shippingIdParamsSchema,
  shippingMessages,
  taxPlace,
  taxRateInputSchema,
  taxRateListSchema,
  taxRateSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createTaxRatesRepository, placeTakenOr } from './repository';

/** Admins only, every write audited in its transaction: the tax rates checkout charges, one a place. */
export const taxRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const rates = createTaxRatesRepository(app.db);
  const target = (id: string) => `tax-rate ${id}`;

  app.get(
    '/admin/tax-rates',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, response: { 200: taxRateListSchema, ...adminErrors } } },
    async () => rates.list(),
  );

  app.post(
    '/admin/tax-rates',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, body: taxRateInputSchema, response: { 200: taxRateSchema, ...adminErrors, 409: errorSchema } },
    },
    async (request, reply) => {
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createTaxRatesRepository(trx).add(request.body),
        (added) => (typeof added === 'object' ? { action: 'tax-rate.add', target: target(added.id), details: { ...request.body } } : undefined),
      );
      if (outcome === 'place-taken') return reply.code(409).send({ message: shippingMessages.rateTaken(taxPlace(request.body.country, request.body.region)) });
      return outcome;
    },
  );

  app.put(
    '/admin/tax-rates/:id',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: shippingIdParamsSchema,
        body: taxRateInputSchema,
        response: { 200: taxRateSchema, ...adminErrors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createTaxRatesRepository(trx).update(id, request.body),
        (updated) => (typeof updated === 'object' ? { action: 'tax-rate.update', target: target(id), details: { ...request.body } } : undefined),
      ).catch(placeTakenOr);
      if (outcome === 'not-found') return reply.code(404).send({ message: shippingMessages.rateNotFound });
      if (outcome === 'place-taken') return reply.code(409).send({ message: shippingMessages.rateTaken(taxPlace(request.body.country, request.body.region)) });
      return outcome;
    },
  );

  app.delete(
    '/admin/tax-rates/:id',
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
        (trx) => createTaxRatesRepository(trx).remove(id),
        (rate) => (rate ? { action: 'tax-rate.remove', target: target(id), details: { country: rate.country, region: rate.region, ratePercent: rate.ratePercent } } : undefined),
      );
      if (!removed) return reply.code(404).send({ message: shippingMessages.rateNotFound });
      return { acknowledged: true };
    },
  );
};
