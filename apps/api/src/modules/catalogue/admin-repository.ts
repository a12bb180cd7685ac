import {
  catalogueFieldChangedMessage,
  catalogueMessages,
  numberKey,
  partNumberEditorMessages,
  type AdminCatalogue,
  type CatalogueExpected,
  type CatalogueUpdate,
  type CsvRowError,
  type ProductFieldChanged,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { createPartChangesRepository } from '../part-changes/repository';
import { stopListing } from '../vehicles/configurations';
import { applicationVehicles, toVehicle } from '../vehicles/repository';
import type { FitmentRow } from './fitment-csv';

export const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * Why `partNumber` cannot become part `id`'s number, or undefined (decision 112): it is another
 * part's number, current or former, or a number a part replaces (another part's OEM number, or
 * any part's interchange number), compared as search compares them (letters and digits, any case).
 */
async function numberProblem(db: Db, id: string, partNumber: string): Promise<string | undefined> {
  const current = await db.selectFrom('parts').select('id').where('part_number', '=', partNumber).executeTakeFirst();
  if (current) return catalogueMessages.partNumberTaken;
  const former = await db
    .selectFrom('part_former_numbers')
    .innerJoin('parts', 'parts.id', 'part_former_numbers.part_id')
    .select('parts.part_number')
    .where('part_former_numbers.part_number', '=', partNumber)
    .where('part_former_numbers.part_id', '<>', id)
    .executeTakeFirst();
  if (former) return partNumberEditorMessages.partNumberFormer(partNumber, former.part_number);
  const key = numberKey(partNumber);
  // Another part's number or OEM number by its key (migration 0017's index): "BRK3003" is BRK-3003.
  const other = await db
    .selectFrom('parts')
    .select('part_number')
    .where(sql<string>`catalogue_number_keys(parts.part_number, parts.oem_numbers)`, 'like', `% ${key} %`)
    .where('id', '<>', id)
    .orderBy('part_number')
    .executeTakeFirst();
  if (other) return numberKey(other.part_number) === key ? catalogueMessages.partNumberTaken : partNumberEditorMessages.partNumberReplaced(partNumber, other.part_number);
  // Any part's interchange number, by its key's index (migration 0033).
  const replacing = await db
    .selectFrom('part_interchange')
    .innerJoin('parts', 'parts.id', 'part_interchange.part_id')
    .select('parts.part_number')
    .where(sql<string>`upper(regexp_replace(part_interchange.part_number, '[^0-9A-Za-z]', '', 'g'))`, '=', key)
    .orderBy('parts.part_number')
    .executeTakeFirst();
  return replacing ? partNumberEditorMessages.partNumberReplaced(partNumber, replacing.part_number) : undefined;
}

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
        applicationVehicles(db, id).execute(),
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

    /**
     * Writes a part's catalogue fields, in the caller's transaction, while they are still what the
     * admin's form loaded (`expected`): the part's row is locked first, and a field moved since is
     * `changed` (decision 112). A new part number keeps the old one as a former number (migration
     * 0054) and is refused (`taken`, with why) when it is another part's number, current or former,
     * or a number some part replaces (an OEM number of another part, or any interchange number).
     */
    async update(id: string, input: CatalogueUpdate): Promise<'updated' | 'unchanged' | 'not-found' | { problem: string; status: 400 | 409 } | { changed: ProductFieldChanged }> {
      if (!isId(id)) return 'not-found';
      const row = await db.selectFrom('parts').select(['category_slug', 'part_number', 'oem_numbers', 'specs']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return 'not-found';
      const stored: CatalogueExpected = { category: row.category_slug, partNumber: row.part_number, oemNumbers: row.oem_numbers, specs: row.specs };
      const canonical = (field: keyof CatalogueExpected, value: CatalogueExpected[keyof CatalogueExpected]) =>
        JSON.stringify(field === 'specs' ? (value as CatalogueExpected['specs']).map((spec) => [spec.name, spec.value]) : value);
      for (const field of ['category', 'partNumber', 'oemNumbers', 'specs'] as const) {
        if (canonical(field, input.expected[field]) !== canonical(field, stored[field])) {
          return { changed: { message: catalogueFieldChangedMessage(field, stored[field]), field, current: stored[field] } };
        }
      }
      const oemNumbers = [...new Set(input.oemNumbers)];
      const wanted: CatalogueExpected = { category: input.category, partNumber: input.partNumber, oemNumbers, specs: input.specs };
      // The values already stored: nothing to write, audit or announce to the caches (decision 152).
      if ((['category', 'partNumber', 'oemNumbers', 'specs'] as const).every((field) => canonical(field, wanted[field]) === canonical(field, stored[field]))) return 'unchanged';
      if (input.category) {
        const category = await db.selectFrom('categories').select('slug').where('slug', '=', input.category).executeTakeFirst();
        if (!category) return { problem: catalogueMessages.unknownCategory, status: 400 };
      }
      const renumbered = input.partNumber !== row.part_number;
      if (renumbered) {
        const problem = await numberProblem(db, id, input.partNumber);
        if (problem) return { problem, status: 409 };
        // Back to a number it had: no longer a former one.
        await db.deleteFrom('part_former_numbers').where('part_number', '=', input.partNumber).where('part_id', '=', id).execute();
      }
      await db
        .updateTable('parts')
        .set({
          category_slug: input.category,
          part_number: input.partNumber,
          oem_numbers: oemNumbers,
          specs: JSON.stringify(input.specs),
        })
        .where('id', '=', id)
        .execute();
      if (renumbered) await db.insertInto('part_former_numbers').values({ part_number: row.part_number, part_id: id }).execute();
      return 'updated';
    },

    async removeFitment(partId: string, vehicleId: string): Promise<boolean> {
      if (!isId(partId) || !isId(vehicleId)) return false;
      return (await stopListing(db, partId, vehicleId)) > 0;
    },

    /**
     * Adds the fitment of checked rows as applications (decision 079), in one transaction: every
     * row must be well formed (the parser's `rowErrors`), name an existing part number and a
     * vehicle the VCdb lists by year, make and model (without regard to case) and, when it gives
     * one, an engine of it ("5.0L V8", "5.0 L V8" or "5.0 L"), or nothing is added, and every bad
     * line is reported at once. A part with a live application on the vehicle and engine already
     * is left as it is, whatever its submodel, position or notes (sending a file, or the export,
     * again adds nothing); an application without an engine fits every engine of its base vehicle.
     * Its PCdb part type is the part's own (PartTerminologyID), else the one most of the part's live
     * applications have: an ACES App must name one (decision 078); a part with neither gets none,
     * and the ACES export leaves that application out and says so.
     */
    async import(rows: FitmentRow[], rowErrors: CsvRowError[] = []): Promise<{ errors: CsvRowError[] } | { added: number }> {
      return db.transaction().execute(async (trx) => {
        const numbers = [...new Set(rows.map((row) => row.partNumber))];
        const parts = numbers.length === 0 ? [] : await trx.selectFrom('parts').select(['id', 'part_number']).where('part_number', 'in', numbers).execute();
        const partIds = new Map(parts.map((part) => [part.part_number, part.id]));
        const errors: CsvRowError[] = [...rowErrors];
        const wanted = new Map<string, { part_id: string; base_vehicle_id: number; engine_base_id: number | null }>();
        for (const row of rows) {
          const partId = partIds.get(row.partNumber);
          if (!partId) {
            errors.push({ line: row.line, message: catalogueMessages.csvUnknownPart });
            continue;
          }
          const engine = row.engine.replace(/\s+/g, '').toLowerCase();
          const configurations = await trx
            .selectFrom('vehicles')
            .select(['year', 'base_vehicle_id', 'engine_base_id'])
            .where('base_vehicle_id', 'is not', null)
            .where('submodel_id', 'is', null)
            .where('year', '>=', row.yearFrom)
            .where('year', '<=', row.yearTo)
            .where(sql<boolean>`lower(make) = ${row.make.toLowerCase()} and lower(model) = ${row.model.toLowerCase()}`)
            .where(
              engine === ''
                ? sql<boolean>`engine_base_id is null`
                : sql<boolean>`(lower(replace(engine, ' ', '')) = ${engine} or lower(split_part(engine, ' ', 1)) = ${engine})`,
            )
            .orderBy('year')
            .execute();
          const years = new Set(configurations.map((configuration) => configuration.year));
          if (years.size !== row.yearTo - row.yearFrom + 1) {
            errors.push({ line: row.line, message: engine === '' ? catalogueMessages.csvUnknownVehicle : catalogueMessages.csvUnknownEngine });
            continue;
          }
          for (const configuration of configurations) {
            const application = { part_id: partId, base_vehicle_id: configuration.base_vehicle_id ?? 0, engine_base_id: configuration.engine_base_id };
            wanted.set(JSON.stringify(application), application);
          }
        }
        if (errors.length > 0) return { errors: errors.sort((a, b) => a.line - b.line) };

        let added = 0;
        for (const chunk of chunks([...wanted.values()], 1000)) {
          const values = sql.join(chunk.map((application) => sql`(${application.part_id}::uuid, ${application.base_vehicle_id}::integer, ${application.engine_base_id}::integer)`));
          const { rows: inserted } = await sql<{ id: string }>`
            insert into applications (part_id, base_vehicle_id, engine_base_id, part_type_id)
            select wanted.part_id, wanted.base_vehicle_id, wanted.engine_base_id,
                   coalesce(
                     (select t.id from parts p join pcdb_part_types t on t.id = p.part_terminology_id where p.id = wanted.part_id),
                     (select a.part_type_id from applications a where a.part_id = wanted.part_id and a.deleted_at is null and a.part_type_id is not null
                      group by a.part_type_id order by count(*) desc, a.part_type_id limit 1))
            from (values ${values}) as wanted (part_id, base_vehicle_id, engine_base_id)
            where not exists (
              select 1 from applications a
              where a.part_id = wanted.part_id and a.base_vehicle_id = wanted.base_vehicle_id and a.deleted_at is null
                and a.engine_base_id is not distinct from wanted.engine_base_id)
            returning id`.execute(trx);
          added += inserted.length;
        }
        return { added };
      });
    },

    /**
     * Every live application as CSV rows: consecutive years of one part, make, model and engine as
     * one range (the CSV has no submodel, position or notes: ACES export carries those).
     */
    async exportRows(): Promise<Array<Omit<FitmentRow, 'line'>>> {
      const result = await sql<{ part_number: string; make: string; model: string; engine: string; year_from: number; year_to: number }>`
        select part_number, make, model, engine, min(year) as year_from, max(year) as year_to
        from (
          select part_number, make, model, engine, year,
                 year - row_number() over (partition by part_id, make, model, engine order by year) as run
          from (
            select distinct p.id as part_id, p.part_number, v.make, v.model, v.engine, v.year
            from applications a
            join parts p on p.id = a.part_id
            join vehicles v on v.base_vehicle_id = a.base_vehicle_id and v.submodel_id is null
              and coalesce(v.engine_base_id, 0) = coalesce(a.engine_base_id, 0)
            where a.deleted_at is null
          ) applied
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
