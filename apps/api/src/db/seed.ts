import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { ImportContext } from '../modules/catalogue-data/importer';
import { syncStorefrontVehicles } from '../modules/vehicles/configurations';
import { pcdbTables, referenceImporter, vcdbTables, type TableSpec } from '../modules/catalogue-data/reference-data';
import { generateDemoCatalogue, type DemoPart, type DemoVehicle } from './demo-catalogue';
import { demoReviews, demoShippingMethods, demoTaxRates } from './seed-data';
import type { Database } from './schema';

/** Any constant key: it only has to be the same for every instance that seeds. */
const SEED_LOCK_KEY = 4_207_001;

/**
 * Seeds the demo catalogue (parts with their weights and price breaks, and their applications on
 * the demo VCdb, which `seedReferenceData` loads first; demo-catalogue.ts), reviews, shipping methods and tax rates into a database with no parts and
 * no reviews, and nothing else; answers whether it did. A shop that has data is never seeded
 * again: methods or rates its admin deleted stay deleted.
 */
export async function seedDemoCatalogue(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Several instances may start on one PostgreSQL at once: only one of them seeds.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const hasParts = await trx.selectFrom('parts').select('id').limit(1).executeTakeFirst();
    const hasReviews = await trx.selectFrom('reviews').select('id').limit(1).executeTakeFirst();
    if (hasParts || hasReviews) return false;
    const catalogue = generateDemoCatalogue();
    const parts = await trx
      .insertInto('parts')
      .values(catalogue.parts.map(({ fits: _fits, price_breaks: _breaks, part_type: _type, specs, ...part }) => ({ ...part, specs: JSON.stringify(specs) })))
      .returning('id')
      .execute();
    // Rows come back in the order given (one multi-row insert keeps it).
    const applications = await demoApplications(trx, catalogue, parts.map(idOf));
    for (let start = 0; start < applications.length; start += 1_000) {
      await trx.insertInto('applications').values(applications.slice(start, start + 1_000)).execute();
    }
    const breaks = catalogue.parts.flatMap((part, index) => part.price_breaks.map((tier) => ({ ...tier, part_id: idOf(parts[index]) })));
    await trx.insertInto('part_price_breaks').values(breaks).execute();
    await trx.insertInto('reviews').values([...demoReviews]).execute();
    await trx
      .insertInto('shipping_methods')
      .values(demoShippingMethods.map((method) => ({ ...method, countries: [...method.countries] })))
      .execute();
    await trx.insertInto('tax_rates').values([...demoTaxRates]).execute();
    return true;
  });
}

/** Parts whose applications name an engine where the VCdb lists several: what an engine decides. */
const ENGINE_SPECIFIC = (part: DemoPart) => part.category_slug === 'ignition' || part.name.startsWith('Timing Belt Kit');

/**
 * The demo's fitment as ACES applications on the demo VCdb (decision 079): each part × base vehicle
 * it fits, with its PCdb part type; a position where its name has one ("Vented Brake Rotor, Front
 * 296 mm": Front), a note on rear brake parts, and, for engine-specific parts on a base vehicle
 * with several engines, one of them (the same every time), so that the words show. Each carries
 * its part's name as MfrLabel: the random fitment gives a vehicle several parts of one part type
 * and position ("LED Headlight Bulbs, H7" and "…, H11"), which ACES calls an overlap unless
 * something tells them apart, so the shop's own ACES export did not import back (decision 078).
 */
