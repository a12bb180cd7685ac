import { auditActorsSchema, auditListSchema, auditQuerySchema, errorSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createAuditLog } from './repository';

/** The audit log, read-only, to admins: a page of entries in words, and who appears in it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = createAuditLog(app.db);
  app.get(
    '/admin/audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        description:
          'Newest first, `limit` a page (1 to 100), page `page`; filtered by the admin (`actor`, their e-mail in any case), the `action`, a time range (`from` included, `to` not, ISO 8601) and a search `q`: an order number, a part number or an e-mail.',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/admin/audit/actors',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, description: 'Every admin who appears in the audit log, admins since removed too.', response: { 200: auditActorsSchema, 401: errorSchema, 403: errorSchema } },
    },
    async () => audit.actors(),
  );
};
