import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * Resolves once a statement of the shop's waits on a lock in `app`'s database: a request (of this
 * instance or another on the same database, `twoInstances`) that the test's own transaction holds
 * up. With `query`, only a statement whose text contains it counts (`'insert into "parts"'`, a
 * table's name). `or`: resolves as well once it answers true (the request was answered without
 * waiting, which the test then checks). Statements of other databases on the same server (other
 * test files) never count.
 *
 * On PGlite it resolves at once: its one connection runs one statement at a time, so the
 * transaction holding the lock holds every other statement behind it anyway. It asks every 20 ms
 * and has no deadline of its own: a statement that never waits fails the test at its time limit.
 */
export async function someoneWaits(app: FastifyInstance, { query = '', or }: { query?: string; or?: () => boolean } = {}): Promise<void> {
  if (!app.config.databaseUrl) return;
  for (;;) {
    if (or?.()) return;
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like ${`%${query}%`}
    `.execute(app.db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
