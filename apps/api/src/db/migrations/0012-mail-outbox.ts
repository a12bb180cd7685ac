import { sql, type Kysely } from 'kysely';

/**
 * The mail outbox (decision 022): every message the shop sends is a row written in the
 * transaction of the change it reports, with the rendered subject, HTML and text. A worker of the
 * job queue claims it, sends it and marks it sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // The order it reports, if any: its messages can be listed (and counted, in tests).
    .addColumn('order_id', 'uuid', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Set by the worker sending it; a claim older than a send can take is taken over.
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('mail_outbox_order_id').on('mail_outbox').column('order_id').execute();
}
