import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pretty from 'pino-pretty';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle, Db } from './db/database';
import type { Config } from './env';
import { createAuth } from './modules/auth/auth';
import { registerIdentity } from './modules/auth/identity';
import { authRoutes } from './modules/auth/routes';
import { imagesRoutes } from './modules/images/routes';
import { overviewRoutes } from './modules/overview/routes';
import { partsRoutes } from './modules/parts/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { usersRoutes } from './modules/users/routes';
import { ordersRoutes } from './modules/orders/routes';
import { createPayments, type Payments } from './modules/payments/payments';
import { paymentsRoutes } from './modules/payments/routes';
import { clientConfigRoutes } from './plugins/client-config';
import { auditRoutes } from './modules/audit/routes';
import { apiDocs } from './plugins/api-docs';
import { errorHandling, frameworkErrors } from './plugins/errors';
import { requestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    payments: Payments;
  }
}

export interface AppOptions {
  config: Config;
  /** The app owns the database from here on and closes it when it closes. */
  database: DatabaseHandle;
}

/** Builds the whole shop — API and web app — without listening (tests call it with inject). */
export async function buildApp({ config, database }: AppOptions): Promise<FastifyInstance> {
  const { authSecret } = config;
  if (!authSecret) throw new Error('AUTH_SECRET is not set');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Synchronous, in this process: a log line is never lost to a worker thread at exit.
      ...(config.logFormat === 'pretty'
        ? { stream: pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) }
        : {}),
    },
    // Fastify's two lines per request give way to our one (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate<Payments>('payments', createPayments(config));
  app.addHook('onClose', () => database.close());

  errorHandling(app);
  requestLog(app);
  await securityHeaders(app);
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await apiDocs(app);

  const auth = createAuth({ config, authSecret, db: database.db, logger: app.log });
  registerIdentity(app, auth);

  await app.register(
    async (api) => {
      await api.register(partsRoutes);
      await api.register(reviewsRoutes);
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentsRoutes);
      await api.register(clientConfigRoutes);
      await api.register(auditRoutes);
      await api.register(imagesRoutes);
      await api.register(overviewRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await webApp(app, { distDir: config.webDistDir });
  return app;
}
