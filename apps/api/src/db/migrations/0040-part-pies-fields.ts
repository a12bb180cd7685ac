import { sql, type Kysely } from 'kysely';

/**
 * What a PIES 7.2 item says of a part that `parts` did not hold (issue 29, decision 074):
 * - `gtin` (ItemLevelGTIN) and `package_gtin` (PackageLevelGTIN): stored as 14 digits, a shorter
 *   GTIN (8, 12 or 13) padded with leading zeros, so two spellings of one GTIN compare equal;
 * - `brand_aaia_id` (the Auto Care brand code, four characters) and `part_terminology_id` (the
 *   PCdb part type; a plain integer until the PCdb tables exist);
 * - the package's dimensions in millimetres (its weight is the part's `weight_grams`, already the
 *   shipping weight);
 * - `part_descriptions`: the item's descriptions by PIES code (DES, SHO, MKT, EXT …) and language;
 * - `updated_at`, for an export of the parts changed since a date: set when a part's own columns
 *   change (its stock excepted: that is not catalogue data) or any row of its descriptions, price
 *   breaks, interchange numbers or kit components does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('parts')
    .addColumn('gtin', 'text', (col) => col.check(sql`gtin ~ '^[0-9]{14}$'`))
    .addColumn('package_gtin', 'text', (col) => col.check(sql`package_gtin ~ '^[0-9]{14}$'`))
    .addColumn('brand_aaia_id', 'text', (col) => col.check(sql`brand_aaia_id ~ '^[A-Z0-9]{4}$'`))
    .addColumn('part_terminology_id', 'integer', (col) => col.check(sql`part_terminology_id > 0`))
    .addColumn('package_length_mm', 'integer', (col) => col.check(sql`package_length_mm between 0 and 100000`))
    .addColumn('package_width_mm', 'integer', (col) => col.check(sql`package_width_mm between 0 and 100000`))
    .addColumn('package_height_mm', 'integer', (col) => col.check(sql`package_height_mm between 0 and 100000`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('parts_updated_at').on('parts').column('updated_at').execute();

  await db.schema
    .createTable('part_descriptions')
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().check(sql`code ~ '^[A-Z]{3}$'`))
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('EN').check(sql`language ~ '^[A-Z]{2}$'`))
    .addColumn('text', 'text', (col) => col.notNull().check(sql`length(text) between 1 and 2000`))
    .addPrimaryKeyConstraint('part_descriptions_pkey', ['part_id', 'code', 'language'])
    .execute();
  await sql`
    create trigger part_descriptions_notify_change
      after insert or update or delete or truncate on part_descriptions
      for each statement execute function notify_shop_change('catalogue')
  `.execute(db);

  await sql`
    create function parts_touch_updated_at() returns trigger language plpgsql as $$
    begin
      if new.updated_at is not distinct from old.updated_at
        and (to_jsonb(new) - array['available_quantity', 'updated_at', 'search_vector', 'search_text'])
          is distinct from (to_jsonb(old) - array['available_quantity', 'updated_at', 'search_vector', 'search_text']) then
        new.updated_at := now();
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`create trigger parts_touch_updated_at before update on parts for each row execute function parts_touch_updated_at()`.execute(db);

  // A row of a part's own tables changes the part: `part_id`, or `kit_id` for a kit's components.
  await sql`
    create function part_rows_touch_part() returns trigger language plpgsql as $$
    declare
      row_json jsonb := to_jsonb(coalesce(new, old));
    begin
      update parts set updated_at = now()
        where id = coalesce(row_json ->> 'part_id', row_json ->> 'kit_id')::uuid and updated_at <> now();
      return null;
    end $$
  `.execute(db);
  for (const table of ['part_descriptions', 'part_price_breaks', 'part_interchange', 'part_kit_components']) {
    await sql`
      create trigger ${sql.id(`${table}_touch_part`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function part_rows_touch_part()
    `.execute(db);
  }
}
