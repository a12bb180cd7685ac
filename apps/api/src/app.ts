import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle, Db } from './db/database';
import { HAND_BACK_MS, startJobQueue, type JobQueue } from './jobs/queue';
import type { Config } from './env';
import { createAuth } from './modules/auth/auth';
import { registerIdentity } from './modules/auth/identity';
import { registerContractBuyer } from './modules/price-lists/caller';
import { authRoutes } from './modules/auth/routes';
import { imagesRoutes } from './modules/images/routes';
import { healthRoutes } from './modules/health/routes';
import { operationsRoutes } from './modules/operations/routes';
import { overviewRoutes } from './modules/overview/routes';
import { partsRoutes } from './modules/parts/routes';
import { fitmentReportsRoutes } from './modules/fitment-reports/routes';
import { catalogueAdminRoutes } from './modules/catalogue/admin-routes';
import { catalogueExportRoutes } from './modules/catalogue-data/exports/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { registerCatalogueImports } from './modules/catalogue-data/job';
import { partTypeCategoriesRoutes } from './modules/catalogue-data/part-types/routes';
import { catalogueDataRoutes } from './modules/catalogue-data/routes';
import { garageRoutes } from './modules/garage/routes';
import { addressesRoutes } from './modules/addresses/routes';
import { cartRoutes } from './modules/cart/routes';
import { vehiclesRoutes } from './modules/vehicles/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { usersRoutes } from './modules/users/routes';
import { registerCertificateNotices } from './modules/certificates/notices';
import { certificatesRoutes } from './modules/certificates/routes';
import { companiesAdminRoutes } from './modules/companies/admin-routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { registerStatementMail } from './modules/ledger/statements-job';
import { companiesRoutes } from './modules/companies/routes';
import { priceListsRoutes } from './modules/price-lists/routes';
import { createMail, registerMailWorker, type Mail } from './modules/mail/outbox';
import { registerOrderExpiry } from './modules/orders/expiry';
import { registerSignInPrune } from './modules/auth/prune';
import { ordersRoutes } from './modules/orders/routes';
import { shipmentsRoutes } from './modules/shipments/routes';
import { invoicesRoutes } from './modules/invoices/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { createPayments, type Payments } from './modules/payments/payments';
import { paymentsRoutes } from './modules/payments/routes';
import { clientConfigRoutes } from './plugins/client-config';
import { auditRoutes } from './modules/audit/routes';
import { apiDocs } from './plugins/api-docs';
import { clientErrorHandler, errorForLog, errorHandling, frameworkErrors } from './plugins/errors';
import { outageLog } from './lib/outage-log';
import { metrics } from './plugins/metrics';
import { requestLog } from './plugins/request-log';
import { DEFAULT_BODY_LIMIT, requestGuards } from './plugins/request-guards';
import { rateLimits } from './plugins/rate-limits';
import { BROTLI_OPTIONS, publicCache } from './plugins/public-cache';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';
import { crawlerFileRoutes, sitemapRoutes } from './modules/sitemap/routes';
import { shippingMethodsRoutes } from './modules/shipping-methods/routes';
import { taxRatesRoutes } from './modules/tax-rates/routes';
import { returnsRoutes } from './modules/returns/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The database for long work no request waits for (catalogue imports): no statement time limit. */
    jobDb: Db;
    config: Config;
    payments: Payments;
    jobs: JobQueue;
    /** The mail outbox: a message is queued in the transaction of the change it reports. */
    mail: Mail;
  }
}

export interface AppOptions {
  config: Config;
  /** The app owns the database from here on and closes it when it closes. */
  database: DatabaseHandle;
  /** The log to write to; by default one made from the config. */
  log?: FastifyBaseLogger;
}

