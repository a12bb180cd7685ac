import { sql, type Kysely } from 'kysely';

/**
 * Parts that change (issue 30, decision 065):
 * - a part's PIES life-cycle status (`2` available to order … `9` obsolete; any code of up to two
 *   digits) and the part that replaces it: required for `6` renumbered and `7` superseded, allowed
 *   for `8` discontinued and `9` obsolete, none otherwise;
 * - the numbers a part replaces from other brands (OEM and competitors'), each with its brand and
 *   how many of theirs make one of ours, in order;
 * - a kit's components (part and quantity, in order); a kit has its own price and stock.
 * A change to either table drops what every instance cached of the catalogue, as `parts`' do (0016, 0023).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('parts')
    .addColumn('lifecycle_code', 'text', (col) => col.notNull().defaultTo('2').check(sql`lifecycle_code ~ '^[0-9]{1,2}$'`))
    .addColumn('replaced_by', 'uuid', (col) => col.references('parts.id'))
    .execute();
  await sql`alter table parts add constraint parts_replaced_by_check
    check (case when lifecycle_code in ('6', '7') then replaced_by is not null
      when lifecycle_code in ('8', '9') then true else replaced_by is null end)`.execute(db);
  await sql`alter table parts add constraint parts_replaced_by_not_self check (replaced_by <> id)`.execute(db);
  await db.schema.createIndex('parts_replaced_by').on('parts').column('replaced_by').execute();

  await db.schema
    .createTable('part_interchange')
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('part_number', 'text', (col) => col.notNull())
    /** How many of theirs make one of ours. */
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addPrimaryKeyConstraint('part_interchange_pkey', ['part_id', 'position'])
    .addUniqueConstraint('part_interchange_number', ['part_id', 'brand', 'part_number'])
    .execute();
  await sql`create index part_interchange_key on part_interchange (upper(regexp_replace(part_number, '[^0-9A-Za-z]', '', 'g')))`.execute(db);

  await db.schema
    .createTable('part_kit_components')
    .addColumn('kit_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('component_id', 'uuid', (col) => col.notNull().references('parts.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addPrimaryKeyConstraint('part_kit_components_pkey', ['kit_id', 'position'])
    .addUniqueConstraint('part_kit_components_component', ['kit_id', 'component_id'])
    .execute();
  await db.schema.createIndex('part_kit_components_by_component').on('part_kit_components').column('component_id').execute();
  for (const table of ['part_interchange', 'part_kit_components']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function notify_shop_change('catalogue')
    `.execute(db);
  }
}
