import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Resolves once a statement of the shop's waits on a lock in `app`'s database: a request (of this
 * instance or another on the same database, `twoInstances`) that the test's own transaction holds
 * up. With `query`, only a statement whose text contains it counts (`'insert into "parts"'`, a
 * table's name). `or`: resolves as well once it answers true (the request was answered without
 * waiting, which the test then checks). Statements of other databases on the same server (other
 * test files) never count. `count`: resolves once that many statements wait at once.
 *
 * On PGlite it resolves at once: its one connection runs one statement at a time, so the
 * transaction holding the lock holds every other statement behind it anyway. It asks every 20 ms
 * and has no deadline of its own: a statement that never waits fails the test at its time limit.
 */
export async function someoneWaits(app: FastifyInstance, { query = '', or, count = 1 }: { query?: string; or?: () => boolean; count?: number } = {}): Promise<void> {
  if (!app.config.databaseUrl) return;
  for (;;) {
    if (or?.()) return;
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like ${`%${query}%`}
    `.execute(app.db);
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A transaction of the test's own on `app`'s database, kept open: `locked` resolves once `take`
 * (the rows or the turn the test holds) has run in it; then it waits for `release()`, or runs
 * `then` instead, and commits; `done` is its end. A test stops the shop's own statements at a
 * chosen point with it, mocking nothing (decision 184).
 */
export function holdInTransaction(app: FastifyInstance, take: (trx: Transaction<Database>) => Promise<unknown>, then?: (trx: Transaction<Database>) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let took!: () => void;
  const taken = new Promise<void>((resolve) => (took = resolve));
  const done = app.db.transaction().execute(async (trx) => {
    await take(trx);
    took();
    await (then ? then(trx) : released);
  });
  return { locked: Promise.race([taken, done]), release, done };
}