/**
 * The shop's log, also for what happens before the app exists (waiting for the database).
 * `destination`: where its JSON lines go instead of stdout (a test that reads them, test/log.ts).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, destination?: DestinationStream): FastifyBaseLogger {
  const options = { level: config.logLevel, serializers: { err: errorForLog } };
  // Synchronous, in this process: a log line is never lost to a worker thread at exit.
  if (config.logFormat === 'pretty') return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
  return destination ? pino(options, destination) : pino(options);
}

/** Builds the whole shop — API and web app — without listening (tests call it with inject). */
export async function buildApp({ config, database, log }: AppOptions): Promise<FastifyInstance> {
  const { authSecret } = config;
  if (!authSecret) throw new Error('AUTH_SECRET is not set');
  const app = Fastify({
    loggerInstance: log ?? createLogger(config),
    // Fastify's two lines per request give way to our one (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies in front of us (the addresses they append), no more.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
    // A request's id is unique across instances and restarts (Fastify's own counter, req-1, is
    // neither), and returned as X-Request-Id for a customer or a proxy's log to quote. The proxy's
    // (nginx's $request_id) is taken only when the shop trusts a proxy at all (decision 108).
    genReqId: () => randomUUID(),
    requestIdHeader: config.trustProxy === false ? false : 'x-request-id',
    // Fastify bounds each preClose hook by this (10 s by default) and ends the close with an error
    // past it: the job queue's stop, bounded by the shutdown's own time, must fit (decision 108).
    pluginTimeout: Math.max(10_000, config.shutdown.timeoutMs + HAND_BACK_MS + 10_000),
    // Fastify answers its own 503 to what arrives once the close has begun, while the job workers
    // stop (preClose) and before the server stops listening: the request is served instead, the
    // database still open. A proxy skips an instance that refuses connections, never one that
    // answers; its 503s are the database's alone (decision 176).
    return503OnClosing: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Fastify's default is no limit at all; Node's own (five minutes) would still let a few
    // hundred slow connections hold every socket.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.requestTimeoutMs,
      // Node looks for late requests this often (30 s by default), so a cut comes this late at most.
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('jobDb', database.jobDb);
  app.decorate('config', config);
  app.decorate<Payments>('payments', createPayments(config));
  app.addHook('onClose', () => database.close());
  if (app.payments.mode === 'test') {
    app.log.warn('payments: the built-in test provider is on (PAYMENTS=test): no real money is taken');
  }
  // One reporter of a database outage for the instance: its requests and its job queue (decision 188).
  const outage = outageLog();
  const jobs = await startJobQueue(database, app.log, { outage });
  app.decorate('jobs', jobs);
  app.decorate('mail', createMail(app));
  // Workers finish their jobs before the database closes, within the shutdown's time for requests;
  // a job still running then is handed back (decision 108).
  app.addHook('preClose', async () => {
    await jobs.stop({ timeoutMs: Math.max(0, config.shutdown.timeoutMs - HAND_BACK_MS) });
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  errorHandling(app, outage);
  requestLog(app);
  requestGuards(app);
  securityHeaders(app);
  // Ahead of compression: cached replies carry their own compressed bytes.
  await publicCache(app, database);
  await app.register(compress, { encodings: ['br', 'gzip'], brotliOptions: BROTLI_OPTIONS });
  await apiDocs(app);

  const auth = createAuth({ config, authSecret, db: database.db, logger: app.log, mail: app.mail });
  registerIdentity(app, auth);
  registerContractBuyer(app);
  await rateLimits(app);
  await healthRoutes(app, database);
  await metrics(app, database);

  await app.register(
    async (api) => {
      await api.register(partsRoutes);
      await api.register(catalogueRoutes);
      await api.register(catalogueAdminRoutes);
      await api.register(catalogueDataRoutes);
      await api.register(catalogueExportRoutes);
      await api.register(partTypeCategoriesRoutes);
      await api.register(fitmentReportsRoutes);
      await api.register(vehiclesRoutes);
      await api.register(garageRoutes);
      await api.register(addressesRoutes);
      await api.register(cartRoutes);
      await api.register(reviewsRoutes);
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes);
      await api.register(ordersRoutes);
      await api.register(shipmentsRoutes);
      await api.register(invoicesRoutes);
      await api.register(checkoutRoutes);
      await api.register(paymentsRoutes);
      await api.register(clientConfigRoutes);
      await api.register(auditRoutes);
      await api.register(imagesRoutes);
      await api.register(overviewRoutes);
      await api.register(operationsRoutes);
      await api.register(shippingMethodsRoutes);
      await api.register(taxRatesRoutes);
      await api.register(returnsRoutes);
      await api.register(companiesRoutes);
      await api.register(companiesAdminRoutes);
      await api.register(priceListsRoutes);
      await api.register(ledgerRoutes);
      await api.register(certificatesRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(sitemapRoutes(config.baseUrl, config.sitemapPageSize));
  await app.register(crawlerFileRoutes(config.baseUrl));
  await webApp(app, { distDir: config.webDistDir, baseUrl: config.baseUrl });
  await registerOrderExpiry(app);
  await registerSignInPrune(app);
  await registerMailWorker(app);
  await registerCatalogueImports(app, database.engine);
  await registerStatementMail(app);
  await registerCertificateNotices(app);
  return app;
}
