import {
  acknowledgedSchema,
  adminMessages,
  emailSchema,
  modifiedCountSchema,
  pageQuerySchema,
  adminReviewSchema,
  errorSchema,
  reviewInputSchema,
  reviewListSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { normaliseEmail } from '../users/repository';
import { identityOf } from '../auth/identity';
import { createReviewsRepository } from './repository';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = createReviewsRepository(app.db);

  app.get(
    '/reviews',
    { config: { cachedAs: 'reviews' }, schema: { tags: ['reviews'], response: { 200: reviewListSchema } } },
    async () => reviews.listVisible(),
  );

  // The author is the signed-in user: e-mail and name come from the session, never the body.
  app.post(
    '/reviews',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('reviews'),
      schema: {
        tags: ['reviews'],
        security,
        body: reviewInputSchema,
        response: { 200: acknowledgedSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      // The name shown on the home page is never the e-mail.
      await reviews.add({ email: identity.email, name: identity.name.trim() || 'Customer' }, request.body);
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
        querystring: pageQuerySchema,
        response: { 200: z.array(adminReviewSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => reviews.listAll(request.query.page),
  );

  app.post(
    '/admin/reviews/hide-author',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        body: z.object({ email: emailSchema }),
        response: { 200: modifiedCountSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const modifiedCount = await audited(
        app.db,
        identityOf(request),
        (trx) => createReviewsRepository(trx).hideAllBy(email),
        (count) => (count > 0 ? { action: 'review.hide-author', target: email, details: { hidden: count } } : undefined),
      );
      return { modifiedCount };
    },
  );

  app.put(
    '/admin/review/:id/visibility',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
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
      const { hidden } = request.body;
      const found = await audited(
        app.db,
        identityOf(request),
        (trx) => createReviewsRepository(trx).setHidden(id, hidden),
        (changed) => (changed ? { action: hidden ? 'review.hide' : 'review.show', target: `review ${id}` } : undefined),
      );
      if (!found) return reply.code(404).send({ message: adminMessages.reviewNotFound });
      return { acknowledged: true };
    },
  );
};
