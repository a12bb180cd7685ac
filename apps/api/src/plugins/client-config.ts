import { clientConfigSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the web app needs to know of the server's set-up: which sign-in and payment it offers. */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    { schema: { tags: ['config'], response: { 200: clientConfigSchema } } },
    async () => ({ googleSignIn: app.config.google !== undefined, payments: app.payments.mode }),
  );
};
