import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { seedDemoCatalogue } from './seed';

export type Db = Kysely<Database>;

/** Plain SQL on the shop's database, for libraries that bring their own (the job queue). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs SQL text; without values it may hold several statements. Waits its turn on PGlite. */
  executeSql: ExecuteSql;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A `postgres://` URL: use that server. */
  databaseUrl?: string | undefined;
  /** Otherwise PGlite in this directory; neither: PGlite in memory (tests). */
  dataDir?: string | undefined;
  /** Tests only: stop at this migration and seed nothing (a shop as an older release left it). */
  migrateTo?: string;
}

/** Opens the shop's database, brings its schema up to date and seeds an empty one. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPGlite(options.dataDir);
  try {
    await migrate(handle.db, options.migrateTo);
    if (!options.migrateTo) await seedDemoCatalogue(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // A restart, failover or admin that closes an idle connection reaches us as an 'error' event,
  // and an unheard 'error' event ends the process. The pool has already dropped that connection
  // and opens a new one for the next query; a server that stays down fails that query instead.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    executeSql: (text, values) => pool.query(text, values),
    close: () => db.destroy(),
  };
}

async function openPGlite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // pg_trgm backs the catalogue search's typo tolerance (migration 0007 creates the extension).
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
      extensions: { pg_trgm },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      engine: 'pglite',
      // PGlite is one connection: holding Kysely's turn on it keeps these statements from landing
      // inside another caller's transaction. Several statements need PGlite's simple protocol.
      executeSql: (text, values) =>
        db.connection().execute(async () => {
          if (values && values.length > 0) return pglite.query(text, values);
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }),
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function migrate(db: Db, target: string | undefined) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
