import { sql, type Kysely } from 'kysely';

/**
 * Resale (tax-exemption) certificates (issue 31, decision 082): at most one per company location
 * and US state — a new upload replaces the old one and waits for verification again. The document
 * is kept here, in PostgreSQL, as product photos are, so that any instance can send it.
 * Dates are `YYYY-MM-DD` text, compared as text (the shop's days are UTC days).
 * `expiry_notice_for` is the expiry date the owners were last e-mailed about: one notice per
 * certificate and expiry, however many instances run the daily job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resale_certificates')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('location_id', 'uuid', (col) => col.notNull().references('company_locations.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn('number', 'text', (col) => col.notNull().check(sql`length(number) between 1 and 50`))
    .addColumn('expires_on', 'text', (col) => col.notNull().check(sql`expires_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('document', 'bytea', (col) => col.notNull())
    .addColumn('document_type', 'text', (col) => col.notNull())
    .addColumn('document_name', 'text', (col) => col.notNull())
    .addColumn('uploaded_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('verified_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('expiry_notice_for', 'text')
    .addUniqueConstraint('resale_certificates_location_state', ['location_id', 'state'])
    .execute();
  await db.schema.createIndex('resale_certificates_expiry').on('resale_certificates').column('expires_on').execute();
  // Why an order was charged no tax, in words its invoice prints ("Tax exempt: resale certificate …").
  await db.schema.alterTable('orders').addColumn('tax_exemption', 'text').execute();
}
