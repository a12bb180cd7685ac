import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { parseEnv } from '../env';
import { isEngineFree } from './passes';
import { createScratchDatabase } from './scratch-database';

const apiRoot = path.resolve(import.meta.dirname, '../..');

export interface TestAppOptions {
  /** A built web app to serve; by default a directory that does not exist, so only the API is served. */
  webDistDir?: string;
  /** More environment for the app, e.g. GOOGLE_* settings. */
  env?: Record<string, string>;
  /**
   * The shop's own rate limits and unpaid-order caps. Without it they are a thousand times
   * higher, so that a test's few accounts can do much; tests of the limits ask for them.
   */
  realLimits?: boolean;
  /**
   * Passwords hashed at the shop's cost (scrypt N = 2^17). Without it at N = 2^10 (decision 094),
   * as the API's tests sign up hundreds of accounts; a test of the stored hash asks for it.
   */
  realHashing?: boolean;
  /** How long a whole request may take to arrive (the shop's is a minute). */
  requestTimeoutMs?: number;
  /** URLs in one sitemap file (the shop's is 50,000), so that a test reaches the sitemap index with a few parts. */
  sitemapPageSize?: number;
  /** The log to write to (a test that reads what is logged); by default none (LOG_LEVEL silent). */
  log?: FastifyBaseLogger;
  /** What an earlier process of the shop left in its database, written before this one starts. */
  leftBefore?: (db: DatabaseHandle['db']) => Promise<void>;
}

/**
 * The real shop on a database of its own: a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL when it is set (`npm run test:api:postgres`), else PGlite in memory.
 * Close it with `app.close()`; that also drops the PostgreSQL database.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = await openTestDatabase();
  // Its own directory for what the shop writes there (mail as .eml files without SMTP_URL).
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-data-'));
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: options.webDistDir ?? path.join(os.tmpdir(), `no-web-app-${randomUUID()}`),
    AUTH_SECRET: 'test-secret-test-secret-test-secret',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...options.env,
  });
  config.limitScale = options.realLimits ? 1 : 1000;
  if (!options.realHashing) config.passwordHashN = 2 ** 10;
  if (options.requestTimeoutMs) config.requestTimeoutMs = options.requestTimeoutMs;
  if (options.sitemapPageSize) config.sitemapPageSize = options.sitemapPageSize;
  try {
    await options.leftBefore?.(database.db);
    const app = await buildApp({ config, database, ...(options.log && { log: options.log }) });
    // Retried on ENOTEMPTY: a job that outlives the queue's stop time-out (jobs/queue.ts) may still
    // write a file (a mail to the outbox) as the folder is removed.
    app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));
    return actsAsOwnPage(app);
  } catch (error) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Another instance of the shop on `first`'s PostgreSQL database, as a second process behind the
 * load balancer would be (the PostgreSQL pass only). `port`: it reaches the server through that
 * port of 127.0.0.1 instead (a proxy, test/tcp-proxy.ts).
 */
export async function anotherInstance(first: FastifyInstance, options: { port?: number } = {}): Promise<FastifyInstance> {
  if (!first.config.databaseUrl) throw new Error('the PostgreSQL pass gives createTestApp a DATABASE_URL');
  const url = new URL(first.config.databaseUrl);
  if (options.port) url.host = `127.0.0.1:${options.port}`;
  const databaseUrl = url.toString();
  return buildApp({ config: { ...first.config, databaseUrl }, database: await openDatabase({ databaseUrl }) });
}

/** Two instances of the shop on one database, for the file's tests (`twoInstances`). */
export interface TwoInstances {
  readonly first: FastifyInstance;
  readonly second: FastifyInstance;
  /** Closes the second instance and starts another in its place, as a restarted process (its jobs' workers anew). */
  restartSecond(): Promise<FastifyInstance>;
}

/**
 * Two instances of the shop on one PostgreSQL database, as two processes behind the load balancer
 * (the PostgreSQL pass only): started before the file's tests, each `createTestApp`'s first and
 * `anotherInstance` of it, and closed after them, the second first (closing the first drops the
 * database). `options` are the first's, or a function giving them once the file's earlier
 * `beforeAll` ran (a server whose URL they name). The second's requests act as the shop's own pages
 * as the first's do (`actsAsOwnPage`) unless `bareSecond`: a test of what it hears by itself (the
 * public cache's notifications) asks it as it stands, with neither the page's origin nor a wait.
 */
export function twoInstances(options: TestAppOptions | (() => TestAppOptions) = {}, { bareSecond = false } = {}): TwoInstances {
  let first: FastifyInstance | undefined;
  let second: FastifyInstance | undefined;
  const started = (app: FastifyInstance | undefined) => {
    if (!app) throw new Error('twoInstances: the instances start in beforeAll; ask for them in a test or a later hook');
    return app;
  };
  const another = async (of: FastifyInstance) => (bareSecond ? anotherInstance(of) : actsAsOwnPage(await anotherInstance(of)));
  beforeAll(async () => {
    first = await createTestApp(typeof options === 'function' ? options() : options);
    second = await another(first);
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  return {
    get first() {
      return started(first);
    },
    get second() {
      return started(second);
    },
    async restartSecond() {
      await started(second).close();
      second = undefined;
      second = await another(started(first));
      return second;
    },
  };
}

/**
 * Requests made with `app.inject` come from the shop's own pages, as a browser's would: they carry
 * `Origin: BASE_URL` unless the test names an origin itself (`origin: undefined` sends none), so
 * the CSRF rule (plugins/request-guards.ts) is tested where it is meant, not tripped everywhere.
 * Each waits until the public cache has heard of every change committed so far: a test that
 * writes to the database directly reads its change at once, as a write through the API does
 * (on PostgreSQL notifications otherwise arrive a moment later; tests do not time them).
 */
export function actsAsOwnPage(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const origin = app.config.baseUrl;
  app.inject = ((options: unknown) => {
    if (typeof options !== 'object' || options === null) return inject(options as never);
    const given = (options as { headers?: Record<string, unknown> }).headers ?? {};
    const headers = 'origin' in given ? given : { origin, ...given };
    const defined = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
    return app.publicCache.caughtUp().then(() => inject({ ...options, headers: defined } as never));
  }) as typeof app.inject;
  return app;
}

/** This worker's copy of the run's PGlite template, read once. */
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh database for one app (or a test of the database's users without the app: the job
 * queue), a copy of the run's template (global-setup.ts), migrated and seeded: on
 * TEST_DATABASE_URL's server, else PGlite in memory. `close()` drops it on the server.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { databaseUrl?: string }> {
  // A file the PostgreSQL pass leaves out as reaching no database must not reach one (decision 189).
  const { testPath } = expect.getState();
  if (isEngineFree(apiRoot, testPath)) {
    throw new Error(`${testPath} opens a test database but is listed as engine-free (test/passes.ts): remove it from the list, so that it runs in both passes`);
  }
  const template = inject('databaseTemplate');
  if (template.engine === 'pglite') {
    pgliteTemplate ??= readFile(template.file).then((bytes) => new Blob([bytes]));
    return openDatabase({ loadDataDir: await pgliteTemplate });
  }

  const scratch = await createScratchDatabase(template.serverUrl, template.name);
  try {
    const handle = await openDatabase({ databaseUrl: scratch.url });
    return {
      ...handle,
      databaseUrl: scratch.url,
      close: async () => {
        // The pool must be gone first: a dropped database would kill its idle connections.
        await handle.close();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}
