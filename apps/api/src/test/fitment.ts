import { sql } from 'kysely';
import type { Db } from '../db/database';

let nextId = 900_000_000;

/**
 * Lists a part as fitting a vehicle the way the shop does (decision 079): an application of the
 * vehicle's configuration. A vehicle a test made by its words alone first gets a base vehicle of
 * its own in the VCdb tables (made-up ids and names, as the demo's are).
 */
export async function listFitment(db: Db, partId: string, vehicleId: string): Promise<void> {
  const vehicle = await db
    .selectFrom('vehicles')
    .select(['year', 'make', 'model', 'base_vehicle_id', 'submodel_id', 'engine_base_id'])
    .where('id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  let baseVehicleId = vehicle.base_vehicle_id;
  if (baseVehicleId === null) {
    const [makeId, modelId, baseId] = [nextId++, nextId++, nextId++];
    await sql`insert into vcdb_years (id) values (${vehicle.year}) on conflict do nothing`.execute(db);
    await db.insertInto('vcdb_makes').values({ id: makeId, name: vehicle.make }).execute();
    await db.insertInto('vcdb_models').values({ id: modelId, name: vehicle.model, vehicle_type_id: 5 }).execute();
    await db.insertInto('vcdb_base_vehicles').values({ id: baseId, year_id: vehicle.year, make_id: makeId, model_id: modelId }).execute();
    await db.updateTable('vehicles').set({ base_vehicle_id: baseId }).where('id', '=', vehicleId).execute();
    baseVehicleId = baseId;
  }
  await db
    .insertInto('applications')
    .values({ part_id: partId, base_vehicle_id: baseVehicleId, submodel_id: vehicle.submodel_id, engine_base_id: vehicle.engine_base_id })
    .execute();
}
