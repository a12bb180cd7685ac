import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { missingMigrations } from '../../db/database';

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
 * `/healthz` for a process supervisor (alive: answers at all), `/readyz` for a load balancer
 * (send it customers). Neither is rate-limited (limits are per route, and these have none).
 */
export async function healthRoutes(app: FastifyInstance) {
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
    const reason = await notReadyBecause(app);
    if (reason) return reply.code(503).send({ status: 'not ready', reason });
    return { status: 'ready' };
  });
}

/** Why the instance should get no traffic now, or undefined when it should. */
async function notReadyBecause(app: FastifyInstance): Promise<string | undefined> {
  if (app.lifecycle.shuttingDown) return 'shutting down';
  try {
    await sql`select 1`.execute(app.db);
    const missing = await missingMigrations(app.db);
    if (missing.length > 0) return `migrations not applied: ${missing.join(', ')}`;
  } catch (error) {
    return `database not answering: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (app.publicCache.version() === undefined) return 'change notifications not heard (listener reconnecting)';
  return undefined;
}
