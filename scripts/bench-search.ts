/**
 * npm run bench:search — the catalogue search at a manufacturer's size, through the shop's own
 * search code (apps/api/src/modules/catalogue/search.ts):
 *   - a throwaway PostgreSQL cluster (scripts/postgres-cluster.ts) with 100,000 parts and
 *     1,000,000 applications;
 *   - PGlite in memory with 20,000 parts and 200,000 applications.
 * It runs a fixed set of queries per type (text, typo, part-number prefix, category + vehicle,
 * vehicle only, browsing without a text: all parts, a category, sorted; a visitor's search by
 * everyone's price, that of the minimum order, decision 224; and a trade member's search by their
 * own price, decisions 085 and 219) and prints p50/p95 per type. Sizes can be lowered for a quick look:
 *   BENCH_PG_PARTS=20000 BENCH_PGLITE_PARTS=5000 npm run bench:search
 * and either database left out with 0 (BENCH_PG_PARTS=0 measures PGlite alone).
 * Figures go into docs/benchmarks.md by hand.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../apps/api/src/db/database';
import { searchParts } from '../apps/api/src/modules/catalogue/search';
import { searchQuerySchema, type SearchQuery } from '../packages/shared/src';
import { findPostgresBinDir, startPostgresCluster } from './postgres-cluster';

const FITMENTS_PER_PART = 10;
/** The trade member whose contract prices the "member, by price" queries sort and filter by. */
const BUYER = 'bench-buyer';
const RUNS = 20;
const WARMUP = 3;

const words = {
  kinds: ['Brake Pads', 'Brake Rotor', 'Alternator', 'Starter Motor', 'Oil Filter', 'Air Filter', 'Shock Absorber', 'Coil Spring',
    'Water Pump', 'Radiator', 'Thermostat', 'Timing Belt Kit', 'Serpentine Belt', 'Spark Plug', 'Ignition Coil', 'Clutch Kit',
    'CV Axle', 'Wheel Bearing', 'Headlight Bulb', 'Tail Light', 'Wiper Blade', 'Control Arm', 'Fuel Pump', 'Glow Plug'],
  qualities: ['Standard', 'Premium', 'Heavy Duty', 'Performance', 'Economy', 'OE Grade'],
  positions: ['Front', 'Rear', 'Left', 'Right', 'Upper', 'Lower'],
};

/** Loads `parts` parts and ten applications each (on the demo VCdb's base vehicles), with generate_series. */
async function load(db: Db, jobDb: Db, parts: number) {
  // One transaction on the jobs' connections, which have neither the requests' statement timeout
  // (30 s) nor node-postgres's wait for an answer (35 s): a million applications, or 100,000 parts
  // on a busy machine, take longer than that. The temporary tables are its connection's.
  const { loadedParts, started } = await jobDb.transaction().execute((trx) => loadRows(trx, parts));
  const loadedFitment = performance.now();
  // As autovacuum leaves a table after a bulk load: statistics, and the visibility map that lets
  // the category counts of a browse read parts_category_idx alone.
  await sql`vacuum analyze`.execute(jobDb);
  const counts = (await sql<{ parts: string; applications: string; vehicles: string }>`
    select (select count(*) from parts) as parts, (select count(*) from applications) as applications, (select count(*) from vehicles) as vehicles
  `.execute(db)).rows[0];
  console.log(
    `  loaded ${counts?.parts} parts, ${counts?.applications} applications, ${counts?.vehicles} vehicles ` +
      `(parts ${((loadedParts - started) / 1000).toFixed(1)} s, fitment ${((loadedFitment - loadedParts) / 1000).toFixed(1)} s)`,
  );
}

