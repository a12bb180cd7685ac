import { sql, type Kysely } from 'kysely';

/**
 * A whole job in one order: what the cart, the address book, shipping and tax keep.
 * - Parts get a weight (grams, so that a cart's weight is summed exactly) and price breaks: from
 *   `min_quantity` units on, each costs `unit_price_cents`.
 * - An account's cart is a set of lines on the server (a visitor's stays in the browser until sign-in).
 * - An account keeps several shipping addresses, at most one of them the default.
 * - Shipping methods and tax rates are the admin's; a rate is kept in parts per million of the taxed
 *   amount (6.25 % is 62,500) so that any rate with up to four decimals is exact.
 * The orders themselves (their lines, number, ship-to and totals) are the next migration's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('parts')
    .addColumn('weight_grams', 'integer', (col) => col.notNull().defaultTo(0).check(sql`weight_grams >= 0 and weight_grams <= 1000000`))
    .execute();

  await db.schema
    .createTable('part_price_breaks')
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('min_quantity', 'integer', (col) => col.notNull().check(sql`min_quantity > 1`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addPrimaryKeyConstraint('part_price_breaks_pkey', ['part_id', 'min_quantity'])
    .execute();

  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cart_lines_pkey', ['user_id', 'part_id'])
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('line1', 'text', (col) => col.notNull())
    .addColumn('line2', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'seq']).execute();
  await db.schema
    .createIndex('addresses_one_default')
    .on('addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', true)
    .execute();

  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('estimate', 'text', (col) => col.notNull())
    .addColumn('countries', sql`text[]`, (col) => col.notNull())
    .addColumn('base_price_cents', 'integer', (col) => col.notNull().check(sql`base_price_cents >= 0`))
    .addColumn('price_per_kg_cents', 'integer', (col) => col.notNull().check(sql`price_per_kg_cents >= 0`))
    .addColumn('max_weight_grams', 'integer', (col) => col.check(sql`max_weight_grams > 0`))
    .addColumn('free_over_cents', 'integer', (col) => col.check(sql`free_over_cents >= 0`))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('country', 'text', (col) => col.notNull().check(sql`country ~ '^[A-Z]{2}$'`))
    /** '' for the whole country. */
    .addColumn('region', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('rate_ppm', 'integer', (col) => col.notNull().check(sql`rate_ppm >= 0 and rate_ppm <= 1000000`))
    .addColumn('applies_to_shipping', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tax_rates_place', ['country', 'region'])
    .execute();
}
