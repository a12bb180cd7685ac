import type { Garage, GarageInput } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { toVehicle, vehicleColumns } from '../vehicles/repository';

/** My Garage of a signed-in customer. */
export function createGarageRepository(db: Db) {
  return {
    async get(userId: string): Promise<Garage> {
      const rows = await db
        .selectFrom('garage_vehicles')
        .innerJoin('vehicles', 'vehicles.id', 'garage_vehicles.vehicle_id')
        .select([...vehicleColumns, 'garage_vehicles.active'])
        .where('garage_vehicles.user_id', '=', userId)
        .orderBy('garage_vehicles.position')
        .execute();
      return { vehicles: rows.map(toVehicle), activeId: rows.find((row) => row.active)?.id ?? null };
    },

    /**
     * Replaces the garage with the one given, in one transaction: sending it twice, or from two
     * tabs at once, leaves one of them whole. 'unknown-vehicle' when an id names no vehicle.
     */
    async replace(userId: string, garage: GarageInput): Promise<'replaced' | 'unknown-vehicle'> {
      const ids = [...new Set(garage.vehicleIds)];
      return db.transaction().execute(async (trx) => {
        if (ids.length > 0) {
          const known = await trx.selectFrom('vehicles').select('id').where('id', 'in', ids).execute();
          if (known.length !== ids.length) return 'unknown-vehicle';
        }
        // Serialises two replacements of one garage (the row lock of the user).
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        await trx.deleteFrom('garage_vehicles').where('user_id', '=', userId).execute();
        if (ids.length > 0) {
          await trx
            .insertInto('garage_vehicles')
            .values(ids.map((id, position) => ({ user_id: userId, vehicle_id: id, position, active: id === garage.activeId })))
            .execute();
        }
        return 'replaced';
      });
    },
  };
}
