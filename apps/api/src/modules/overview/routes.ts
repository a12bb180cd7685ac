import { adminOverviewSchema, errorSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createOverviewRepository } from './repository';

/** The admin's dashboard overview: one call, every figure computed in SQL. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const overview = createOverviewRepository(app.db, app.config.shop.timeZone);
  app.get(
    '/admin/overview',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, response: { 200: adminOverviewSchema, 401: errorSchema, 403: errorSchema } },
    },
    async () => overview.overview(),
  );
};
