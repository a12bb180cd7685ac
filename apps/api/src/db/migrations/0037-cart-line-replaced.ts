import { sql, type Kysely } from 'kysely';

/**
 * A cart line remembers the part number it held before its part was renumbered or superseded and
 * the line became the replacement (issue 30, decision 065), so the cart names both numbers until
 * the buyer changes the line. Null for every other line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cart_lines add column replaced_part_number text check (length(replaced_part_number) between 1 and 40)`.execute(db);
}
