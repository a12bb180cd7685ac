import { buildApp } from './app';
import path from 'node:path';
import { openDatabase, type DatabaseStart } from './db/database';
import { parseEnv } from './env';
import { loadOrCreateAuthSecret } from './modules/auth/secret';

/** Starts the shop: database, then the server; closes both cleanly on SIGINT/SIGTERM. */
async function main() {
  const env = parseEnv();
  const config = { ...env, authSecret: env.authSecret ?? loadOrCreateAuthSecret(env.dataDir) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
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
    throw error;
  } finally {
    app.log.level = level;
  }
  app.log.info({ database: database.engine, ...database.start }, describeStart(database.engine, config.dataDir, database.start));
  app.log.info({ url: config.baseUrl }, `shop is open at ${config.baseUrl}`);
}

/** What opening the database did, in words: "created in ./data, 17 migrations run (0001-… to 0017-…), demo catalogue seeded". */
function describeStart(engine: 'pglite' | 'postgres', dataDir: string, start: DatabaseStart): string {
  const where = engine === 'pglite' ? `embedded database in ${path.relative(process.cwd(), dataDir) || '.'}` : 'PostgreSQL database';
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
