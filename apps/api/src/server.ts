import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, createLogger } from './app';
import { databaseUnavailable, openDatabase, type DatabaseStart } from './db/database';
import { parseEnv } from './env';
import { checkDataDir } from './lib/data-dir-check';
import { makeOwnerOnly } from './lib/owner-only';
import { loadOrCreateAuthSecret } from './modules/auth/secret';

/**
 * Starts the shop: database (waiting for a PostgreSQL server that is not up yet), then the
 * server; on SIGINT/SIGTERM it shuts down gracefully and exits 0.
 */
async function main() {
  const env = parseEnv();
  // A DATA_DIR the shop cannot use stops the start here, in words (decision 138). It is needed by
  // the embedded database, the auth secret it keeps without AUTH_SECRET, and the outbox without SMTP_URL.
  if (!env.databaseUrl || !env.authSecret || !env.mail.smtpUrl) checkDataDir(env.dataDir, { embeddedDatabase: !env.databaseUrl, outbox: !env.mail.smtpUrl });
  // What earlier versions left open to every user (the database's files, the outbox): owner-only.
  makeOwnerOnly(env.dataDir);
  const config = { ...env, authSecret: env.authSecret ?? loadOrCreateAuthSecret(env.dataDir) };
  const log = createLogger(config);
  // pg-boss 10 marks a job done or failed without awaiting it: with the database away at that
  // moment its rejection reaches no one and would end the process. The job stays active, expires
  // and runs again (every handler is idempotent); anything else unhandled still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (!databaseUnavailable(reason)) throw reason;
    log.warn({ err: reason }, 'database unavailable to a background query');
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    waiting: ({ attempt, delayMs, error }) =>
      log.warn({ attempt, retryInMs: delayMs, reason: error instanceof Error ? error.message : String(error) }, 'database not reachable yet, waiting'),
  });
  const app = await buildApp({ config, database, log });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // Not ready from now on; still serving, so that requests the load balancer sends before it
    // notices are answered, not refused.
    app.lifecycle.shuttingDown = true;
    // Ctrl-C at a terminal has no load balancer to tell.
    const graceMs = signal === 'SIGTERM' ? config.shutdown.graceMs : 0;
    const { timeoutMs } = config.shutdown;
    app.log.info({ signal, graceMs, timeoutMs }, 'shutting down');
    await sleep(graceMs);
    // Closing stops the job workers after their current job, stops taking connections, waits for
    // the requests in flight and closes the pool; requests that outlast the bound are cut off.
    const cutOff = setTimeout(() => {
      app.log.warn({ timeoutMs }, 'requests still in flight at the shutdown bound: closing their connections');
      app.server.closeAllConnections();
    }, timeoutMs);
    await app.close();
    clearTimeout(cutOff);
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  // Fastify logs every address it binds ("Server listening at http://127.0.0.1:3000", then
  // [::1]): not the address to type, and signing in from it is refused (another origin). The one
  // line with an address is the shop's own, below.
  const level = app.log.level;
  if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw listenProblem(error, config);
  } finally {
    app.log.level = level;
  }
  app.log.info({ database: database.engine, ...database.start }, describeStart(database.engine, config.dataDir, database.start));
  const { unknownMigrations } = database.start;
  if (unknownMigrations.length > 0) {
    app.log.warn(
      { unknownMigrations },
      `the database has run migrations this release does not know (${unknownMigrations.join(', ')}): a newer release's; running on its schema`,
    );
  }
  app.log.info({ url: config.baseUrl }, `shop is open at ${config.baseUrl}`);
}

/**
 * A listen that failed, said as the variable to change: Node's "listen EADDRINUSE: address already
 * in use 127.0.0.1:3001" or "getaddrinfo ENOTFOUND shop" named neither PORT nor HOST.
 */
function listenProblem(error: unknown, { port, host }: { port: number; host: string }): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') return new Error(`PORT: ${where} is in use by another process (another instance, or one still stopping)`, { cause: error });
  if (code === 'EACCES') return new Error(`PORT: ${where} may not be listened on by this user (ports below 1024 need privileges)`, { cause: error });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL') {
    return new Error(`HOST: ${host} is not an address of this machine (127.0.0.1 behind a proxy, 0.0.0.0 in a container)`, { cause: error });
  }
  return error;
}

/** What opening the database did, in words: "created in ./data, 17 migrations run (0001-… to 0017-…), demo catalogue seeded". */
function describeStart(engine: 'pglite' | 'postgres', dataDir: string, start: DatabaseStart): string {
  // Inside the working directory as `data`; anywhere else as its absolute path, not `../../tmp/…`.
  const relative = path.relative(process.cwd(), dataDir);
  const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  const shown = outside ? dataDir : relative || '.';
  const where = engine === 'pglite' ? `embedded database in ${shown}` : 'PostgreSQL database';
  const migrated =
    start.migrated.length === 0
      ? 'schema up to date'
      : `${start.migrated.length} migration${start.migrated.length === 1 ? '' : 's'} run (${start.migrated.join(', ')})`;
  return `${where}: ${start.created ? 'created' : 'opened'}, ${migrated}, ${start.seeded ? 'demo catalogue seeded' : 'nothing seeded'}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
