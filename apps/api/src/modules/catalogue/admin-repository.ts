import { catalogueMessages, type AdminCatalogue, type CatalogueInput, type CsvRowError } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { createPartChangesRepository } from '../part-changes/repository';
import { toVehicle } from '../vehicles/repository';
import type { FitmentRow } from './fitment-csv';

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/** The admin's side of the catalogue: a part's catalogue fields and fitment, and fitment in bulk. */
export function createCatalogueAdmin(db: Db) {
  return {
    async find(id: string): Promise<AdminCatalogue | undefined> {
      if (!isId(id)) return undefined;
      const part = await db
        .selectFrom('parts')
        .select(['id', 'name', 'archived_at', 'category_slug', 'part_number', 'oem_numbers', 'specs', 'lifecycle_code', 'replaced_by'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!part) return undefined;
      const [changes, fitment] = await Promise.all([
        createPartChangesRepository(db).stored(part.id, part.lifecycle_code, part.replaced_by),
        db
          .selectFrom('fitments')
          .innerJoin('vehicles', 'vehicles.id', 'fitments.vehicle_id')
          .select(['vehicles.id', 'vehicles.year', 'vehicles.make', 'vehicles.model', 'vehicles.engine'])
          .where('fitments.part_id', '=', id)
          .orderBy('vehicles.make')
          .orderBy('vehicles.model')
          .orderBy('vehicles.year')
          .execute(),
      ]);
      return {
        _id: part.id,
        name: part.name,
        archived: part.archived_at !== null,
        category: part.category_slug,
        partNumber: part.part_number,
        oemNumbers: part.oem_numbers,
        specs: part.specs,
        fitment: fitment.map(toVehicle),
        changes,
      };
    },

    async update(id: string, input: CatalogueInput): Promise<'updated' | 'not-found' | 'unknown-category' | 'number-taken'> {
      if (!isId(id)) return 'not-found';
      if (input.category) {
        const category = await db.selectFrom('categories').select('slug').where('slug', '=', input.category).executeTakeFirst();
        if (!category) return 'unknown-category';
      }
      try {
        const result = await db
          .updateTable('parts')
          .set({
            category_slug: input.category,
            part_number: input.partNumber,
            oem_numbers: [...new Set(input.oemNumbers)],
            specs: JSON.stringify(input.specs),
          })
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? 'updated' : 'not-found';
      } catch (error) {
        if (isUniqueViolation(error)) return 'number-taken';
        throw error;
      }
    },

    async removeFitment(partId: string, vehicleId: string): Promise<boolean> {
      if (!isId(partId) || !isId(vehicleId)) return false;
      const result = await db.deleteFrom('fitments').where('part_id', '=', partId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Adds the fitment of checked rows in one transaction: every row must be well formed (the
     * parser's `rowErrors`) and every part number exist, or nothing is added, and every bad line
     * is reported at once. Vehicles that are new are created, spelled as the catalogue already
     * spells their make and model; rows already there are left (sending a file twice adds nothing).
     */
    async import(rows: FitmentRow[], rowErrors: CsvRowError[] = []): Promise<{ errors: CsvRowError[] } | { added: number; vehiclesAdded: number }> {
      return db.transaction().execute(async (trx) => {
        const numbers = [...new Set(rows.map((row) => row.partNumber))];
        const parts = numbers.length === 0 ? [] : await trx.selectFrom('parts').select(['id', 'part_number']).where('part_number', 'in', numbers).execute();
        const partIds = new Map(parts.map((part) => [part.part_number, part.id]));
        const unknown = rows.filter((row) => !partIds.has(row.partNumber)).map((row) => ({ line: row.line, message: catalogueMessages.csvUnknownPart }));
        const errors = [...rowErrors, ...unknown].sort((a, b) => a.line - b.line);
        if (errors.length > 0) return { errors };

        // "toyota corolla" is the catalogue's "Toyota Corolla".
        const known = await trx.selectFrom('vehicles').select(['make', 'model']).distinct().execute();
        const makes = new Map(known.map((vehicle) => [vehicle.make.toLowerCase(), vehicle.make]));
        const models = new Map(known.map((vehicle) => [`${vehicle.make.toLowerCase()}\u0000${vehicle.model.toLowerCase()}`, vehicle.model]));
        const wanted = new Map<string, { make: string; model: string; year: number; engine: string }>();
        const pairs: Array<{ partId: string; key: string }> = [];
        for (const row of rows) {
          const make = makes.get(row.make.toLowerCase()) ?? row.make;
          const model = models.get(`${row.make.toLowerCase()}\u0000${row.model.toLowerCase()}`) ?? row.model;
          for (let year = row.yearFrom; year <= row.yearTo; year++) {
            const key = JSON.stringify([make, model, year, row.engine]);
            wanted.set(key, { make, model, year, engine: row.engine });
            pairs.push({ partId: partIds.get(row.partNumber) ?? '', key });
          }
        }
        let vehiclesAdded = 0;
        const ids = new Map<string, string>();
        for (const chunk of chunks([...wanted.values()], 1000)) {
          const inserted = await trx.insertInto('vehicles').values(chunk).onConflict((oc) => oc.doNothing()).returning('id').execute();
          vehiclesAdded += inserted.length;
          const found = await trx
            .selectFrom('vehicles')
            .select(['id', 'make', 'model', 'year', 'engine'])
            .where('make', 'in', [...new Set(chunk.map((vehicle) => vehicle.make))])
            .where('model', 'in', [...new Set(chunk.map((vehicle) => vehicle.model))])
            .execute();
          for (const vehicle of found) ids.set(JSON.stringify([vehicle.make, vehicle.model, vehicle.year, vehicle.engine]), vehicle.id);
        }
        let added = 0;
        const fitments = pairs.map((pair) => ({ part_id: pair.partId, vehicle_id: ids.get(pair.key) ?? '' }));
        for (const chunk of chunks(fitments, 1000)) {
          const inserted = await trx.insertInto('fitments').values(chunk).onConflict((oc) => oc.doNothing()).returning('part_id').execute();
          added += inserted.length;
        }
        return { added, vehiclesAdded };
      });
    },

    /** Every fitment row as CSV rows: consecutive years of one part, make, model and engine as one range. */
    async exportRows(): Promise<Array<Omit<FitmentRow, 'line'>>> {
      const result = await sql<{ part_number: string; make: string; model: string; engine: string; year_from: number; year_to: number }>`
        select part_number, make, model, engine, min(year) as year_from, max(year) as year_to
        from (
          select p.part_number, v.make, v.model, v.engine, v.year,
                 v.year - row_number() over (partition by p.id, v.make, v.model, v.engine order by v.year) as run
          from fitments f join parts p on p.id = f.part_id join vehicles v on v.id = f.vehicle_id
        ) years
        group by part_number, make, model, engine, run
        order by part_number, make, model, engine, year_from
      `.execute(db);
      return result.rows.map((row) => ({
        partNumber: row.part_number,
        make: row.make,
        model: row.model,
        yearFrom: Number(row.year_from),
        yearTo: Number(row.year_to),
        engine: row.engine,
      }));
    },
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}
