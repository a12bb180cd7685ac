import { sql, type Kysely } from 'kysely';

/**
 * Decision 154. How much of its stored upload a running catalogue import has read: the reading of
 * a PIES or ACES file knows no total of records, but its bytes have one, the file's size (a gzip's
 * packed bytes, of the size uploaded); null before the import opens its file. And the tombstones of
 * each part, for an ACES net change to find a later delete of the same application without
 * reading every later id (`applications_live_part` finds a live one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('catalogue_imports').addColumn('progress_bytes', 'bigint').execute();
  await sql`create index applications_deleted_part on applications (part_id, id) where deleted_at is not null`.execute(db);
}
