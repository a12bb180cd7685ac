import { sql, type Kysely } from 'kysely';

/**
 * Decision 213. A part's PIES life-cycle code may be A, "Available only while supplies last", a
 * letter in Auto Care's code list beside the digits 0–9: a part sold from its stock until it runs
 * out. It names no replacement (`parts_replaced_by_check` of migration 0033 already says so of any
 * code but 6–9). Lower case is never stored: the editor and the imports upper-case it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table parts
      drop constraint parts_lifecycle_code_check,
      add constraint parts_lifecycle_code_check check (lifecycle_code ~ '^([0-9]{1,2}|A)$')
  `.execute(db);
}