async function loadRows(db: Db, parts: number) {
  const started = performance.now();
  await sql`
    insert into parts (name, description, img, price_cents, available_quantity, min_order_quantity,
                       category_slug, part_number, oem_numbers, specs)
    select
      (${words.kinds}::text[])[1 + n % ${words.kinds.length}] || ', ' ||
        (${words.qualities}::text[])[1 + (n / 7) % ${words.qualities.length}] || ' ' ||
        (${words.positions}::text[])[1 + (n / 3) % ${words.positions.length}] || ' ' || n,
      'Bench part ' || n || ': ' || (${words.kinds}::text[])[1 + (n * 7) % ${words.kinds.length}] || ' for fleets, tested to OE specifications.',
      '/images/parts/brake-pads.svg',
      500 + (n::bigint * 7919) % 50000,
      (n * 31) % 500,
      -- Minimum orders of 4 and 10 on some parts: a member's price is that of the minimum order (decision 219).
      case when n % 10 = 0 then 10 when n % 3 = 0 then 4 else 1 end,
      (select slug from categories order by position offset n % 10 limit 1),
      'BEN-' || lpad(n::text, 6, '0'),
      array[lpad(((n::bigint * 104729) % 100000)::text, 5, '0') || '-' || lpad(((n * 7) % 100000)::text, 5, '0')],
      '[]'::jsonb
    from generate_series(1, ${parts}) as n
  `.execute(db);
  const loadedParts = performance.now();

  // Fitment is ACES applications on the VCdb's base vehicles (decision 077): the demo subset's.
  await sql`create temporary table bnum as select row_number() over (order by id) as n, id from vcdb_base_vehicles`.execute(db);
  await sql`create temporary table pnum as select row_number() over (order by id) as n, id from parts where part_number like 'BEN-%'`.execute(db);
  const baseVehicles = Number((await sql<{ n: string }>`select count(*) as n from bnum`.execute(db)).rows[0]?.n);
  await sql`
    insert into applications (part_id, base_vehicle_id)
    select distinct p.id, b.id
    from pnum p
    cross join generate_series(0, ${FITMENTS_PER_PART - 1}) k
    join bnum b on b.n = 1 + (p.n * 7919 + k * 104729) % ${baseVehicles}
  `.execute(db);
  await loadContracts(db);
  return { started, loadedParts };
}

/**
 * A trade member's company with three price lists (priorities 1–3): 5,000 part entries each (unit
 * prices and percentages, overlapping), two category entries each with a tier at 4; and retail
 * price breaks at 4 and 20 on one part in 50.
 */
