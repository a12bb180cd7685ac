import type { Vehicle } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';

const vehicleColumns = ['vehicles.id', 'vehicles.year', 'vehicles.make', 'vehicles.model', 'vehicles.engine'] as const;

export const toVehicle = (row: { id: string; year: number; make: string; model: string; engine: string }): Vehicle => ({
  _id: row.id,
  year: row.year,
  make: row.make,
  model: row.model,
  engine: row.engine,
});

/** The vehicles of the catalogue: the selector's cascade, VIN matches and fitment lists. */
export function createVehiclesRepository(db: Db) {
  return {
    async years(): Promise<number[]> {
      const rows = await db.selectFrom('vehicles').select('year').distinct().orderBy('year', 'desc').execute();
      return rows.map((row) => row.year);
    },

    async makes(year: number): Promise<string[]> {
      const rows = await db.selectFrom('vehicles').select('make').distinct().where('year', '=', year).orderBy('make').execute();
      return rows.map((row) => row.make);
    },

    async models(year: number, make: string): Promise<Vehicle[]> {
      const rows = await db
        .selectFrom('vehicles')
        .select(vehicleColumns)
        .where('year', '=', year)
        .where('make', '=', make)
        .orderBy('model')
        .orderBy('engine')
        .execute();
      return rows.map(toVehicle);
    },

    /** The catalogue's vehicles of a make and year, matched without regard to case. */
    async ofMakeAndYear(make: string, year: number): Promise<Vehicle[]> {
      const rows = await db
        .selectFrom('vehicles')
        .select(vehicleColumns)
        .where('year', '=', year)
        .where((eb) => eb(eb.fn('lower', ['make']), '=', make.toLowerCase()))
        .orderBy('model')
        .orderBy('engine')
        .execute();
      return rows.map(toVehicle);
    },

    async find(id: string): Promise<Vehicle | undefined> {
      if (!isId(id)) return undefined;
      const row = await db.selectFrom('vehicles').select(vehicleColumns).where('id', '=', id).executeTakeFirst();
      return row && toVehicle(row);
    },

    /** Which of these parts fit the vehicle. */
    async fittingParts(vehicleId: string, partIds: string[]): Promise<string[]> {
      const ids = partIds.filter(isId);
      if (!isId(vehicleId) || ids.length === 0) return [];
      const rows = await db
        .selectFrom('fitments')
        .select('part_id')
        .where('vehicle_id', '=', vehicleId)
        .where('part_id', 'in', ids)
        .execute();
      return rows.map((row) => row.part_id);
    },

    /** The vehicles a part on sale fits, by make, model and year; undefined for no such part. */
    async fitmentOf(partId: string): Promise<Vehicle[] | undefined> {
      if (!isId(partId)) return undefined;
      const part = await db.selectFrom('parts').select('id').where('id', '=', partId).where('archived_at', 'is', null).executeTakeFirst();
      if (!part) return undefined;
      const rows = await db
        .selectFrom('fitments')
        .innerJoin('vehicles', 'vehicles.id', 'fitments.vehicle_id')
        .select(vehicleColumns)
        .where('fitments.part_id', '=', partId)
        .orderBy('vehicles.make')
        .orderBy('vehicles.model')
        .orderBy('vehicles.year')
        .orderBy('vehicles.engine')
        .execute();
      return rows.map(toVehicle);
    },
  };
}
