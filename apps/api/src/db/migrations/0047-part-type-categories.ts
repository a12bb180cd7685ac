import { sql, type Kysely } from 'kysely';

/**
 * Which of the shop's categories a PCdb part type goes to (issue 29, decision 084): a part a PIES
 * or parts-CSV import adds without a category of its own goes to the category of its part type.
 * A PCdb reload keeps a mapped part type (the importer's `referencedBy`); a deleted category takes
 * its mappings along.
 *
 * And `applications_live_vehicle_key`: the live applications by vehicle, part type and
 * qualifiers, which an ACES file's Apps are checked against for overlaps and comment conflicts
 * (decision 084, measured there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('part_type_categories')
    .addColumn('part_type_id', 'integer', (col) => col.primaryKey().references('pcdb_part_types.id'))
    .addColumn('category_slug', 'text', (col) => col.notNull().references('categories.slug').onDelete('cascade').onUpdate('cascade'))
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('part_type_categories_category').on('part_type_categories').column('category_slug').execute();
  await sql`
    create index applications_live_vehicle_key on applications
      (base_vehicle_id, part_type_id, coalesce(submodel_id, 0), coalesce(engine_base_id, 0), coalesce(position_id, 0))
      where deleted_at is null
  `.execute(db);
}
