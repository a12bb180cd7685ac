import { sql, type Kysely } from 'kysely';

/**
 * Fitment as ACES applications (issue 29, decision 077): a part × a VCdb base vehicle, optionally
 * narrowed to a submodel and an engine, at a PCdb position, in a quantity, with notes and a PCdb
 * part type. The one source of what fits what.
 * - A deleted application stays as a row with `deleted_at` (a tombstone) so that a net-change ACES
 *   export since a date can list its delete; live rows are `deleted_at is null`.
 * - `changed_at` is set on insert and on every change or delete: the net-change export reads it.
 * - `source_ref` is the App's `id` in the ACES file it came from (problems and exports name it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('applications')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('base_vehicle_id', 'integer', (col) => col.notNull().references('vcdb_base_vehicles.id'))
    .addColumn('submodel_id', 'integer', (col) => col.references('vcdb_submodels.id'))
    .addColumn('engine_base_id', 'integer', (col) => col.references('vcdb_engine_bases.id'))
    .addColumn('part_type_id', 'integer', (col) => col.references('pcdb_part_types.id'))
    .addColumn('position_id', 'integer', (col) => col.references('pcdb_positions.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1).check(sql`quantity between 1 and 10000`))
    .addColumn('notes', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('mfr_label', 'text', (col) => col.check(sql`length(mfr_label) <= 200`))
    .addColumn('source_ref', 'text', (col) => col.check(sql`length(source_ref) <= 100`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index applications_live_part on applications (part_id) where deleted_at is null`.execute(db);
  await sql`create index applications_live_base_vehicle on applications (base_vehicle_id, part_id) where deleted_at is null`.execute(db);
  await sql`create index applications_changed on applications (changed_at)`.execute(db);
  await sql`
    create trigger applications_notify_change
      after insert or update or delete or truncate on applications
      for each statement execute function notify_shop_change('catalogue')
  `.execute(db);
}
