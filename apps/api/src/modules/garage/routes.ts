import { catalogueMessages, errorSchema, garageInputSchema, garageSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf } from '../auth/identity';
import { createGarageRepository } from './repository';

/** GET/PUT /api/garage: the signed-in customer's own garage, nobody else's. */
export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  const garage = createGarageRepository(app.db);
  const errors = { 400: errorSchema, 401: errorSchema };

  app.get(
    '/garage',
    { onRequest: app.requireUser, schema: { tags: ['garage'], security, response: { 200: garageSchema, ...errors } } },
    async (request) => garage.get(identityOf(request).userId),
  );

  app.put(
    '/garage',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('garage'),
      schema: { tags: ['garage'], security, body: garageInputSchema, response: { 200: garageSchema, ...errors } },
    },
    async (request, reply) => {
      const { userId } = identityOf(request);
      if ((await garage.replace(userId, request.body)) === 'unknown-vehicle') {
        return reply.code(400).send({ message: catalogueMessages.vehicleNotFound });
      }
      return garage.get(userId);
    },
  );
};
