import { sql, type Kysely } from 'kysely';

/**
 * A price list's version, one more on every change (decision 125): the admin's editor sends the
 * version it loaded with its save, and a list someone else saved since is a 409, not overwritten
 * with the whole of what the editor loaded (its name, dates and every entry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table price_lists add column version integer not null default 1`.execute(db);
}
