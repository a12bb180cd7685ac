import { auditListSchema, errorSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createAuditLog } from './repository';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = createAuditLog(app.db);
  app.get(
    '/admin/audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: auditListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => audit.recent(request.query.limit),
  );
};
