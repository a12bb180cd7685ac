import { addressesBodyLimit, addressIdParamsSchema, addressInputSchema, addressListSchema, addressMessages, addressSchema, errorSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf } from '../auth/identity';
import { createAddressesRepository } from './repository';

/**
 * The address book (issue 23): `GET|POST /api/addresses`, `PUT|DELETE /api/addresses/{id}`, the
 * signed-in customer's own addresses only; another account's id is answered as no address (404).
 */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = createAddressesRepository(app.db);
  const errors = { 400: errorSchema, 401: errorSchema };
  const write = { onRequest: app.requireUser, config: app.limitedBy('addresses'), bodyLimit: addressesBodyLimit };
  const tags = ['addresses'];

  app.get(
    '/addresses',
    { onRequest: app.requireUser, schema: { tags, security, response: { 200: addressListSchema, 401: errorSchema } } },
    async (request) => addresses.list(identityOf(request).userId),
  );

  app.post(
    '/addresses',
    { ...write, schema: { tags, security, body: addressInputSchema, response: { 200: addressSchema, ...errors, 409: errorSchema } } },
    async (request, reply) => {
      const outcome = await addresses.add(identityOf(request).userId, request.body);
      if (outcome === 'too-many') return reply.code(409).send({ message: addressMessages.tooMany });
      return outcome.added;
    },
  );

  app.put(
    '/addresses/:id',
    {
      ...write,
      schema: { tags, security, params: addressIdParamsSchema, body: addressInputSchema, response: { 200: addressSchema, ...errors, 404: errorSchema } },
    },
    async (request, reply) => {
      const updated = await addresses.replace(identityOf(request).userId, request.params.id, request.body);
      return updated ?? reply.code(404).send({ message: addressMessages.notFound });
    },
  );

  app.delete(
    '/addresses/:id',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('addresses'),
      schema: { tags, security, params: addressIdParamsSchema, response: { 200: addressListSchema, 401: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const { userId } = identityOf(request);
      if (!(await addresses.remove(userId, request.params.id))) return reply.code(404).send({ message: addressMessages.notFound });
      return addresses.list(userId);
    },
  );
};
