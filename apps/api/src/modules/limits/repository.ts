import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface WindowCount {
  /** Hits in the current window, this one included when counted. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

const remaining = (window: ReturnType<typeof sql>) =>
  sql<number>`greatest(1, ceil(extract(epoch from window_started_at + ${window} - now())))::int`;

/** One hit counted under `key`: the window's row inserted, or counted on, or started again. */
function countHit(db: Db, key: string, windowSeconds: number) {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const ended = sql`rate_counters.window_started_at <= now() - ${window}`;
  return db
    .insertInto('rate_counters')
    .values({ key, window_started_at: sql`now()`, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${ended} then 1 else rate_counters.count + 1 end`,
        window_started_at: sql`case when ${ended} then now() else rate_counters.window_started_at end`,
      }),
    )
    .returning(['count', remaining(window).as('remaining')])
    .executeTakeFirst();
}

/**
 * Fixed-window counters in the database (`rate_counters`), so that every instance of the API
 * counts together (DESIGN §8, §11). One row per key; a window that has ended starts again at 1.
 */
export function createRateCounters(db: Db) {
  return {
    /** Counts one hit under `key` and answers the window's count so far. */
    async hit(key: string, limit: Limit): Promise<WindowCount> {
      const row = await countHit(db, key, limit.windowSeconds);
      if (!row) throw new Error('the rate counter answered no row');
      return { count: row.count, retryAfterSeconds: row.remaining };
    },

    /** The window's count under `key` without counting. */
    async peek(key: string, limit: Limit): Promise<WindowCount> {
      const window = sql`make_interval(secs => ${limit.windowSeconds})`;
      const row = await db
        .selectFrom('rate_counters')
        .select(['count', remaining(window).as('remaining')])
        .where('key', '=', key)
        .where(sql<boolean>`window_started_at > now() - ${window}`)
        .executeTakeFirst();
      return { count: row?.count ?? 0, retryAfterSeconds: row?.remaining ?? 1 };
    },

    /** Takes back one hit under `key` (counted before it was known not to count). */
    async forgive(key: string): Promise<void> {
      await db.updateTable('rate_counters').set({ count: sql`greatest(count - 1, 0)` }).where('key', '=', key).execute();
    },

    /** Deletes counters whose window started more than `seconds` ago (longer than any window). */
    async prune(seconds: number): Promise<number> {
      const result = await db
        .deleteFrom('rate_counters')
        .where(sql<boolean>`window_started_at < now() - make_interval(secs => ${seconds})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
