import type { PartApplication, Vehicle, VehicleApplications, VehicleOptions } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { engineWords } from './configurations';

export const vehicleColumns = [
  'vehicles.id',
  'vehicles.year',
  'vehicles.make',
  'vehicles.model',
  'vehicles.submodel',
  'vehicles.engine',
  'vehicles.base_vehicle_id',
  'vehicles.submodel_id',
  'vehicles.engine_base_id',
] as const;

type VehicleRow = { id: string; year: number; make: string; model: string; submodel: string; engine: string };
type ConfigurationIds = { base_vehicle_id: number | null; submodel_id: number | null; engine_base_id: number | null };

export const toVehicle = (row: VehicleRow & ConfigurationIds): Vehicle => ({
  _id: row.id,
  year: row.year,
  make: row.make,
  model: row.model,
  submodel: row.submodel,
  engine: row.engine,
  baseVehicleId: row.base_vehicle_id,
  submodelId: row.submodel_id,
  engineBaseId: row.engine_base_id,
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

/**
 * Parts' live applications in words, by part, each part's by make, model, year, submodel, engine
 * and position; only those on one base vehicle when it is given. One statement for them all.
 */
export async function applicationsInWords(db: Db, partIds: string[], baseVehicleId?: number): Promise<Map<string, PartApplication[]>> {
  const byPart = new Map<string, PartApplication[]>();
  if (partIds.length === 0) return byPart;
  type Row = Omit<PartApplication, 'partType' | 'baseVehicleId' | 'submodelId' | 'engineBaseId'> & { part_id: string; part_type: string | null } & ConfigurationIds;
  // The engine's words are its configuration's (`vehicles`), which tell apart two engines of the base vehicle with the same words.
  const { rows } = await sql<Row>`
    select a.part_id, bv.year_id as year, mk.name as make, md.name as model, coalesce(s.name, '') as submodel,
           coalesce(cv.engine, ${engineWords('e')}, '') as engine, pos.name as position, a.quantity, a.notes, pt.name as part_type,
           a.base_vehicle_id, a.submodel_id, a.engine_base_id
    from applications a
    join vcdb_base_vehicles bv on bv.id = a.base_vehicle_id
    join vcdb_makes mk on mk.id = bv.make_id
    join vcdb_models md on md.id = bv.model_id
    left join vcdb_submodels s on s.id = a.submodel_id
    left join vcdb_engine_bases e on e.id = a.engine_base_id
    left join vehicles cv on cv.base_vehicle_id = a.base_vehicle_id and coalesce(cv.submodel_id, 0) = 0 and coalesce(cv.engine_base_id, 0) = a.engine_base_id
    left join pcdb_positions pos on pos.id = a.position_id
    left join pcdb_part_types pt on pt.id = a.part_type_id
    where a.part_id in (${sql.join(partIds)}) and a.deleted_at is null
      ${baseVehicleId === undefined ? sql`` : sql`and a.base_vehicle_id = ${baseVehicleId}`}
    order by a.part_id, mk.name, md.name, bv.year_id, submodel, engine, pos.name nulls first, a.id
  `.execute(db);
  for (const { part_id, part_type, base_vehicle_id, submodel_id, engine_base_id, ...application } of rows) {
    const applications = byPart.get(part_id) ?? [];
    applications.push({ ...application, partType: part_type, baseVehicleId: base_vehicle_id ?? undefined, submodelId: submodel_id, engineBaseId: engine_base_id });
    byPart.set(part_id, applications);
  }
  return byPart;
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

    /**
     * The catalogue's vehicles of a make and year, the make matched without regard to case: the
     * picker's models (`make=toyota` as `Toyota`) and a VIN's matches.
     */
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
     * engines in words, and the vehicles for them; undefined for no such base vehicle. The make and
     * model are matched without regard to case, as `ofMakeAndYear`'s make (`make=ford` as `Ford`).
     */
    async options(year: number, make: string, model: string): Promise<VehicleOptions | undefined> {
      const base = await baseVehicles(db)
        .select('base_vehicle_id')
        .where('year', '=', year)
        .where((eb) => eb(eb.fn('lower', ['make']), '=', make.toLowerCase()))
        .where((eb) => eb(eb.fn('lower', ['model']), '=', model.toLowerCase()))
        // The one spelt as asked first, should two differ only by case.
        .orderBy((eb) => eb.and([eb('make', '=', make), eb('model', '=', model)]), 'desc')
        .orderBy('base_vehicle_id')
        .executeTakeFirst();
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
        .select(vehicleColumns)
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

    /** Which of these parts fit the vehicle; undefined for no such vehicle. */
    async fittingParts(vehicleId: string, partIds: string[]): Promise<string[] | undefined> {
      if (!isId(vehicleId)) return undefined;
      const ids = partIds.filter(isId);
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom('fitments')
              .innerJoin('parts', 'parts.id', 'fitments.part_id')
              .select('fitments.part_id')
              // An archived part is shown to no customer (its page is a 404): no card says it fits (decision 183).
              .where('parts.archived_at', 'is', null)
              .where('fitments.vehicle_id', '=', vehicleId)
              .where('fitments.part_id', 'in', ids)
              .execute();
      // None fit: told apart from a vehicle that is not there (gone with a VCdb reload, or never was).
      if (rows.length === 0 && !(await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).executeTakeFirst())) return undefined;
      return rows.map((row) => row.part_id);
    },

    /**
     * What a page of part cards says of the vehicle (decision 083): each of these parts' live
     * applications on the vehicle's base vehicle (those of another submodel or engine too, so that
     * a card can say so); parts with none are left out, and archived parts, which no customer is
     * shown (their pages are 404s, decision 183). Undefined for no such vehicle.
     */
    async applicationsFor(vehicleId: string, partIds: string[]): Promise<VehicleApplications | undefined> {
      if (!isId(vehicleId)) return undefined;
      const vehicle = await db.selectFrom('vehicles').select('base_vehicle_id').where('id', '=', vehicleId).executeTakeFirst();
      if (!vehicle) return undefined;
      const asked = partIds.filter(isId);
      // A vehicle the VCdb does not name yet (an older shop's) fits nothing (decision 079).
      if (vehicle.base_vehicle_id === null || asked.length === 0) return [];
      const shown = await db.selectFrom('parts').select('id').where('id', 'in', asked).where('archived_at', 'is', null).execute();
      if (shown.length === 0) return [];
      const byPart = await applicationsInWords(
        db,
        shown.map((part) => part.id),
        vehicle.base_vehicle_id,
      );
      return [...byPart].map(([part, applications]) => ({ part, applications }));
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
