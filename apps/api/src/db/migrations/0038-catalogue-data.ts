import { sql, type Kysely } from 'kysely';

/**
 * Catalogue data in the trade's formats (issue 29, decision 073):
 * - `catalogue_imports`: one row per uploaded file and what its import did. At most one is queued
 *   or running at a time, across instances: a partial unique index refuses the second (409).
 * - `catalogue_import_chunks`: the upload itself, in PostgreSQL (~1 MB a row) so that the job
 *   runs on any instance; deleted when the import ends.
 * - `catalogue_import_problems`: every problem of an import, for problems.csv (the row keeps the
 *   first 1,000 as JSON for the screen).
 * - The Auto Care reference tables an admin loads (VCdb, PCdb), with Auto Care's ids as keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_imports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('dry-run', 'apply')`))
    .addColumn('on_problems', 'text', (col) => col.notNull().check(sql`on_problems in ('refuse', 'skip')`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'done', 'failed')`))
    /** Whether the import's changes were committed (an apply with no problems, or `skip`). */
    .addColumn('applied', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('progress_done', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('progress_total', 'bigint')
    .addColumn('counts', 'jsonb', (col) => col.notNull().defaultTo(sql`'{"added":0,"changed":0,"deleted":0,"unchanged":0,"rejected":0}'::jsonb`))
    .addColumn('problems', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('problem_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_size', 'bigint', (col) => col.notNull().defaultTo(0))
    /** Set when the whole file is stored and the job is queued; a row without it is still arriving. */
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_by_email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    /** How many times the job started it: more than once only after an instance stopped mid-import. */
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await sql`create unique index catalogue_imports_one_at_a_time on catalogue_imports ((true)) where status in ('queued', 'running')`.execute(db);
  await db.schema.createIndex('catalogue_imports_newest').on('catalogue_imports').column('created_at desc').execute();

  await db.schema
    .createTable('catalogue_import_chunks')
    .addColumn('import_id', 'uuid', (col) => col.notNull().references('catalogue_imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('catalogue_import_chunks_pkey', ['import_id', 'seq'])
    .execute();

  await db.schema
    .createTable('catalogue_import_problems')
    .addColumn('import_id', 'uuid', (col) => col.notNull().references('catalogue_imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('ref', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('catalogue_import_problems_pkey', ['import_id', 'seq'])
    .execute();

  // VCdb: Auto Care's ids are the keys; a row refers to others by them.
  await db.schema.createTable('vcdb_makes').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('name', 'text', (col) => col.notNull()).execute();
  await db.schema
    .createTable('vcdb_models')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('vehicle_type_id', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createTable('vcdb_submodels').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('name', 'text', (col) => col.notNull()).execute();
  await db.schema.createTable('vcdb_years').addColumn('id', 'integer', (col) => col.primaryKey()).execute();
  await db.schema
    .createTable('vcdb_base_vehicles')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('year_id', 'integer', (col) => col.notNull().references('vcdb_years.id'))
    .addColumn('make_id', 'integer', (col) => col.notNull().references('vcdb_makes.id'))
    .addColumn('model_id', 'integer', (col) => col.notNull().references('vcdb_models.id'))
    .execute();
  await db.schema.createIndex('vcdb_base_vehicles_ymm').on('vcdb_base_vehicles').columns(['year_id', 'make_id', 'model_id']).execute();
  await db.schema.createIndex('vcdb_base_vehicles_make').on('vcdb_base_vehicles').column('make_id').execute();
  await db.schema.createIndex('vcdb_base_vehicles_model').on('vcdb_base_vehicles').column('model_id').execute();
  await db.schema
    .createTable('vcdb_vehicles')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('base_vehicle_id', 'integer', (col) => col.notNull().references('vcdb_base_vehicles.id'))
    .addColumn('submodel_id', 'integer', (col) => col.notNull().references('vcdb_submodels.id'))
    .addColumn('region_id', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('vcdb_vehicles_base_vehicle').on('vcdb_vehicles').column('base_vehicle_id').execute();
  await db.schema.createIndex('vcdb_vehicles_submodel').on('vcdb_vehicles').column('submodel_id').execute();
  await db.schema
    .createTable('vcdb_engine_bases')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('liter', 'text', (col) => col.notNull())
    .addColumn('cc', 'integer', (col) => col.notNull())
    .addColumn('cid', 'integer', (col) => col.notNull())
    .addColumn('cylinders', 'integer', (col) => col.notNull())
    .addColumn('block_type', 'text', (col) => col.notNull())
    .execute();
  /** A full VCdb's engine configurations, only for the engine base each stands for. */
  await db.schema
    .createTable('vcdb_engine_configs')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('engine_base_id', 'integer', (col) => col.notNull().references('vcdb_engine_bases.id'))
    .execute();
  await db.schema.createIndex('vcdb_engine_configs_engine_base').on('vcdb_engine_configs').column('engine_base_id').execute();
  await db.schema
    .createTable('vcdb_vehicle_engines')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('vehicle_id', 'integer', (col) => col.notNull().references('vcdb_vehicles.id'))
    .addColumn('engine_base_id', 'integer', (col) => col.notNull().references('vcdb_engine_bases.id'))
    .execute();
  await db.schema.createIndex('vcdb_vehicle_engines_vehicle').on('vcdb_vehicle_engines').column('vehicle_id').execute();
  await db.schema.createIndex('vcdb_vehicle_engines_engine_base').on('vcdb_vehicle_engines').column('engine_base_id').execute();

  // PCdb.
  await db.schema.createTable('pcdb_part_types').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('name', 'text', (col) => col.notNull()).execute();
  await db.schema.createTable('pcdb_positions').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('name', 'text', (col) => col.notNull()).execute();
}
