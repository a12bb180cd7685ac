import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { QueueCounts } from '@autoparts/shared';
import { databaseUnavailable, type DatabaseHandle, type Db } from '../db/database';
import { outageLog, type OutageLog } from '../lib/outage-log';

/** Every queue of the shop, with how its jobs are retried. */
const queueSettings = {
  /** One job per unpaid order, due when the order expires (modules/orders/expiry.ts). */
  'order-expiry': { retryLimit: 20, retryDelay: 5, retryBackoff: true },
  /**
   * pg-boss's dead letter of `mail` (decision 194): a copy of a `mail` job made as it fails for
   * good, its last try failed or never ended (its instance stopped mid-send, the job expired). Its
   * message, if neither sent nor given up nor being sent, is given up, and its order's next goes
   * (modules/mail). Declared before `mail`, which names it. pg-boss makes the copy with the failed
   * job's retry limit and no retry delay: these settings are for a job sent to it otherwise.
   */
  'mail-given-up': { retryLimit: 15, retryDelay: 5, retryBackoff: true },
  /**
   * One job per message of the mail outbox (modules/mail): retried 5–10 s after a failure, then
   * twice as long each time, so an SMTP outage of a day or two loses nothing.
   */
  mail: { retryLimit: 15, retryDelay: 5, retryBackoff: true, deadLetter: 'mail-given-up' },
  /** Every minute: overdue orders a job missed, old rate-limit counters. */
  sweep: { retryLimit: 0 },
  /** Every night: sent messages past their keeping time (modules/mail). */
  'mail-prune': { retryLimit: 0 },
  /** Every hour: sessions, access tokens and Better Auth's verifications past their end (modules/auth). */
  'sign-in-prune': { retryLimit: 0 },
  /**
   * One job per uploaded catalogue file (modules/catalogue-data). A big import takes minutes, so it
   * expires after an hour, not five minutes; an instance stopped mid-import leaves the job active
   * until then, and it runs again from the start on any instance (its transaction died with the
   * instance: nothing was applied). Twice at most, then the import is shown failed. An instance
   * that stops gracefully hands its import back (rolled back, queued again, not counted): that
   * retry is pg-boss's, hence more of them than the import's own two.
   */
  'catalogue-import': { retryLimit: 10, retryDelay: 5, expireInSeconds: 60 * 60 },
  /**
   * Every morning: each company's statement of the month before, e-mailed once (modules/ledger;
   * the 1st mails them all, later mornings those a missed run left). Retried: nobody is mailed twice.
   */
  'company-statements': { retryLimit: 3, retryDelay: 300 },
  /**
   * Every minute, on PostgreSQL: imports whose run died with its instance (its heartbeat stopped),
   * queued again and their jobs failed for another instance to run them now (modules/catalogue-data).
   */
  'catalogue-import-watch': { retryLimit: 0 },
  /** Every morning: e-mails owners of resale certificates expiring within 30 days (modules/certificates). */
  'certificate-expiry': { retryLimit: 2, retryDelay: 60 },
} satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

export type QueueName = keyof typeof queueSettings;
export const QUEUE_NAMES = Object.keys(queueSettings) as QueueName[];

/**
 * One job to add: its queue, its data, for a job due later when, and the id of a job that may be
 * ended before it runs (a UUID, unique in its queue: an order's expiry job takes the order's).
 */
export interface JobRequest {
  queue: QueueName;
  data: object;
  startAfter?: Date;
  id?: string;
}

