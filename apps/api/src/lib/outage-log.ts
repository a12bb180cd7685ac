import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How often an instance says at warn that the database is out of reach, however many requests it
 * answers 503 and however many polls of its job queue fail meanwhile: a restart of 3 s under load
 * wrote 1,174 warn lines, a stack trace each, beside the 1,174 request lines that already said
 * 503 (decision 176); pg-boss's polls wrote about 12 a minute of their own (decision 188).
 */
export const DATABASE_UNAVAILABLE_LOG_EVERY_MS = 60_000;

/** Says that the database is out of reach, on `log` (a request's, or the job queue's with `fields`). */
export type OutageLog = (log: FastifyBaseLogger, error: unknown, fields?: Record<string, unknown>) => void;

/**
 * An instance's one reporter of a database outage, shared by its requests (`app.databaseUnavailable`,
 * plugins/errors.ts) and its job queue (jobs/queue.ts): the first time in a minute at warn, with the
 * error, as `database unavailable`; the rest at debug, and the next warn says how many there were
 * (`sinceLastWarning`). Whoever meets the outage first says it (decisions 176, 188). A database out
 * of disk, memory or connections has a reporter of its own, at error (decision 216).
 */
export function outageLog({ level = 'warn', message = 'database unavailable' }: { level?: 'warn' | 'error'; message?: string } = {}): OutageLog {
  let lastWarnedAt = Number.NEGATIVE_INFINITY;
  /** Outage errors met since the last warn line, each logged at debug. */
  let unlogged = 0;
  return (log, error, fields = {}) => {
    const now = performance.now();
    if (now - lastWarnedAt < DATABASE_UNAVAILABLE_LOG_EVERY_MS) {
      unlogged += 1;
      log.debug({ err: error, ...fields }, message);
      return;
    }
    log[level]({ err: error, ...fields, ...(unlogged > 0 && { sinceLastWarning: unlogged }) }, message);
    lastWarnedAt = now;
    unlogged = 0;
  };
}
