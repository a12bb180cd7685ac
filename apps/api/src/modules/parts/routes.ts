import { apiErrors, errorSchema, partListSchema, partParamsSchema, partSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPartsRepository } from './repository';

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = createPartsRepository(app.db);

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
};
