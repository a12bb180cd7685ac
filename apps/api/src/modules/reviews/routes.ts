import { reviewListSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReviewsRepository } from './repository';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = createReviewsRepository(app.db);

  app.get(
    '/reviews',
    { schema: { tags: ['reviews'], response: { 200: reviewListSchema } } },
    async () => reviews.listVisible(),
  );
};
