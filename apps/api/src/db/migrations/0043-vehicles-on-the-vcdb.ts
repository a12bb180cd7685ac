import { sql, type Kysely } from 'kysely';

/**
 * The storefront's vehicles become VCdb configurations (issue 29, decisions 077 and 079):
 * - a `vehicles` row is a base vehicle, optionally narrowed to a submodel and an engine base, one
 *   row per configuration (`vehicles_configuration`); its year/make/model/submodel/engine words
 *   are the VCdb's, refreshed by every VCdb load (modules/vehicles/configurations.ts). A row of an
 *   older shop keeps its id and words and gets its base vehicle once the VCdb names it.
 * - `fitments` is no longer a table but a view over the applications: a vehicle fits a part when
 *   a live application of the part is for its base vehicle and the application's submodel and
 *   engine are null or the vehicle's own. Every read of `fitments` reads the applications.
 * - The rows of the old table wait in `legacy_fitments` until a VCdb load names their vehicle;
 *   then they become applications (configurations.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vehicles drop constraint vehicles_make_model_year_engine_key`.execute(db);
  // The VCdb lists vehicles from 1896 on.
  await sql`alter table vehicles drop constraint vehicles_year_check`.execute(db);
  await sql`alter table vehicles add constraint vehicles_year_check check (year between 1890 and 2100)`.execute(db);
  await db.schema
    .alterTable('vehicles')
    .addColumn('base_vehicle_id', 'integer', (col) => col.references('vcdb_base_vehicles.id'))
    .addColumn('submodel_id', 'integer', (col) => col.references('vcdb_submodels.id'))
    .addColumn('engine_base_id', 'integer', (col) => col.references('vcdb_engine_bases.id'))
    .addColumn('submodel', 'text', (col) => col.notNull().defaultTo('').check(sql`length(submodel) <= 60`))
    .execute();
  await sql`
    create unique index vehicles_configuration
      on vehicles (base_vehicle_id, (coalesce(submodel_id, 0)), (coalesce(engine_base_id, 0)))
      where base_vehicle_id is not null
  `.execute(db);
  await sql`drop index vehicles_year_make_model_idx`.execute(db);
  // The picker's lists: base vehicles only (no submodel, no engine).
  await sql`create index vehicles_base_year_make_model on vehicles (year, make, model) where base_vehicle_id is not null and submodel_id is null and engine_base_id is null`.execute(db);

  await sql`alter table fitments rename to legacy_fitments`.execute(db);
  await sql`alter table legacy_fitments rename constraint fitments_pkey to legacy_fitments_pkey`.execute(db);
  await sql`alter index fitments_vehicle_part_idx rename to legacy_fitments_vehicle_part_idx`.execute(db);
  await sql`
    create view fitments as
      select distinct a.part_id, v.id as vehicle_id
      from applications a
      join vehicles v on v.base_vehicle_id = a.base_vehicle_id
      where a.deleted_at is null
        and (a.submodel_id is null or a.submodel_id = v.submodel_id)
        and (a.engine_base_id is null or a.engine_base_id = v.engine_base_id)
  `.execute(db);
}
