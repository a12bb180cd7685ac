import type { Vehicle, VehicleOptions } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';

export const vehicleColumns = ['vehicles.id', 'vehicles.year', 'vehicles.make', 'vehicles.model', 'vehicles.submodel', 'vehicles.engine'] as const;

export const toVehicle = (row: { id: string; year: number; make: string; model: string; submodel: string; engine: string }): Vehicle => ({
  _id: row.id,
  year: row.year,
  make: row.make,
  model: row.model,
  submodel: row.submodel,
  engine: row.engine,
});

/** The picker's vehicles: base vehicles of the VCdb, without submodel or engine. */
const baseVehicles = (db: Db) =>
  db.selectFrom('vehicles').where('base_vehicle_id', 'is not', null).where('submodel_id', 'is', null).where('engine_base_id', 'is', null);

/**
 * The vehicles a part's live applications name, one per application's configuration (its base
 * vehicle, with the application's submodel and engine when it has them), by make, model and year.
 */
export function applicationVehicles(db: Db, partId: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('vehicles', (join) =>
      join
        .onRef('vehicles.base_vehicle_id', '=', 'a.base_vehicle_id')
        .on(sql<boolean>`coalesce(vehicles.submodel_id, 0) = coalesce(a.submodel_id, 0) and coalesce(vehicles.engine_base_id, 0) = coalesce(a.engine_base_id, 0)`),
    )
    .select(vehicleColumns)
    .distinct()
    .where('a.part_id', '=', partId)
    .where('a.deleted_at', 'is', null)
    .orderBy('vehicles.make')
    .orderBy('vehicles.model')
    .orderBy('vehicles.year')
    .orderBy('vehicles.submodel')
    .orderBy('vehicles.engine');
}

/** The vehicles of the catalogue: the selector's cascade, VIN matches and fitment lists. */
export function createVehiclesRepository(db: Db) {
  return {
    async years(): Promise<number[]> {
      const rows = await baseVehicles(db).select('year').distinct().orderBy('year', 'desc').execute();
      return rows.map((row) => row.year);
    },

    async makes(year: number): Promise<string[]> {
      const rows = await baseVehicles(db).select('make').distinct().where('year', '=', year).orderBy('make').execute();
      return rows.map((row) => row.make);
    },

    async models(year: number, make: string): Promise<Vehicle[]> {
      const rows = await baseVehicles(db)
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
      const rows = await baseVehicles(db)
        .select(vehicleColumns)
        .where('year', '=', year)
        .where((eb) => eb(eb.fn('lower', ['make']), '=', make.toLowerCase()))
        .orderBy('model')
        .orderBy('engine')
        .execute();
      return rows.map(toVehicle);
    },

    /**
     * What the live applications of a base vehicle (by its words) tell apart, submodels and
     * engines in words, and the vehicles for them; undefined for no such base vehicle.
     */
    async options(year: number, make: string, model: string): Promise<VehicleOptions | undefined> {
      const base = await baseVehicles(db).select('base_vehicle_id').where('year', '=', year).where('make', '=', make).where('model', '=', model).executeTakeFirst();
      if (!base?.base_vehicle_id) return undefined;
      const baseId = base.base_vehicle_id;
      const applied = (column: 'submodel_id' | 'engine_base_id') =>
        db
          .selectFrom('applications')
          .select(column)
          .where('base_vehicle_id', '=', baseId)
          .where('deleted_at', 'is', null)
          .where(column, 'is not', null);
      const rows = await db
        .selectFrom('vehicles')
        .select([...vehicleColumns, 'vehicles.submodel_id', 'vehicles.engine_base_id'])
        .where('base_vehicle_id', '=', baseId)
        .where((eb) => eb.or([eb('submodel_id', 'is', null), eb('submodel_id', 'in', applied('submodel_id'))]))
        .where((eb) => eb.or([eb('engine_base_id', 'is', null), eb('engine_base_id', 'in', applied('engine_base_id'))]))
        .orderBy('submodel')
        .orderBy('engine')
        .execute();
      const words = (pick: (row: (typeof rows)[number]) => string, only: (row: (typeof rows)[number]) => boolean) =>
        [...new Set(rows.filter(only).map(pick))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      return {
        submodels: words((row) => row.submodel, (row) => row.submodel_id !== null && row.engine_base_id === null),
        engines: words((row) => row.engine, (row) => row.engine_base_id !== null && row.submodel_id === null),
        vehicles: rows.map(toVehicle),
      };
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
      const rows = await applicationVehicles(db, partId).execute();
      return rows.map(toVehicle);
    },
  };
}
