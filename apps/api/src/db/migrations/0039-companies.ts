import { sql, type Kysely } from 'kysely';

/**
 * Trade accounts, part 1 (issue 31, decision 075): companies, their members (a user belongs to at
 * most one company), invitations by e-mail (only the token's SHA-256 is kept), locations (named
 * addresses of the address book's fields, shared by the members), and on an order the company and
 * the location it was placed for (the member who placed it is the order's `user_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().check(sql`length(name) between 1 and 120`))
    .addColumn('tax_id', 'text', (col) => col.notNull().defaultTo('').check(sql`length(tax_id) <= 40`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active').check(sql`status in ('active', 'on-hold')`))
    .addColumn('payment_terms', 'text', (col) => col.check(sql`payment_terms in ('receipt', 'net7', 'net15', 'net30', 'net60')`))
    .addColumn('credit_limit_cents', 'integer', (col) => col.check(sql`credit_limit_cents >= 0`))
    .addColumn('po_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('company_members')
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    // One company per user: the user is the key.
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'buyer', 'accounts', 'viewer')`))
    .addColumn('joined_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('company_members_company').on('company_members').columns(['company_id', 'joined_at']).execute();

  await db.schema
    .createTable('company_invitations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull().check(sql`email = lower(email) and length(email) <= 254`))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'buyer', 'accounts', 'viewer')`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('invited_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('company_invitations_company').on('company_invitations').columns(['company_id', 'email']).execute();

  await db.schema
    .createTable('company_locations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    // The location's name ("Springfield workshop") is the first line of its label, as an address's name is.
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('line1', 'text', (col) => col.notNull())
    .addColumn('line2', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('company_locations_company').on('company_locations').columns(['company_id', 'seq']).execute();

  await db.schema
    .alterTable('orders')
    .addColumn('company_id', 'uuid', (col) => col.references('companies.id').onDelete('restrict'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('company_location_id', 'uuid', (col) => col.references('company_locations.id').onDelete('set null'))
    .execute();
  await sql`create index orders_company on orders (company_id, seq) where company_id is not null`.execute(db);
}