export interface JobQueue {
  /**
   * Adds jobs inside the caller's transaction: they exist exactly when the change that causes them
   * commits (DESIGN §10). Several jobs go in with one statement (an order's expiry and mail jobs),
   * and `alongside`, an insert of the same change compiled by Kysely (the outbox row of the
   * message a job sends), goes in that statement too: one round trip for all (decision 030).
   */
  sendInTransaction(trx: Db, jobs: JobRequest[], alongside?: CompiledQuery): Promise<void>;
  /**
   * Ends the job `id` of `queue` inside the caller's transaction, if it has not finished: the
   * change that makes it pointless (an order paid before it expires) and its end commit together.
   */
  cancelInTransaction(trx: Db, queue: QueueName, id: string): Promise<void>;
  /**
   * Fails, inside the caller's transaction, the active jobs of `queue` whose data's `id` is `dataId`,
   * with `reason`: pg-boss retries them as their queue says, on any instance. For a job whose
   * instance died mid-run (SIGKILL), which pg-boss would otherwise leave active until it expires (an
   * import's hour). Answers whether there was one.
   */
  failActiveInTransaction(trx: Db, queue: QueueName, dataId: string, reason: string): Promise<boolean>;
  /**
   * Runs `handler` for the queue's jobs on this instance; any instance may take any job. Up to
   * `batchSize` jobs are fetched at once and `concurrency` of them run at a time; a job whose
   * handler throws is failed (and retried as its queue says) alone, the others complete. The
   * handler hears whether this is the job's last try: failing now, it is not retried.
   */
  work<T extends object>(
    queue: QueueName,
    handler: (data: T, job: { signal: AbortSignal; lastTry: boolean }) => Promise<void>,
    options?: {
      batchSize?: number;
      concurrency?: number;
      /**
       * Work that can wait (sending mail) gives way to requests: a fetched batch waits while this
       * process's event loop is busy, at most GIVE_WAY_MAX_MS (decision 030).
       */
      givesWay?: boolean;
    },
  ): Promise<void>;
  /** A job on a cron schedule; however many instances run, each slot runs once. */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Every queue's jobs by state, for the operator (pg-boss's own counts leave out failed jobs). */
  counts(): Promise<QueueCounts[]>;
  /**
   * The jobs of each queue that failed on this instance since it started: `retried`, to be tried
   * again, and `givenUp`, on their last try (`job_failures_total` on /metrics). Each is logged too.
   */
  failures(): JobFailures[];
  /**
   * Takes no more jobs and waits for the running ones up to `timeoutMs`; then aborts the `signal`
   * their handlers were given, and waits up to HAND_BACK_MS more for them to give their work back
   * (a claim released, a transaction rolled back) and throw: those jobs are failed, and retried as
   * their queue says, on any instance. The whole stop takes `timeoutMs + HAND_BACK_MS + STOP_SLACK_MS` at most.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * How long an aborted handler has to give its work back once its job's signal is aborted. One that
 * ignores its signal is left behind: its job stays active and is handed out again once it expires.
 */
export const HAND_BACK_MS = 5_000;

/** How long a stop waits past the hand-back for pg-boss's own stop (its monitor ends within half a second). */
export const STOP_SLACK_MS = 2_000;

/**
 * A queue's waits at its stop, the shop's unless a test of the stop itself gives shorter ones: a
 * test of a handler that ignores its signal, or of a fetch held past the stop, otherwise waits the
 * whole 7 s on every stop (queue.test.ts did three times).
 */
export interface StopWaits {
  handBackMs?: number;
  stopSlackMs?: number;
}

/** A queue's failed jobs on this instance: to be tried again, and given up. */
export interface JobFailures {
  queue: QueueName;
  retried: number;
  givenUp: number;
}

/** A queue's options: its stop's waits, and the instance's reporter of a database outage (its requests'). */
export interface QueueOptions extends StopWaits {
  outage?: OutageLog;
}

/** The message an aborted job is failed with. */
export const HANDED_BACK = 'the instance stopped: handed back';

/** Busier than this (the share of time the event loop ran, 0–1), the process is answering requests. */
const BUSY = 0.5;
const GIVE_WAY_SAMPLE_MS = 100;
/**
 * The longest a batch that gives way waits: under a load that never lets up, mail still leaves at
 * a batch per ~3 s (20 messages), and a batch is done long before its jobs expire (5 minutes).
 */
const GIVE_WAY_MAX_MS = 2_000;

/**
 * How busy the event loop has been over the last GIVE_WAY_SAMPLE_MS, sampled in the background
 * (an unref'd timer, from when a worker that gives way starts), so that a batch at rest starts at
 * once.
 */
