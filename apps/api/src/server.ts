import { buildApp } from './app';
import { openDatabase } from './db/database';
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  app.log.info({ url: config.baseUrl, database: database.engine }, 'shop is open');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
