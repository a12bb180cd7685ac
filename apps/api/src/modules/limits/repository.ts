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

/**
 * One hit counted under each of `keys`, in one statement: each key's window row inserted, or
 * counted on, or started again. Taken in one order, so that two statements that share a key never
 * wait for each other's rows the other way round.
 */
function countHits(db: Db, keys: readonly string[], windowSeconds: number) {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const ended = sql`rate_counters.window_started_at <= now() - ${window}`;
  return db
    .insertInto('rate_counters')
    .values([...keys].sort().map((key) => ({ key, window_started_at: sql`now()`, count: 1 })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${ended} then 1 else rate_counters.count + 1 end`,
        window_started_at: sql`case when ${ended} then now() else rate_counters.window_started_at end`,
      }),
    )
    .returning(['key', 'count', remaining(window).as('remaining')])
    .execute();
}

/**
 * Fixed-window counters in the database (`rate_counters`), so that every instance of the API
 * counts together (DESIGN §8, §11). One row per key; a window that has ended starts again at 1.
 */
export function createRateCounters(db: Db) {
  /** Counts one hit under each of `keys` (distinct, one window) and answers each window's count so far, in their order. */
  async function hitEach(keys: readonly string[], limit: Limit): Promise<WindowCount[]> {
    const rows = await countHits(db, keys, limit.windowSeconds);
    return keys.map((key) => {
      const row = rows.find((counted) => counted.key === key);
      if (!row) throw new Error('the rate counter answered no row');
      return { count: row.count, retryAfterSeconds: row.remaining };
    });
  }

  return {
    /** Counts one hit under `key` and answers the window's count so far. */
    async hit(key: string, limit: Limit): Promise<WindowCount> {
      const [count] = await hitEach([key], limit);
      if (!count) throw new Error('the rate counter answered no row');
      return count;
    },

    hitEach,

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
