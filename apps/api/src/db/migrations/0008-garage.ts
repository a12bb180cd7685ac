import { sql, type Kysely } from 'kysely';

/** My Garage of a signed-in customer: the vehicles they keep, in their order, one of them active. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('garage_vehicles')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'uuid', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('garage_vehicles_pkey', ['user_id', 'vehicle_id'])
    .execute();
  await sql`create unique index garage_vehicles_one_active on garage_vehicles (user_id) where active`.execute(db);
}
