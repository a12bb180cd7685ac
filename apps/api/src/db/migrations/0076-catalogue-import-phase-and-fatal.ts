import type { Kysely } from 'kysely';

/**
 * What a running catalogue import is doing (decision 147): reading its file, checking what it read,
 * or writing the changes. Its progress (`progress_done` of `progress_total`) counts that phase's
 * work, so the screen says the phase beside the bar rather than "Reading the file…" throughout.
 * `fatal`: a problem ended the file or found it unusable as a whole (not XML, another kind, a zip
 * of no table): nothing of it is applied, and a dry run's counts are not an apply's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('catalogue_imports').addColumn('progress_phase', 'text').addColumn('fatal', 'boolean', (col) => col.notNull().defaultTo(false)).execute();
}
