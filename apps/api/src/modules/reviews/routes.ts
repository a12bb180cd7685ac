import {
  acknowledgedSchema,
  adminMessages,
  adminReviewSchema,
  errorSchema,
  reviewInputSchema,
  reviewListSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createAuditLog } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createReviewsRepository } from './repository';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = createReviewsRepository(app.db);
  const audit = createAuditLog(app.db);

  app.get(
    '/reviews',
    { schema: { tags: ['reviews'], response: { 200: reviewListSchema } } },
    async () => reviews.listVisible(),
  );

  // The author is the signed-in user: e-mail and name come from the session, never the body.
  app.post(
    '/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        security,
        body: reviewInputSchema,
        response: { 200: acknowledgedSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      await reviews.add({ email: identity.email, name: identity.name || identity.email }, request.body);
      return { acknowledged: true };
    },
  );

  app.get(
    '/admin/reviews',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        response: { 200: z.array(adminReviewSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => reviews.listAll(),
  );

  app.put(
    '/admin/review/:id/visibility',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        params: z.object({ id: z.string() }),
        body: z.object({ hidden: z.boolean() }),
        response: { 200: acknowledgedSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await reviews.setHidden(id, request.body.hidden))) {
        return reply.code(404).send({ message: adminMessages.reviewNotFound });
      }
      await audit.record(identityOf(request), request.body.hidden ? 'review.hide' : 'review.show', `review ${id}`);
      return { acknowledged: true };
    },
  );
};
