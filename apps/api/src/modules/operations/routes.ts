import { errorSchema, mailIdParamsSchema, operationsMessages, operationsSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createOperationsRepository } from './repository';

/**
 * The operator's page (decision 048): unsent and failed mail, resending a failed message once,
 * and the job queue's counts. Admins only.
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const operations = createOperationsRepository(app.db);

  app.get(
    '/admin/operations',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, response: { 200: operationsSchema, 401: errorSchema, 403: errorSchema } },
    },
    async () => {
      const [mail, queues] = await Promise.all([operations.unsentMail(), app.jobs.counts()]);
      return { mail, queues };
    },
  );

  app.post(
    '/admin/mail/:id/resend',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: mailIdParamsSchema,
        response: { 200: z.object({ message: z.string() }), 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const mail = await operations.findUnsent(id);
      if (!mail) return reply.code(404).send({ message: operationsMessages.mailNotFound });
      if (mail.last_error === null) return reply.code(409).send({ message: operationsMessages.notFailed });
      // The mark, its new send job and the audit row commit together or not at all. The job's
      // worker claims the row as any other, so an old retry still in flight sends nothing twice.
      const resent = await audited(
        app.db,
        identityOf(request),
        async (trx) => {
          const marked = await createOperationsRepository(trx).markResent(id);
          if (marked) await app.jobs.sendInTransaction(trx, [{ queue: 'mail', data: { id } }]);
          return marked;
        },
        (marked) => (marked ? { action: 'mail.resend', target: `mail ${id}`, details: { recipient: mail.recipient } } : undefined),
      );
      if (!resent) return reply.code(409).send({ message: operationsMessages.alreadyResent });
      return { message: operationsMessages.resent };
    },
  );
};
