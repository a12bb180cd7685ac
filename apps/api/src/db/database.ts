import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { serveBackups } from './backup';
import { makeOwnerOnly } from '../lib/owner-only';
import { lockDataDir } from './data-dir-lock';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { seedDemoCatalogue, seedReferenceData } from './seed';

export type Db = Kysely<Database>;

/**
 * Plain SQL on the shop's database, for libraries that bring their own (the job queue).
 * `timeoutMs`: on PostgreSQL, fail (`databaseUnavailable`) when no answer has come by then.
 */
type ExecuteSql = (text: string, values?: unknown[], options?: { timeoutMs?: number }) => Promise<{ rows: unknown[] }>;

/** What opening the database did, for the start's log line. */
export interface DatabaseStart {
  /** The embedded database's directory was empty: a new database was made there. */
  created: boolean;
  /** The migrations that ran now, by name. */
  migrated: string[];
  /**
   * Migrations the database has run that this release does not ship: a newer release's, and this
   * one was rolled back to. It runs on their schema (migrations only add); the start warns.
   */
  unknownMigrations: string[];
  /** The demo catalogue went into an empty database. */
  seeded: boolean;
}

export interface DatabaseHandle {
  /** For requests: on PostgreSQL a statement may take REQUEST_STATEMENT_MS, then it fails (503). */
  db: Db;
  /**
   * For work no request waits for, whose statements may rightly run long: migrations, seeds and
   * catalogue imports (big transactions, whole-table writes). No time limit. On PGlite, `db`.
   */
  jobDb: Db;
  engine: 'pglite' | 'postgres';
  start?: DatabaseStart;
  /** Runs SQL text; without values it may hold several statements. Waits its turn on PGlite. */
  executeSql: ExecuteSql;
  /** Hears `NOTIFY channel` from every instance (its own included), until the database closes. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /**
   * The embedded database only: a consistent copy of its data directory, as a gzipped tar that
   * `restoreDataDir` reads (decision 047). Taken between transactions, after a checkpoint.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** The connections the shop holds: open, idle, and callers waiting for one (the metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

interface ListenHandlers {
  notified(payload: string): void;
  /** The listening connection is gone: notifications may be missed until `resumed`. */
  lost(): void;
  /** Listening again after a loss (notifications sent meanwhile were not heard). */
  resumed(): void;
}

interface Listener {
  /**
   * Settles once every notification committed before the call has been heard (handlers run).
   * PGlite delivers them with the commit itself; PostgreSQL needs a round trip on the listening
   * connection, which the server answers only after sending what was pending.
   */
  caughtUp(): Promise<void>;
}

export interface DatabaseOptions {
  /** A `postgres://` URL: use that server. */
  databaseUrl?: string | undefined;
  /** Otherwise PGlite in this directory; neither: PGlite in memory (tests). */
  dataDir?: string | undefined;
  /** Tests only: stop at this migration and seed nothing (a shop as an older release left it). */
  migrateTo?: string;
  /**
   * Tests only: PGlite in memory starts from this copy of a data directory (`dumpDataDir`) instead
   * of an empty cluster; migrations and seeds still run, and find nothing left to do in a copy of a
   * current shop.
   */
  loadDataDir?: Blob;
  /**
   * Called before each wait while the PostgreSQL server cannot be reached at start (it may be
   * starting too): the open retries after `delayMs` instead of failing.
   */
  waiting?: (wait: { attempt: number; delayMs: number; error: unknown }) => void;
}

/** The first wait for a database not there yet at start; each next one twice as long, to the cap. */
const START_RETRY_FIRST_MS = 250;
const START_RETRY_MAX_MS = 10_000;

/**
 * Whether an error says the database is out of reach (stopped, restarting, failing over, the
 * connection cut, not answering), not that a query was wrong: the caller is told to come back
 * (503), and the start waits for it. SQLSTATE class 08 is a connection exception; 57P01–57P03 are
 * a server shutting down or not yet accepting connections; 53300 is a server with every
 * connection taken; 25006 a write reaching a primary demoted to a standby (a failover); 57014 a
 * statement cancelled, by REQUEST_STATEMENT_MS or an operator.
 */
