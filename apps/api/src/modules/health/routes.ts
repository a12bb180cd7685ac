import type { FastifyInstance } from 'fastify';
import { missingMigrations, type DatabaseHandle } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the instance begins to shut down (server.ts): it is no longer ready. */
    lifecycle: { shuttingDown: boolean };
  }
  interface FastifyContextConfig {
    /** Asked every few seconds by a load balancer or a scraper: logged at debug, not info. */
    quietLog?: true;
  }
}

/**
 * `/readyz` says 503 when the database has not answered its question by then (after getting a
 * connection, which takes 5 s at most): a server that stopped answering without refusing
 * anything is not ready either, and a load balancer's probe gets its answer before its own limit.
 */
export const DATABASE_ANSWERS_WITHIN_MS = 2_000;

/**
 * `/healthz` for a process supervisor (alive: answers at all), `/readyz` for a load balancer
 * (send it customers). Neither is rate-limited (limits are per route, and these have none).
 */
export async function healthRoutes(app: FastifyInstance, database: Pick<DatabaseHandle, 'executeSql'>) {
  app.decorate('lifecycle', { shuttingDown: false });
  // While it drains, every reply ends its connection (Node closes it once the reply is sent): a
  // proxy that keeps connections alive opens its next one to an instance that stays, instead of
  // sending a request down one that closes at the end of the grace period.
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
    done();
  });

  app.get('/healthz', { config: { quietLog: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { quietLog: true }, schema: { hide: true } }, async (_request, reply) => {
    const reason = await notReadyBecause(app, database);
    if (reason) return reply.code(503).send({ status: 'not ready', reason });
    return { status: 'ready' };
  });
}

/** Why the instance should get no traffic now, or undefined when it should. */
async function notReadyBecause(app: FastifyInstance, database: Pick<DatabaseHandle, 'executeSql'>): Promise<string | undefined> {
  if (app.lifecycle.shuttingDown) return 'shutting down';
  try {
    // One question: its answer says the database answers and which migrations it has run.
    const missing = await missingMigrations(database, DATABASE_ANSWERS_WITHIN_MS);
    if (missing.length > 0) return `migrations not applied: ${missing.join(', ')}`;
  } catch (error) {
    // The detail (the database's address among it) is the operator's, in the log; a caller of
    // this unauthenticated route learns only that it does not answer.
    app.log.warn({ err: error }, 'readyz: database not answering');
    return 'database not answering';
  }
  if (app.publicCache.version() === undefined) return 'change notifications not heard (listener reconnecting)';
  return undefined;
}