function busyMeter() {
  let busy = 0;
  let since = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    busy = performance.eventLoopUtilization(since).utilization;
    since = performance.eventLoopUtilization();
  }, GIVE_WAY_SAMPLE_MS).unref();
  return { busy: () => busy, stop: () => clearInterval(timer) };
}

/**
 * Waits while the event loop is busy, at most GIVE_WAY_MAX_MS, and not once the queue stops. The
 * jobs stay this worker's meanwhile: pg-boss has handed them out, and their rows (the outbox's
 * too) are in PostgreSQL whatever happens.
 */
async function giveWay(meter: ReturnType<typeof busyMeter>, stopping: () => boolean): Promise<void> {
  for (let waited = 0; meter.busy() > BUSY && waited < GIVE_WAY_MAX_MS && !stopping(); waited += GIVE_WAY_SAMPLE_MS) {
    await sleep(GIVE_WAY_SAMPLE_MS);
  }
}

/**
 * The shop's durable job queue: pg-boss in the shop's own database (schema `pgboss`), on PGlite
 * and PostgreSQL alike (decision 010). Jobs survive restarts, and `FOR UPDATE SKIP LOCKED`
 * hands each one to one worker across instances.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  { handBackMs = HAND_BACK_MS, stopSlackMs = STOP_SLACK_MS, outage = outageLog() }: QueueOptions = {},
): Promise<JobQueue> {
  let stopped = false;
  let closed = false;
  const boss = await startBoss(database, log, outage, () => closed);

  let busy: ReturnType<typeof busyMeter> | undefined;
  /** The batches being run on this instance: a stop waits for them, even one pg-boss does not count. */
  const running = new Set<Promise<void>>();
  /** Aborted when a stop has waited long enough for the running jobs: they give their work back. */
  const aborting = new AbortController();
  const failures = new Map<QueueName, JobFailures>(QUEUE_NAMES.map((queue) => [queue, { queue, retried: 0, givenUp: 0 }]));
  /**
   * Says that a job failed, with its reason (decision 214: nothing did, and a sweep or a morning's
   * statements failing left no trace but pg-boss's row): a warning while it will be tried again,
   * an error once it is given up. A stop's hand-back is said by the stop; the database being away,
   * by the instance's outage reporter, once a minute.
   */
  const failed = (queue: QueueName, job: PgBoss.JobWithMetadata<object>, error: unknown) => {
    const last = job.retryCount >= job.retryLimit;
    const counts = failures.get(queue);
    if (counts) counts[last ? 'givenUp' : 'retried'] += 1;
    const fields = { queue, jobId: job.id, attempt: job.retryCount + 1, tries: job.retryLimit + 1, err: error };
    if (last) log.error(fields, 'job failed, given up');
    else if (error instanceof Error && error.message === HANDED_BACK) log.info(fields, 'job handed back, will be tried again');
    else if (databaseUnavailable(error)) outage(log, error, { source: 'job queue', queue, jobId: job.id });
    else log.warn(fields, 'job failed, will be tried again');
  };
  /** Waits for the running batches, until `deadline` at most. */
  const settled = async (deadline: number) => {
    while (running.size > 0 && Date.now() < deadline) {
      await Promise.race([Promise.allSettled(running), sleep(deadline - Date.now(), undefined, { ref: false })]);
    }
  };
  return {
    async sendInTransaction(trx, jobs, alongside) {
      const db = {
        executeSql: async (text: string, values: unknown[]) =>
          trx.executeQuery(alongside ? togetherWith(alongside, text, values) : CompiledQuery.raw(text, values)),
      };
      // pg-boss's `insert`: one statement for them all, each with its queue's retry settings (as `send`).
      const inserts = jobs.map(({ queue, data, startAfter, id }) => ({ name: queue, data, ...(startAfter && { startAfter }), ...(id && { id }) }));
      await boss.insert(inserts, { db });
    },

    async cancelInTransaction(trx, queue, id) {
      await boss.cancel(queue, id, { db: { executeSql: async (text: string, values: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values)) } });
    },

    async failActiveInTransaction(trx, queue, dataId, reason) {
      const db = { executeSql: async (text: string, values: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values)) };
      const { rows } = await trx.executeQuery<{ id: string }>(
        CompiledQuery.raw("select id from pgboss.job where name = $1 and state = 'active' and data->>'id' = $2", [queue, dataId]),
      );
      for (const { id } of rows) await boss.fail(queue, id, { message: reason }, { db });
      return rows.length > 0;
    },

    async work(queue, handler, { batchSize = 10, concurrency = 1, givesWay = false } = {}) {
      const meter = givesWay ? (busy ??= busyMeter()) : undefined;
      const run = async (jobs: PgBoss.JobWithMetadata<object>[]) => {
        if (meter) await giveWay(meter, () => stopped);
        const thrown: { job: PgBoss.JobWithMetadata<object>; error: unknown }[] = [];
        let next = 0;
        const runner = async () => {
          for (let job = jobs[next++]; job; job = jobs[next++]) {
            try {
              if (aborting.signal.aborted) throw new Error(HANDED_BACK);
              await handler(job.data as never, { signal: aborting.signal, lastTry: job.retryCount >= job.retryLimit });
            } catch (error) {
              thrown.push({ job, error: aborting.signal.aborted ? new Error(HANDED_BACK) : error });
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, runner));
        // Failed one by one; pg-boss then completes the rest of the batch (only jobs still active).
        for (const { job, error } of thrown) {
          failed(queue, job, error);
          await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      };
      await boss.work<object>(queue, { pollingIntervalSeconds: 1, batchSize, includeMetadata: true }, async (jobs) => {
        // Fetched once the queue had stopped (its fetch was under way): nothing of it runs against a
        // closing shop, and it stays as PostgreSQL has it, handed out again once it expires.
        if (closed) throw new Error('the job queue has stopped');
        const batch = run(jobs);
        running.add(batch);
        try {
          await batch;
        } finally {
          running.delete(batch);
        }
      });
    },

    async schedule(queue, cron) {
      await boss.schedule(queue, cron);
    },

    async counts() {
      const { rows } = await database.executeSql(
        'select name, state, count(*)::int as count from pgboss.job group by name, state',
      );
      const byQueue = new Map<string, QueueCounts>(
        Object.keys(queueSettings).map((queue) => [queue, { queue, waiting: 0, active: 0, failed: 0, completed: 0 }]),
      );
      for (const { name, state, count } of rows as { name: string; state: string; count: number }[]) {
        const counts = byQueue.get(name);
        if (!counts) continue;
        if (state === 'created' || state === 'retry') counts.waiting += count;
        else if (state === 'active' || state === 'failed' || state === 'completed') counts[state] += count;
      }
      return [...byQueue.values()];
    },

    failures() {
      return [...failures.values()].map((counts) => ({ ...counts }));
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      if (stopped) return;
      stopped = true;
      busy?.stop();
      const deadline = Date.now() + timeoutMs;
      // pg-boss's own stop fails the jobs still running at its time-out, handlers unaware: it is given
      // longer than ours, so that a handler first hears its signal and gives its work back.
      const bossStopped = boss.stop({ graceful: true, wait: true, timeout: timeoutMs + handBackMs + 1_000 });
      // pg-boss waits only for the batches its workers held when it began to stop: a batch whose
      // fetch was under way then starts later. It is waited for too, within the same time.
      await settled(deadline);
      if (running.size > 0) {
        log.warn({ timeoutMs, batches: running.size }, 'jobs still running at the shutdown bound: handing them back');
        aborting.abort();
        await settled(Date.now() + handBackMs);
      }
      // Its monitor ends once no batch runs (within half a second); a batch left behind by its
      // handler is failed by it at its time-out.
      await Promise.race([
        bossStopped.catch((error: unknown) => log.warn({ err: error }, 'job queue: stop failed')),
        sleep(Math.max(0, deadline + handBackMs + stopSlackMs - Date.now()), undefined, { ref: false }),
      ]);
      closed = true;
    },
  };
}