export function databaseUnavailable(error: unknown): boolean {
  // Libraries wrap it (Better Auth's "Failed to get session" keeps it as its cause).
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (connectionError(cause)) return true;
  }
  return false;
}

/** SQLSTATEs of a transaction stopped for another one: deadlock_detected, serialization_failure. */
const COLLIDED_CODES = new Set(['40P01', '40001']);

/**
 * Whether `error` (or an error it wraps, as Better Auth's do) is a transaction PostgreSQL stopped
 * for another (decision 184): nothing of it was written, and the same work a moment later goes
 * through. A request answers it 503 (`plugins/errors.ts`); a catalogue import runs again (decision 188).
 */
export function collided(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && COLLIDED_CODES.has(code)) return true;
  }
  return false;
}

/** SQLSTATEs of a server out of a resource: disk_full, out_of_memory, too_many_connections. */
const RESOURCE_CODES = new Set(['53100', '53200', '53300']);

/**
 * The SQLSTATE when `error` (or an error it wraps) is PostgreSQL out of disk, memory or
 * connections ("insufficient resources", decision 216), else undefined. A request answers it 503
 * in the outage's words, logged at error (`plugins/errors.ts`): an operator has to act.
 */
export function insufficientResources(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && RESOURCE_CODES.has(code)) return code;
  }
  return undefined;
}

function connectionError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300', '25006', '57014'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(code)) return true;
  }
  // node-postgres reports a connection it lost, could not open in time, or that did not answer a
  // query in time (`query_timeout`), by message alone.
  return /^Connection terminated|^timeout exceeded when trying to connect|is not queryable|^Query read timeout/.test(error.message);
}

