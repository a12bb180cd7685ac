import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle, Db } from './db/database';
import type { Config } from './env';
import { partsRoutes } from './modules/parts/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { apiDocs } from './plugins/api-docs';
import { errorHandling, frameworkErrors } from './plugins/errors';
import { requestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  /** The app owns the database from here on and closes it when it closes. */
  database: DatabaseHandle;
}

/** Builds the whole shop — API and web app — without listening (tests call it with inject). */
export async function buildApp({ config, database }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Fastify's two lines per request give way to our one (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.addHook('onClose', () => database.close());

  errorHandling(app);
  requestLog(app);
  await securityHeaders(app);
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await apiDocs(app);

  await app.register(
    async (api) => {
      await api.register(partsRoutes);
      await api.register(reviewsRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await webApp(app, { distDir: config.webDistDir });
  return app;
}