async function demoApplications(trx: Kysely<Database>, catalogue: { vehicles: DemoVehicle[]; parts: DemoPart[] }, partIds: string[]) {
  const bases = await trx
    .selectFrom('vcdb_base_vehicles as bv')
    .innerJoin('vcdb_makes as mk', 'mk.id', 'bv.make_id')
    .innerJoin('vcdb_models as md', 'md.id', 'bv.model_id')
    .select(['bv.id', 'bv.year_id', 'mk.name as make', 'md.name as model'])
    .execute();
  const baseOf = new Map(bases.map((base) => [`${base.year_id}|${base.make}|${base.model}`, base.id]));
  const engineRows = await trx
    .selectFrom('vcdb_vehicles as v')
    .innerJoin('vcdb_vehicle_engines as ve', 've.vehicle_id', 'v.id')
    .select(['v.base_vehicle_id', 've.engine_base_id'])
    .distinct()
    .orderBy('v.base_vehicle_id')
    .orderBy('ve.engine_base_id')
    .execute();
  const engines = new Map<number, number[]>();
  for (const row of engineRows) engines.set(row.base_vehicle_id, [...(engines.get(row.base_vehicle_id) ?? []), row.engine_base_id]);
  const partTypes = new Map((await trx.selectFrom('pcdb_part_types').select(['id', 'name']).execute()).map((row) => [row.name, row.id]));
  // Longest first: "Front Left" before "Front".
  const positions = (await trx.selectFrom('pcdb_positions').select(['id', 'name']).execute()).sort((a, b) => b.name.length - a.name.length);
  return catalogue.parts.flatMap((part, partIndex) => {
    const variant = part.name.split(', ')[1] ?? '';
    const position = positions.find((candidate) => variant === candidate.name || variant.startsWith(`${candidate.name} `));
    const notes = part.category_slug === 'brakes' && position?.name.startsWith('Rear') ? ['With rear disc brakes'] : [];
    return part.fits.map((vehicleIndex) => {
      const vehicle = catalogue.vehicles[vehicleIndex];
      const base = vehicle && baseOf.get(`${vehicle.year}|${vehicle.make}|${vehicle.model}`);
      if (!base) throw new Error(`The demo VCdb (reference/vcdb-demo) has no ${vehicle?.year} ${vehicle?.make} ${vehicle?.model}`);
      const choices = engines.get(base) ?? [];
      return {
        part_id: partIds[partIndex] ?? '',
        base_vehicle_id: base,
        engine_base_id: ENGINE_SPECIFIC(part) && choices.length > 1 ? (choices[(partIndex + vehicleIndex) % choices.length] ?? null) : null,
        part_type_id: part.part_type ? (partTypes.get(part.part_type) ?? null) : null,
        position_id: position?.id ?? null,
        notes,
        mfr_label: part.name,
      };
    });
  });
}

function idOf(row: { id: string } | undefined): string {
  if (!row) throw new Error('the demo catalogue refers to a row it did not insert');
  return row.id;
}

/** The made-up VCdb and PCdb subset of the demo (reference/README.md). */
export const DEMO_REFERENCE_DIR = path.resolve(import.meta.dirname, '../../../../reference');
const REFERENCE_SEED_LOCK_KEY = 4_207_002;

/**
 * Loads the made-up VCdb and PCdb subset into a shop that has none (no makes, or no part types),
 * with the reader an admin's upload goes through, so that a shop that never loads the licensed
 * tables works on the demo's vehicles. Answers whether it loaded anything.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${REFERENCE_SEED_LOCK_KEY})`.execute(trx);
    const sets: Array<{ dir: string; name: string; tables: TableSpec[]; empty: boolean }> = [
      { dir: 'vcdb-demo', name: 'VCdb', tables: vcdbTables, empty: !(await trx.selectFrom('vcdb_makes').select('id').limit(1).executeTakeFirst()) },
      { dir: 'pcdb-demo', name: 'PCdb', tables: pcdbTables, empty: !(await trx.selectFrom('pcdb_part_types').select('id').limit(1).executeTakeFirst()) },
    ];
    let loaded = false;
    for (const { dir, name, tables, empty } of sets) {
      if (!empty) continue;
      const importer = referenceImporter(tables, name);
      // EngineConfig.txt is only a full VCdb's: the demo names engine bases directly.
      for (const { file } of tables.filter((table) => table.file !== 'EngineConfig')) {
        const fileName = path.join(DEMO_REFERENCE_DIR, dir, `${file}.txt`);
        const context: ImportContext = {
          trx,
          mode: 'apply',
          onProblems: 'refuse',
          fileName,
          fileSize: 0,
          problem: (problem) => {
            throw new Error(`The demo ${name} in ${fileName} has a problem on line ${problem.line}: ${problem.message}`);
          },
          fatal: (problem) => context.problem(problem),
          progress: () => {},
          counts: { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
        };
        await importer(createReadStream(fileName), context);
      }
      loaded = true;
    }
    // A shop that had its VCdb before migration 0043: its vehicles and fitment follow it now.
    if (!loaded && (await storefrontBehindVcdb(trx))) await syncStorefrontVehicles(trx);
    return loaded;
  });
}

/**
 * Whether the VCdb has base vehicles the storefront has no row for, old fitment rows wait, or two
 * engines of a base vehicle still share their words (rows made before they were told apart).
 */
async function storefrontBehindVcdb(trx: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ behind: boolean }>`
    select exists (select 1 from legacy_fitments)
        or exists (select 1 from vcdb_base_vehicles bv where not exists (select 1 from vehicles v where v.base_vehicle_id = bv.id))
        or exists (
          select 1 from vehicles v
          where v.base_vehicle_id is not null and v.submodel_id is null and v.engine_base_id is not null
          group by v.base_vehicle_id, v.engine having count(*) > 1) as behind
  `.execute(trx);
  return Boolean(rows[0]?.behind);
}
