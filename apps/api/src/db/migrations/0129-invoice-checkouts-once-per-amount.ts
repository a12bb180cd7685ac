import { sql, type Kysely } from 'kysely';

/**
 * Decision 207. The Stripe Checkout Session opened for a company's invoices, one per company and
 * set of amounts (`invoices`: "number:cents,…" in the order named): a second request for the same
 * amounts, from any member and any instance, answers this session instead of opening another. A row
 * without `url` is a session being opened (claimed under the company's row lock); `expires_at` is
 * the session's end, or the claim's when it was never opened (its sender died), after which the row
 * is removed and the amounts may be claimed again; so is the row of a session that ended taking no
 * payment the shop entered (its webhook: completed, or its delayed payment failed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_checkouts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('invoices', 'text', (col) => col.notNull())
    .addColumn('session_id', 'text')
    .addColumn('url', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('invoice_checkouts_once', ['company_id', 'invoices'])
    .execute();
}