/** Opens the shop's database, brings its schema up to date and seeds an empty one. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle & { start: DatabaseStart }> {
  const created = !options.databaseUrl && !(options.dataDir && fs.existsSync(path.join(options.dataDir, 'pglite', 'PG_VERSION')));
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPGlite(options.dataDir, options.loadDataDir);
  try {
    if (handle.engine === 'postgres') await reachable(handle.db, options.waiting);
    const { migrated, unknownMigrations } = await migrate(handle.jobDb, options.migrateTo);
    // The demo's applications name the demo VCdb's vehicles: the reference data comes first.
    if (!options.migrateTo) await seedReferenceData(handle.jobDb);
    const seeded = options.migrateTo ? false : await seedDemoCatalogue(handle.jobDb);
    return Object.assign(handle, { start: { created, migrated, unknownMigrations, seeded } });
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Waits until the server answers, with back-off, while it is out of reach; any other error is thrown. */
async function reachable(db: Db, waiting: DatabaseOptions['waiting']) {
  for (let attempt = 1, delayMs = START_RETRY_FIRST_MS; ; attempt += 1, delayMs = Math.min(delayMs * 2, START_RETRY_MAX_MS)) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      // Not a server out of reach but one that refuses what DATABASE_URL names (no such database,
      // role or host, a wrong password): the start stops on a line that says which setting is wrong.
      if (!databaseUnavailable(error)) throw new Error(`DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      waiting?.({ attempt, delayMs, error });
      await sleep(delayMs);
    }
  }
}

/**
 * The names of the shop's migrations the database has not run (empty: its schema is current).
 * `timeoutMs` as for `executeSql`.
 */
export async function missingMigrations(database: Pick<DatabaseHandle, 'executeSql'>, timeoutMs?: number): Promise<string[]> {
  const shipped = Object.keys(await migrationProvider.getMigrations());
  const { rows } = await database.executeSql('select name from kysely_migration', [], { timeoutMs });
  const ran = new Set((rows as Array<{ name: string }>).map((row) => row.name));
  return shipped.filter((name) => !ran.has(name));
}

/**
 * How long a request's statement may run: PostgreSQL cancels it then (57014, a 503). Generous:
 * the requests' statements take milliseconds; long work (imports, migrations) runs on `jobDb`.
 */
const REQUEST_STATEMENT_MS = 30_000;
/**
 * A server that answers nothing at all (frozen, or a network that drops packets) cannot cancel
 * anything: node-postgres gives up on a request's query this much later (`query_timeout`).
 */
const NO_ANSWER_AFTER_MS = REQUEST_STATEMENT_MS + 5_000;
/**
 * A server that does not answer (a failover in progress, a network cut) costs a caller this long
 * at most to get a connection, instead of waiting for the kernel to give up on it.
 */
const CONNECT_WITHIN_MS = 5_000;
/**
 * TCP keep-alive probes begin after this long of silence on a connection, so one the network cut
 * without a word is noticed (the system's default waits two hours).
 */
const KEEPALIVE_AFTER_MS = 10_000;

function openPostgres(connectionString: string): DatabaseHandle {
  const connections = { connectionString, connectionTimeoutMillis: CONNECT_WITHIN_MS, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS };
  const pool = newPool({ ...connections, max: 10, statement_timeout: REQUEST_STATEMENT_MS, query_timeout: NO_ANSWER_AFTER_MS });
  // One import at a time per instance (its transaction, its progress writes), migrations and seeds.
  const jobPool = newPool({ ...connections, max: 3 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const jobDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: jobPool }) });
  const listeners: PostgresListener[] = [];
  return {
    db,
    jobDb,
    engine: 'postgres',
    // node-postgres reads `query_timeout` from a query's config too (its types omit it). A query
    // that fails gives its connection back as broken: the pool closes it.
    executeSql: (text, values, options) =>
      pool.query(options?.timeoutMs ? ({ text, values, query_timeout: options.timeoutMs } as pg.QueryConfig) : { text, values }),
    listen: async (channel, handlers) => {
      const listener = new PostgresListener(connectionString, channel, handlers);
      listeners.push(listener);
      await listener.start();
      return listener;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all(listeners.map((listener) => listener.stop()));
      await Promise.all([db.destroy(), jobDb.destroy()]);
    },
  };
}

function newPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // A restart, failover or admin that closes a connection reaches us as an 'error' event on it,
  // and an unheard 'error' event ends the process. The pool listens only while a connection is
  // idle in it; one handed out (to a transaction between two statements, or a query whose reply
  // has come) has nobody listening but this. The query on it, if any, fails on its own, and the
  // pool drops the connection when it comes back broken; the next query opens a new one.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  return pool;
}

/** `application_name` of the connections that LISTEN. */
export const LISTENER_NAME = 'shop listener';
/**
 * The listening connection answers a round trip within this long, or it counts as lost (and is
 * replaced): a write's reply waits for its notifications this long at most (plugins/public-cache.ts).
 */
const LISTENER_ANSWERS_WITHIN_MS = 1_000;
/**
 * With no write to ask it, the listening connection is asked this often whether it still answers:
 * a server that stopped answering without closing it sends no notification and no error either.
 */
const LISTENER_CHECK_EVERY_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When that
 * connection fails or stops answering it says so (`lost`), connects again every RECONNECT_MS until
 * it can, and says `resumed` once LISTEN is in place again.
 */
class PostgresListener implements Listener {
  private static readonly RECONNECT_MS = 250;
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private check: NodeJS.Timeout | undefined;
  private tripOnItsWay: Promise<void> | undefined;
  private nextTrip: Promise<void> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: ListenHandlers,
  ) {}

  async start(): Promise<void> {
    // TCP keep-alive: a connection silently cut by the network is noticed and replaced. The
    // name tells it apart in pg_stat_activity.
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: LISTENER_NAME,
      connectionTimeoutMillis: CONNECT_WITHIN_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
    });
    client.on('notification', (message) => this.handlers.notified(message.payload ?? ''));
    client.on('error', () => this.lose(client));
    client.on('end', () => this.lose(client));
    try {
      await client.connect();
      await client.query({ text: `listen ${pg.escapeIdentifier(this.channel)}`, query_timeout: CONNECT_WITHIN_MS } as pg.QueryConfig);
    } catch (error) {
      // Not awaited: a server that does not answer would not answer the goodbye either.
      client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    this.check ??= setInterval(() => void this.caughtUp(), LISTENER_CHECK_EVERY_MS).unref();
  }

  /**
   * One round trip at a time on the connection: callers that arrive while one is on its way (it
   * may have left before their commit) share the next one. A trip not back within
   * LISTENER_ANSWERS_WITHIN_MS loses the connection: it settles then, with nothing to catch up
   * with (nothing is served from memory until the listener is back).
   */
  caughtUp(): Promise<void> {
    const client = this.client;
    // While reconnecting there is nothing to catch up with: the cache is not used meanwhile.
    if (!client) return Promise.resolve();
    if (this.nextTrip) return this.nextTrip;
    const roundTrip = (): Promise<void> => {
      this.nextTrip = undefined;
      // node-postgres reads `query_timeout` from a query's config (its types omit it).
      const trip = client.query({ text: 'select 1', query_timeout: LISTENER_ANSWERS_WITHIN_MS } as pg.QueryConfig).then(
        () => {},
        () => this.lose(client),
      );
      this.tripOnItsWay = trip;
      void trip.then(() => {
        if (this.tripOnItsWay === trip) this.tripOnItsWay = undefined;
      });
      return trip;
    };
    if (!this.tripOnItsWay) return roundTrip();
    this.nextTrip = this.tripOnItsWay.then(roundTrip);
    return this.nextTrip;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.check);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private lose(client: pg.Client) {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.handlers.lost();
    this.reconnect();
  }

  private reconnect() {
    this.retry = setTimeout(() => {
      this.start().then(
        () => (this.stopped ? void this.stop() : this.handlers.resumed()),
        () => !this.stopped && this.reconnect(),
      );
    }, PostgresListener.RECONNECT_MS);
  }
}

async function openPGlite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // pg_trgm backs the catalogue search's typo tolerance (migration 0007 creates the extension).
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    // PGlite makes its files open to every user: its own, and anything left so before, owner-only.
    if (dataDir) makeOwnerOnly(dataDir);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    // Kysely's turn on the one connection: no transaction of ours is open while the files are
    // read. The checkpoint writes every committed page to them, so the copy needs no WAL replay.
    const dumpDataDir = () =>
      db.connection().execute(async () => {
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('gzip');
      });
    const stopServingBackups = dataDir
      ? await serveBackups(dataDir, dumpDataDir, (message) => console.warn(message))
      : async () => {};
    return {
      db,
      // One connection, one process: a long statement holds it whichever Kysely runs it.
      jobDb: db,
      engine: 'pglite',
      // PGlite is one connection: holding Kysely's turn on it keeps these statements from landing
      // inside another caller's transaction. Several statements need PGlite's simple protocol.
      executeSql: (text, values) =>
        db.connection().execute(async () => {
          if (values && values.length > 0) return pglite.query(text, values);
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }),
      // One backend, never lost: a notification arrives with the commit that sent it, before
      // the writer's query settles. LISTEN waits its turn like any statement.
      listen: async (channel, handlers) => {
        await db.connection().execute(() => pglite.listen(channel, handlers.notified));
        return { caughtUp: async () => {} };
      },
      dumpDataDir,
      // One connection, always open; the statements waiting their turn on it are not counted.
      poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
      close: async () => {
        await stopServingBackups();
        await db.destroy();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Runs what has not run yet: the names of the migrations it ran, and of those the database has
 * run that this release does not ship (a newer release's, which a rollback leaves in place).
 */
async function migrate(db: Db, target: string | undefined): Promise<{ migrated: string[]; unknownMigrations: string[] }> {
  // Branches take migration numbers agreed beforehand and land in any order: a database that ran
  // 0014 already still runs 0012 when it arrives (each migration stands on its own).
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  // Kysely's migrator refuses a database that ran a migration it is not given. A release rolled
  // back after a newer one migrated is such a start, and the old release runs on the new schema
  // (migrations only add): with nothing of its own to run, it starts without the migrator.
  if (!target && (await migrator.getMigrations()).every((migration) => migration.executedAt)) {
    const shipped = new Set(Object.keys(await migrationProvider.getMigrations()));
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return { migrated: [], unknownMigrations: rows.map((row) => row.name).filter((name) => !shipped.has(name)) };
  }
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return { migrated: (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName), unknownMigrations: [] };
}
