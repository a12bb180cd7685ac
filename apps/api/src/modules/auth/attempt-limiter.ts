import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Sign-in and sign-up limits, per client address and per account. */
export const authLimits = {
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signInPerIp: { max: 100, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 50, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one attempt under `key` in a fixed window and says whether it is within the limit.
 * The counter lives in the database, so every instance of the API counts together.
 */
export async function countAttempt(
  db: Db,
  key: string,
  limit: Limit,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const expired = sql`auth_attempts.window_started_at <= now() - ${window}`;
  const row = await db
    .insertInto('auth_attempts')
    .values({ key, window_started_at: sql`now()`, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${expired} then 1 else auth_attempts.count + 1 end`,
        window_started_at: sql`case when ${expired} then now() else auth_attempts.window_started_at end`,
      }),
    )
    .returning([
      'count',
      sql<number>`ceil(extract(epoch from window_started_at + ${window} - now()))::int`.as('remaining'),
    ])
    .executeTakeFirstOrThrow();
  if (row.count <= limit.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, row.remaining) };
}

/** How many attempts `key` has in its current window, and when that window ends. */
export async function attemptsInWindow(
  db: Db,
  key: string,
  limit: Limit,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const row = await db
    .selectFrom('auth_attempts')
    .select([
      'count',
      sql<number>`ceil(extract(epoch from window_started_at + ${window} - now()))::int`.as('remaining'),
    ])
    .where('key', '=', key)
    .where(sql<boolean>`window_started_at > now() - ${window}`)
    .executeTakeFirst();
  return { count: row?.count ?? 0, retryAfterSeconds: Math.max(1, row?.remaining ?? 0) };
}
