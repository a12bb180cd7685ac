import { sql, type Kysely } from 'kysely';

/**
 * The operator's page (decision 048): when an admin resent a failed message (once at most), and
 * an index of the unsent messages, which the page lists and counts while sent ones pile up for
 * 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('resent_at', 'timestamptz').execute();
  await db.schema
    .createIndex('mail_outbox_unsent')
    .on('mail_outbox')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}
