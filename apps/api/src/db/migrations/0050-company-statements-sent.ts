import { sql, type Kysely } from 'kysely';

/**
 * Which company's statement of which month has been mailed (decision 086 amended): the monthly
 * job marks each company in the transaction that queues its mail, so a run again (a retry, the
 * daily catch-up after a missed 1st) mails each company once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_statements_sent')
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('month', 'text', (col) => col.notNull().check(sql`month ~ '^[0-9]{4}-[0-9]{2}$'`))
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('company_statements_sent_pk', ['company_id', 'month'])
    .execute();
}
