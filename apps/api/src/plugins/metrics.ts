import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import { DATABASE_ANSWERS_WITHIN_MS } from '../modules/health/routes';
import { QUEUE_NAMES } from '../jobs/queue';
import { hashingQueueLength } from '../modules/auth/password';
import type { CacheTopic } from './public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where METRICS_PORT's server listens once the app is ready; undefined without one. */
    metricsAddress(): AddressInfo | undefined;
  }
}

/**
 * Prometheus metrics (`prom-client`): requests by route pattern and status, the database pool,
 * the job queue, the mail outbox, the public cache, the password-hashing queue and Node's own.
 * `GET /metrics` on the shop's port answers a bearer of METRICS_TOKEN; METRICS_PORT serves them
 * on 127.0.0.1 to anyone on the machine. Without either nothing is served (nor counted).
 * A registry per app: tests build many apps in one process.
 */
export async function metrics(app: FastifyInstance, database: DatabaseHandle) {
  const { token, port } = app.config.metrics;
  let server: http.Server | undefined;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? undefined);
  if (token === undefined && port === undefined) return;

  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status.', labelNames, registers });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its reply, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, never the URL: one series per route, whatever ids and queries callers send.
    const labels = { method: request.method, route: request.routeOptions.url ?? '(no route)', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections: total open, idle, and callers waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = database.poolStats();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });

  // Each series read from the database is left out of a scrape when the database does not answer
  // (the rest is still served), and `db_up` says so (decision 108).
  const fromDatabase = (read: (gauge: Gauge) => Promise<void>) =>
    async function collect(this: Gauge) {
      try {
        await read(this);
      } catch {
        // No sample at all (a gauge without labels would otherwise say 0).
        this.reset();
        this.remove({});
      }
    };
  new Gauge({
    name: 'db_up',
    help: 'Whether the database answered this scrape (1) or not (0).',
    registers,
    async collect() {
      try {
        await database.executeSql('select 1', [], { timeoutMs: DATABASE_ANSWERS_WITHIN_MS });
        this.set(1);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the database did not answer');
        this.set(0);
      }
    },
  });

  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs not completed, by queue and state: created and retry wait (the depth), active run, failed gave up.',
    labelNames: ['queue', 'state'],
    registers,
    collect: fromDatabase(async (gauge) => {
      const { rows } = await database.executeSql(
        "select name, state::text as state, count(*)::int as count from pgboss.job where state <> 'completed' group by name, state",
        [],
        { timeoutMs: DATABASE_ANSWERS_WITHIN_MS },
      );
      gauge.reset();
      // Every queue and state, none left out for having no jobs: an alert sees 0, not nothing.
      for (const queue of QUEUE_NAMES) for (const state of ['created', 'retry', 'active', 'failed']) gauge.set({ queue, state }, 0);
      for (const row of rows as { name: string; state: string; count: number }[]) {
        gauge.set({ queue: row.name, state: row.state }, row.count);
      }
    }),
  });

  // The queue counts for itself; each scrape adds what it counted since the last one.
  const failuresReported = new Map<string, number>();
  new Counter({
    name: 'job_failures_total',
    help: 'Jobs that failed on this instance, by queue: retried (to be tried again) or given_up (their last try).',
    labelNames: ['queue', 'outcome'],
    registers,
    collect() {
      for (const { queue, retried, givenUp } of app.jobs.failures()) {
        for (const [outcome, count] of [['retried', retried], ['given_up', givenUp]] as const) {
          const key = `${queue} ${outcome}`;
          this.inc({ queue, outcome }, count - (failuresReported.get(key) ?? 0));
          failuresReported.set(key, count);
        }
      }
    },
  });

  const outbox = async () => {
    const { rows } = await database.executeSql(
      `select count(*)::int as unsent, extract(epoch from now() - min(created_at))::float8 as oldest
      from mail_outbox where sent_at is null`,
      [],
      { timeoutMs: DATABASE_ANSWERS_WITHIN_MS },
    );
    return (rows[0] as { unsent: number; oldest: number | null } | undefined) ?? { unsent: 0, oldest: null };
  };
  new Gauge({
    name: 'mail_outbox_unsent',
    help: 'Messages in the mail outbox not sent yet.',
    registers,
    collect: fromDatabase(async (gauge) => gauge.set((await outbox()).unsent)),
  });
  new Gauge({
    name: 'mail_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest message not sent yet (0 when all are sent).',
    registers,
    collect: fromDatabase(async (gauge) => gauge.set((await outbox()).oldest ?? 0)),
  });

  // The cache counts for itself; each scrape adds what it counted since the last one.
  const reported: Record<CacheTopic, { hits: number; misses: number }> = { catalogue: { hits: 0, misses: 0 }, reviews: { hits: 0, misses: 0 } };
  new Counter({
    name: 'public_cache_requests_total',
    help: 'Cached public reads, by topic: answered from memory (hit) or from the database (miss).',
    labelNames: ['topic', 'result'],
    registers,
    collect() {
      const counts = app.publicCache.counts();
      for (const topic of ['catalogue', 'reviews'] as const) {
        for (const [result, key] of [['hit', 'hits'], ['miss', 'misses']] as const) {
          this.inc({ topic, result }, counts[topic][key] - reported[topic][key]);
          reported[topic][key] = counts[topic][key];
        }
      }
    },
  });

  new Gauge({
    name: 'password_hash_queue_length',
    help: 'Sign-ins, sign-ups and password changes waiting for a hashing slot.',
    registers,
    collect() {
      this.set(hashingQueueLength());
    },
  });

  if (token !== undefined) {
    const expected = digest(`Bearer ${token}`);
    app.get('/metrics', { config: { quietLog: true }, schema: { hide: true } }, async (request, reply) => {
      // Compared as digests of equal length, in constant time: the token is not guessed byte by byte.
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }

  if (port !== undefined) {
    server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics failed');
          response.writeHead(500).end();
        },
      );
    });
    const metricsServer = server;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        metricsServer
          .once('error', (error: NodeJS.ErrnoException) =>
            reject(
              error.code === 'EADDRINUSE'
                ? new Error(`METRICS_PORT: 127.0.0.1:${port} is in use by another process: each instance on a machine needs its own`, { cause: error })
                : error,
            ),
          )
          .listen(port, '127.0.0.1', () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      if (metricsServer.listening) await new Promise((resolve) => metricsServer.close(resolve));
    });
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