async function loadContracts(db: Db) {
  await sql`
    insert into part_price_breaks (part_id, min_quantity, unit_price_cents)
    select id, b.quantity, (price_cents * b.share)::int
    from parts cross join (values (4, 0.9), (20, 0.8)) as b(quantity, share)
    where part_number like 'BEN-%' and seq % 50 = 0
  `.execute(db);
  await db.insertInto('users').values({ id: BUYER, name: 'Bench buyer', email: 'bench-buyer@example.com' }).execute();
  const company = await db.insertInto('companies').values({ name: 'Bench trade account' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('company_members').values({ company_id: company.id, user_id: BUYER, role: 'buyer' }).execute();
  for (const priority of [1, 2, 3]) {
    const list = await db.insertInto('price_lists').values({ name: `Bench list ${priority}`, priority }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('company_price_lists').values({ company_id: company.id, price_list_id: list.id }).execute();
    await sql`
      insert into price_list_entries (price_list_id, part_id, unit_price_cents, percent_off_bp)
      select ${list.id}, id, case when seq % 2 = 0 then price_cents - 10 end, case when seq % 2 = 1 then 500 * ${priority} end
      from parts where part_number like 'BEN-%' and seq % 20 = ${priority} limit 5000
    `.execute(db);
    await sql`
      insert into price_list_entries (price_list_id, category_slug, percent_off_bp)
      select ${list.id}, slug, 300 from categories order by position offset ${priority} limit 2
    `.execute(db);
    await sql`
      insert into price_list_tiers (entry_id, min_quantity, percent_off_bp)
      select id, 4, 1500 from price_list_entries where price_list_id = ${list.id} and category_slug is not null
    `.execute(db);
  }
}

/** The fixed queries, by type; vehicles and categories are picked from the loaded data. */
async function queries(db: Db): Promise<Record<string, Array<Record<string, string>>>> {
  const vehicles = (await sql<{ id: string }>`select id from vehicles order by make, model, year limit 10 offset 20`.execute(db)).rows.map((row) => row.id);
  const categories = ['brakes', 'engine', 'electrical', 'filters', 'cooling'];
  return {
    text: ['brake pads', 'alternator', 'water pump heavy duty', 'oil filter', 'wiper blade front'].map((q) => ({ q })),
    typo: ['alternatr', 'brak pads', 'serpentin blet', 'thermostst', 'shock absorbr'].map((q) => ({ q })),
    'part-number prefix': ['BEN-0123', 'ben-04567', 'BEN-0999', 'BRK-30', '04465'].map((q) => ({ q })),
    'category + vehicle': vehicles.slice(0, 5).map((vehicle, index) => ({ category: categories[index] ?? 'brakes', vehicle })),
    'vehicle only': vehicles.slice(5, 10).map((vehicle) => ({ vehicle })),
    browse: [{}, { category: 'brakes' }, { sort: 'price-asc' }, { sort: 'name' }, { category: 'engine', sort: 'price-desc', page: '3' }],
    // Everyone's price is that of the minimum order (decision 224): a tenth of the parts have a
    // minimum of 10 and a third one of 4, and one in 50 breaks at 4 and 20, which those minimums reach.
    'visitor, by price': [{ sort: 'price-asc' }, { sort: 'price-desc', page: '50' }, { category: 'brakes', sort: 'price-asc' }, { maxPrice: '100' }, { minPrice: '20', maxPrice: '60', sort: 'price-asc' }],
    'member, by price': [{ sort: 'price-asc' }, { sort: 'price-desc', page: '50' }, { category: 'brakes', sort: 'price-asc' }, { maxPrice: '100' }, { q: 'brake pads', sort: 'price-asc' }],
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(label: string, db: Db) {
  const table: string[] = [];
  for (const [type, list] of Object.entries(await queries(db))) {
    const times: number[] = [];
    let total = 0;
    for (const raw of list) {
      const query: SearchQuery = searchQuerySchema.parse(raw);
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const started = performance.now();
        const result = await searchParts(db, query, type.startsWith('member') ? BUYER : undefined);
        if (run >= WARMUP) times.push(performance.now() - started);
        total = result.total;
      }
    }
    times.sort((a, b) => a - b);
    table.push(`| ${label} | ${type} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${total} |`);
  }
  return table;
}

async function bench(label: string, open: () => Promise<{ db: Db; jobDb: Db; close: () => Promise<void> }>, parts: number) {
  console.log(`${label}: loading ${parts} parts…`);
  const { db, jobDb, close } = await open();
  try {
    await load(db, jobDb, parts);
    return await measure(label, db);
  } finally {
    await close();
  }
}

const pgParts = Number(process.env.BENCH_PG_PARTS ?? 100_000);
const pgliteParts = Number(process.env.BENCH_PGLITE_PARTS ?? 20_000);
const rows: string[] = [];

if (pgParts === 0) {
  console.log('BENCH_PG_PARTS=0: PostgreSQL is not measured.');
} else if (findPostgresBinDir()) {
  const cluster = await startPostgresCluster();
  try {
    rows.push(...(await bench(`PostgreSQL ${pgParts.toLocaleString('en')}`, () => openDatabase({ databaseUrl: cluster.url }), pgParts)));
  } finally {
    await cluster.stop();
  }
} else {
  console.log('PostgreSQL is not installed: only PGlite is measured.');
}
if (pgliteParts > 0) rows.push(...(await bench(`PGlite ${pgliteParts.toLocaleString('en')}`, () => openDatabase({}), pgliteParts)));

console.log(`\n${RUNS} runs of each of 5 queries per type after ${WARMUP} warm-up runs; times in ms; "last total" is the last query's match count.\n`);
console.log('| database, parts | query type | runs | p50 ms | p95 ms | last total |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
