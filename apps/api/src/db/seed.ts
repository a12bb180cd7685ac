import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { ImportContext } from '../modules/catalogue-data/importer';
import { pcdbTables, referenceImporter, vcdbTables, type TableSpec } from '../modules/catalogue-data/reference-data';
import { generateDemoCatalogue } from './demo-catalogue';
import { demoReviews, demoShippingMethods, demoTaxRates } from './seed-data';
import type { Database } from './schema';

/** Any constant key: it only has to be the same for every instance that seeds. */
const SEED_LOCK_KEY = 4_207_001;

/**
 * Seeds the demo catalogue (parts with their weights and price breaks, vehicles, fitment;
 * demo-catalogue.ts), reviews, shipping methods and tax rates into a database with no parts and
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
    const vehicles = await trx.insertInto('vehicles').values(catalogue.vehicles).returning('id').execute();
    const parts = await trx
      .insertInto('parts')
      .values(catalogue.parts.map(({ fits: _fits, price_breaks: _breaks, specs, ...part }) => ({ ...part, specs: JSON.stringify(specs) })))
      .returning('id')
      .execute();
    // Rows come back in the order given (one multi-row insert keeps it).
    const fitments = catalogue.parts.flatMap((part, index) =>
      part.fits.map((vehicle) => ({ part_id: idOf(parts[index]), vehicle_id: idOf(vehicles[vehicle]) })),
    );
    await trx.insertInto('fitments').values(fitments).execute();
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
          progress: () => {},
          counts: { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
        };
        await importer(createReadStream(fileName), context);
      }
      loaded = true;
    }
    return loaded;
  });
}
