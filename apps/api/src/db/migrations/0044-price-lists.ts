import { sql, type Kysely } from 'kysely';

/**
 * Trade accounts, part 2 (issue 31, decision 080): contract price lists. A list (name, currency,
 * priority, optional first and last day) has entries, each for a part or a whole category with a
 * fixed unit price in cents or a percentage off the list price in basis points (1,200 is 12 %),
 * exactly one of each pair; an entry may have quantity tiers, each again a price or a percentage.
 * Lists are assigned to companies; a list's priority orders them (1 first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_lists')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().check(sql`length(name) between 1 and 120`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD').check(sql`currency = 'USD'`))
    .addColumn('priority', 'integer', (col) => col.notNull().check(sql`priority between 1 and 1000`))
    .addColumn('starts_on', 'date')
    .addColumn('ends_on', 'date')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('price_lists_dates', sql`starts_on is null or ends_on is null or starts_on <= ends_on`)
    .execute();

  await db.schema
    .createTable('price_list_entries')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('price_list_id', 'uuid', (col) => col.notNull().references('price_lists.id').onDelete('cascade'))
    .addColumn('part_id', 'uuid', (col) => col.references('parts.id').onDelete('cascade'))
    .addColumn('category_slug', 'text', (col) => col.references('categories.slug').onDelete('cascade').onUpdate('cascade'))
    .addColumn('unit_price_cents', 'integer', (col) => col.check(sql`unit_price_cents >= 0`))
    .addColumn('percent_off_bp', 'integer', (col) => col.check(sql`percent_off_bp between 1 and 10000`))
    .addCheckConstraint('price_list_entries_target', sql`(part_id is null) <> (category_slug is null)`)
    .addCheckConstraint('price_list_entries_price', sql`(unit_price_cents is null) <> (percent_off_bp is null)`)
    .execute();
  // One entry per part and per category in a list; the pricing reads them by part and by category.
  await sql`create unique index price_list_entries_part on price_list_entries (part_id, price_list_id) where part_id is not null`.execute(db);
  await sql`create unique index price_list_entries_category on price_list_entries (category_slug, price_list_id) where category_slug is not null`.execute(db);
  await db.schema.createIndex('price_list_entries_list').on('price_list_entries').column('price_list_id').execute();

  await db.schema
    .createTable('price_list_tiers')
    .addColumn('entry_id', 'uuid', (col) => col.notNull().references('price_list_entries.id').onDelete('cascade'))
    .addColumn('min_quantity', 'integer', (col) => col.notNull().check(sql`min_quantity >= 2`))
    .addColumn('unit_price_cents', 'integer', (col) => col.check(sql`unit_price_cents >= 0`))
    .addColumn('percent_off_bp', 'integer', (col) => col.check(sql`percent_off_bp between 1 and 10000`))
    .addPrimaryKeyConstraint('price_list_tiers_pkey', ['entry_id', 'min_quantity'])
    .addCheckConstraint('price_list_tiers_price', sql`(unit_price_cents is null) <> (percent_off_bp is null)`)
    .execute();

  await db.schema
    .createTable('company_price_lists')
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('price_list_id', 'uuid', (col) => col.notNull().references('price_lists.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('company_price_lists_pkey', ['company_id', 'price_list_id'])
    .execute();
  await db.schema.createIndex('company_price_lists_list').on('company_price_lists').column('price_list_id').execute();
}
