import {
  adminMessages,
  adminPartPageSchema,
  adminPartsQuerySchema,
  apiErrors,
  errorSchema,
  partListSchema,
  partParamsSchema,
  partSchema,
  placeOrderReplySchema,
  productInputSchema,
  productUpdateSchema,
  restockSchema,
} from '@autoparts/shared';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createAuditLog } from '../audit/repository';
import { identityOf } from '../auth/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPartsRepository } from './repository';

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = createPartsRepository(app.db);
  const audit = createAuditLog(app.db);
  const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
  const acknowledged = z.object({ acknowledged: z.boolean() });

  app.get(
    '/parts',
    { schema: { tags: ['parts'], response: { 200: partListSchema } } },
    async () => parts.listOnSale(),
  );

  app.get(
    '/part/:id',
    {
      schema: {
        tags: ['parts'],
        params: partParamsSchema,
        response: { 200: partSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const part = await parts.findOnSale(request.params.id);
      if (!part) return reply.code(404).send({ message: apiErrors.partNotFound });
      return part;
    },
  );

  // SPEC §7: `{acknowledged, insertedId}`, the same shape as an order's reply.
  app.post(
    '/addaproduct',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, body: productInputSchema, response: { 200: placeOrderReplySchema, ...adminErrors } },
    },
    async (request) => {
      const id = await parts.add(request.body);
      await audit.record(identityOf(request), 'part.add', `part ${id}`, { name: request.body.name });
      return { acknowledged: true, insertedId: id };
    },
  );

  // Manage Products: one page of every part, archived ones too, searched by name or description.
  app.get(
    '/admin/parts',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, querystring: adminPartsQuerySchema, response: { 200: adminPartPageSchema, ...adminErrors } },
    },
    async (request) => parts.listPage(request.query),
  );

  app.patch(
    '/admin/part/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, params: partParamsSchema, body: productUpdateSchema, response: { 200: acknowledged, ...adminErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await parts.update(id, request.body))) return reply.code(404).send({ message: adminMessages.partNotFound });
      await audit.record(identityOf(request), 'part.update', `part ${id}`, request.body);
      return { acknowledged: true };
    },
  );

  app.post(
    '/admin/part/:id/restock',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, params: partParamsSchema, body: restockSchema, response: { 200: acknowledged, ...adminErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await parts.restock(id, request.body.quantity);
      if (outcome === 'not-found') return reply.code(404).send({ message: adminMessages.partNotFound });
      if (outcome === 'over-limit') return reply.code(400).send({ message: adminMessages.stockOverLimit });
      await audit.record(identityOf(request), 'part.restock', `part ${id}`, { quantity: request.body.quantity });
      return { acknowledged: true };
    },
  );

  app.put(
    '/admin/part/:id/archived',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        params: partParamsSchema,
        body: z.object({ archived: z.boolean() }),
        response: { 200: acknowledged, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { archived } = request.body;
      if (!(await parts.setArchived(id, archived))) return reply.code(404).send({ message: adminMessages.partNotFound });
      await audit.record(identityOf(request), archived ? 'part.archive' : 'part.unarchive', `part ${id}`);
      return { acknowledged: true };
    },
  );
};