/**
 * pg-boss's error as an Error: a worker's failed fetch reaches its `error` event as a plain copy of
 * the error (`{ ...error, message, stack, queue, worker }`, its manager's `onError`), which
 * `databaseUnavailable` did not read (it follows Errors), so a poll failing for an outage was
 * logged as an error of the queue's. Its fields (`code`) are kept.
 */
function asError(thrown: unknown): Error {
  if (thrown instanceof Error || typeof thrown !== 'object' || thrown === null) return thrown instanceof Error ? thrown : new Error(String(thrown));
  const { message, ...fields } = thrown as { message?: unknown };
  return Object.assign(new Error(typeof message === 'string' ? message : 'job queue error'), fields);
}

/** Tries at starting pg-boss: enough for every instance that raced the first to install it. */
const START_TRIES = 5;

/**
 * pg-boss on the shop's database, its queues created. Instances starting at once on a new database
 * race to install pg-boss's schema, and its lock does not cover every statement of the install
 * (two creating the schema at once fail on PostgreSQL's catalog, or deadlock): one wins, and the
 * others find it installed when they try again.
 */
async function startBoss(database: DatabaseHandle, log: FastifyBaseLogger, outage: OutageLog, closed: () => boolean): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({
      db: {
        // pg-boss's stop does not wait for a worker's fetch in flight, and it completes or fails a
        // batch without awaiting it (a job still running when the stop's time-out passed): once
        // stopped, such a late statement would reach a closed pool as an unhandled rejection. It
        // runs nothing and answers nothing instead, as pg-boss's own closed database does (its
        // callers read no result then; `{ rows: [] }` made a completion read `rows[0].count`). A
        // batch fetched or finished that late stays as PostgreSQL has it, and pg-boss hands it out
        // again once it expires.
        executeSql: async (text, values) =>
          closed() ? (undefined as unknown as { rows: unknown[] }) : database.executeSql(text, values as unknown[] | undefined),
      },
      schema: 'pgboss',
      // Jobs not done within this time are failed and retried; ours take milliseconds.
      expireInSeconds: 5 * 60,
      // Old job rows go after a week: enough to look into a failure, no more.
      deleteAfterDays: 7,
    });
    // The database being away is an outage, not an error of the queue's (decision 180): pg-boss's
    // polls failing through it (about 12 a minute) are said by the reporter the requests use,
    // once a minute at warn for the whole instance (decisions 176, 188).
    boss.on('error', (thrown) => {
      const error = asError(thrown);
      if (databaseUnavailable(error)) outage(log, error, { source: 'job queue' });
      else log.error({ err: error }, 'job queue error');
    });
    try {
      await boss.start();
      for (const [name, settings] of Object.entries(queueSettings)) {
        // Made if new, and given this release's settings if not: pg-boss's create leaves an existing queue as it was.
        await boss.createQueue(name, { name, ...settings });
        await boss.updateQueue(name, { name, ...settings });
      }
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => {});
      if (attempt === START_TRIES) throw error;
      log.warn({ err: error, attempt }, 'job queue: start failed (another instance installing it?), trying again');
      await sleep(200 * attempt);
    }
  }
}

/**
 * pg-boss's insert of jobs (`text`, `values`) and `statement` as one statement: each a
 * data-modifying CTE, which PostgreSQL runs to completion whether or not it is read. pg-boss's
 * text is kept as it is; `statement`'s parameters are numbered after pg-boss's. `statement` is
 * Kysely's compiled SQL, in which every value is a parameter (no other `$` in its text).
 */
function togetherWith(statement: CompiledQuery, text: string, values: unknown[]): CompiledQuery {
  const renumbered = statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + values.length}`);
  return CompiledQuery.raw(`with "alongside" as (${renumbered}), "jobs" as (${text}) select 1`, [...values, ...statement.parameters]);
}
