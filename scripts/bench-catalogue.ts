/**
 * `npm run bench:catalogue`: the manufacturer's catalogue at scale (issue 29), on a made-up
 * catalogue from scripts/generate-catalogue.ts.
 *   npm run bench:catalogue                       # PostgreSQL: 100,000 parts, 2,000,000 applications
 *   npm run bench:catalogue -- --engine=pglite --parts=20000 --applications=200000
 * Starts a throwaway PostgreSQL cluster (no fsync; not with pglite) and the shop on it
 * (NODE_ENV=production, TRUST_PROXY=1: each reader below is a visitor of its own address), makes
 * an admin, then through the API as an admin would:
 *   1. imports the VCdb and PCdb subsets (not counted in the aim);
 *   2. imports PIES then ACES (apply, their gzip copies), timed from the first upload to the last `done`, while
 *      READERS visitors read `GET /api/parts?page=…` and `GET /api/search?q=…` (queries varied so
 *      that most miss the shop's cache) and their latencies are kept: p50 and p95 during;
 *   3. the shop's peak RSS (VmHWM of its process, from /proc) after the imports;
 *   4. the exports, each streamed to nowhere: seconds and records counted: ACES FULL, ACES net
 *      change since today (every application) and since tomorrow (none: every row read, none
 *      written), PIES FULL and since today, the parts CSV;
 *   5. afterwards, the same searches, and "parts of a category for a vehicle" (`/api/search?
 *      category=…&vehicle=…`), p50/p95; the sitemap's part pages counted;
 *   6. Lighthouse (mobile, simulated throttling, median of LIGHTHOUSE_RUNS) on `/shop` and a part's
 *      `/parts/{partNumber}` among all those parts and applications;
 *   7. on PostgreSQL, the same applications `COPY`ed out and into a table like `applications`
 *      (its indexes, no foreign keys): the import's applications/s against COPY's.
 * Every load is bounded by the import it runs beside or by READ_SECONDS. Each figure is printed
 * with the machine's load average (the machine may be shared). Figures go into
 * docs/benchmarks.md by hand; nothing here is asserted. `-- --hold --port=N` leaves the loaded shop
 * running on http://localhost:N at the end (its admin printed) until `kill -USR2` of the bench.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { createDatabase, startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { lighthousePage, pageFiguresLine } from './lighthouse-page';
import { ensureWebBuild, root, signInOverHttp, signUpOverHttp, sleep, startShop, stopShop, type Shop } from './shop-process';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    parts: { type: 'string', default: '100000' },
    'base-vehicles': { type: 'string', default: '20000' },
    applications: { type: 'string', default: '2000000' },
    /** The shop's port (else one the kernel picks); with --hold, a browser's cookies want it on `localhost`. */
    port: { type: 'string' },
    /** Leave the loaded shop (and its PostgreSQL) running at the end, its origin and admin printed, until Ctrl-C. */
    hold: { type: 'boolean', default: false },
  },
});
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';
const READERS = 4;
const READ_SECONDS = 20;
const POLL_MS = 500;
const LIGHTHOUSE_RUNS = 3;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The machine's load average (1, 5, 15 min) as a figure is taken: the machine may be shared. */
const load = () => `[load ${os.loadavg().map((average) => average.toFixed(1)).join(' ')}]`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `n=${sorted.length}, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

/**
 * The made-up catalogue's files, with a gzip copy of the PIES and ACES files: those are uploaded,
 * as a manufacturer sends a big file (a 301 MB upload does not arrive within the shop's minute).
 */
async function generate(): Promise<string> {
  const out = path.join(root, '.tmp', `catalogue-${values.parts}-${values['base-vehicles']}-${values.applications}`);
  if (!fs.existsSync(path.join(out, 'aces.xml'))) generateFiles(out);
  for (const name of ['pies.xml', 'aces.xml']) {
    const file = path.join(out, name);
    if (!fs.existsSync(`${file}.gz`)) await pipeline(fs.createReadStream(file), createGzip(), fs.createWriteStream(`${file}.gz`));
  }
  return out;
}

function generateFiles(out: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/generate-catalogue.ts', `--parts=${values.parts}`, `--base-vehicles=${values['base-vehicles']}`, `--applications=${values.applications}`, `--out=${out}`],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error('the generator failed');
}

/** A new account made admin by `npm run make-admin` (on the embedded database, while stopped). */
async function adminCookie(shop: Shop, restart: () => Promise<Shop>): Promise<{ shop: Shop; cookie: string; email: string; password: string }> {
  const email = `bench-admin-${randomUUID()}@example.com`;
  const password = 'bench-admin-password-1';
  await signUpOverHttp(shop.origin, { name: 'Bench Admin', email, password });
  let current = shop;
  if (engine === 'pglite') {
    await stopShop(shop, { keepData: true });
    makeAdmin(email, { DATA_DIR: shop.dataDir });
    current = await restart();
  } else makeAdmin(email, {});
  return { shop: current, email, password, cookie: await signInOverHttp(current.origin, email, password) };
}

let shopEnv: Record<string, string> = {};
function makeAdmin(email: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/scripts/make-admin.ts', email], { cwd: root, env: { ...process.env, ...shopEnv, ...env }, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('make-admin failed');
}

interface ImportStatus {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number | null };
  counts: Record<string, number>;
  problems: Array<{ line: number; ref: string; code: string; message: string }>;
}

/** Uploads `file` as `kind` (apply, refuse) and waits for its import to end. */
async function importFile(shop: Shop, cookie: string, kind: string, file: string): Promise<{ status: ImportStatus; uploadMs: number; totalMs: number }> {
  const started = performance.now();
  const form = new FormData();
  form.set('kind', kind);
  form.set('mode', 'apply');
  form.set('onProblems', 'refuse');
  form.set('file', await fs.openAsBlob(file), path.basename(file));
  const reply = await fetch(`${shop.origin}/api/admin/catalogue/imports`, { method: 'POST', headers: { cookie, origin: shop.origin }, body: form });
  if (reply.status !== 202) throw new Error(`${kind}: POST answered ${reply.status}: ${await reply.text()}`);
  const uploadMs = performance.now() - started;
  const { id } = (await reply.json()) as { id: string };
  for (;;) {
    await sleep(POLL_MS);
    const status = (await (await fetch(`${shop.origin}/api/admin/catalogue/imports/${id}`, { headers: { cookie } })).json()) as ImportStatus;
    if (status.status === 'done' || status.status === 'failed') {
      if (status.status === 'failed' || status.problems.length > 0) console.error(`${kind}: ${status.status}`, JSON.stringify(status.problems.slice(0, 5)));
      return { status, uploadMs, totalMs: performance.now() - started };
    }
  }
}

/** READERS visitors, each of its own address, reading `next()` until `until` settles or `ms` pass. */
async function readers(shop: Shop, next: () => string, { until, ms }: { until?: Promise<unknown>; ms?: number }) {
  const latencies: number[] = [];
  let failures = 0;
  let stop = false;
  const done = () => {
    stop = true;
  };
  until?.then(done, done);
  const deadline = ms ? Date.now() + ms : Infinity;
  await Promise.all(
    Array.from({ length: READERS }, async (_, reader) => {
      while (!stop && Date.now() < deadline) {
        const started = performance.now();
        const reply = await fetch(`${shop.origin}${next()}`, { headers: { 'x-forwarded-for': `10.${reader}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } }).catch(() => undefined);
        await reply?.arrayBuffer();
        if (reply?.ok) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  return { latencies, failures };
}

const words = ['brake', 'pad', 'rotor', 'filter', 'synthetic', 'part', 'oil', 'spark', 'plug', 'belt', 'pump', 'sensor'];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
const partsRead = () => `/api/parts?page=${1 + Math.floor(Math.random() * 40)}`;
const searchRead = () => `/api/search?q=${pick(words)}+${Math.floor(Math.random() * 100_000)}&page=1`;

/** The synthetic vehicles' ids, read as the picker reads them. */
async function vehicleIds(shop: Shop): Promise<string[]> {
  const get = async <T>(url: string) => (await (await fetch(`${shop.origin}${url}`)).json()) as T;
  const ids: string[] = [];
  for (const year of [2000, 2010, 2020]) {
    const makes = (await get<string[]>(`/api/vehicles/makes?year=${year}`)).filter((make) => make.startsWith('Synthetic'));
    for (const make of makes.slice(0, 5)) {
      const models = await get<Array<{ _id: string }>>(`/api/vehicles/models?year=${year}&make=${encodeURIComponent(make)}`);
      ids.push(...models.slice(0, 4).map((model) => model._id));
    }
  }
  return ids;
}

/** The part pages the sitemap (or its index's sitemaps) lists. */
async function sitemapPartPages(shop: Shop): Promise<number> {
  const index = await (await fetch(`${shop.origin}/sitemap.xml`)).text();
  const sitemaps = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  const texts = sitemaps.length > 0 ? await Promise.all(sitemaps.map(async (sitemap) => (await fetch(`${shop.origin}${sitemap}`)).text())) : [index];
  return texts.reduce((sum, text) => sum + (text.match(/\/parts\//g)?.length ?? 0), 0);
}

/** An export (`/api/admin/catalogue/exports/…`) streamed to nowhere: its seconds, bytes and records (ACES Apps, PIES Items, CSV lines). */
async function exportTimed(shop: Shop, cookie: string, route: string) {
  const started = performance.now();
  const reply = await fetch(`${shop.origin}/api/admin/catalogue/exports/${route}`, { headers: { cookie } });
  if (!reply.ok || !reply.body) throw new Error(`the export ${route} answered ${reply.status}`);
  const end = route.startsWith('aces') ? '</App>' : route.startsWith('pies') ? '</Item>' : '\n';
  let bytes = 0;
  let records = 0;
  let tail = '';
  for await (const chunk of reply.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    const text = tail + Buffer.from(chunk).toString('utf8');
    records += text.split(end).length - 1;
    // Shorter than the record's end: a match across two chunks is counted once.
    tail = end.length > 1 ? text.slice(-(end.length - 1)) : '';
  }
  return { ms: performance.now() - started, bytes, records };
}

const exportLine = (name: string, what: string, { ms, bytes, records }: { ms: number; bytes: number; records: number }) =>
  `${name}: ${records.toLocaleString('en-US')} ${what}, ${(bytes / 1024 / 1024).toFixed(0)} MB in ${seconds(ms)} ${load()}`;

const peakRss = (shop: Shop) => {
  const status = fs.readFileSync(`/proc/${shop.child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
};

/** The import's applications against PostgreSQL's own COPY of the same rows into a like table. */
async function versusCopy(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const file = path.join(os.tmpdir(), `bench-copy-${randomUUID()}.csv`);
  const columns = 'part_id, base_vehicle_id, submodel_id, engine_base_id, part_type_id, position_id, quantity, notes, mfr_label, source_ref';
  try {
    await client.query(`copy (select ${columns} from applications where deleted_at is null) to '${file}' with (format csv)`);
    await client.query('create table bench_applications_copy (like applications including defaults including identity including constraints including indexes)');
    const started = performance.now();
    const result = await client.query(`copy bench_applications_copy (${columns}) from '${file}' with (format csv)`);
    const ms = performance.now() - started;
    await client.query('drop table bench_applications_copy');
    return { rows: result.rowCount ?? 0, ms };
  } finally {
    fs.rmSync(file, { force: true });
    await client.end();
  }
}

async function main() {
  ensureWebBuild();
  const dir = await generate();
  let cluster: PostgresCluster | undefined;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    cluster = await startPostgresCluster();
    databaseUrl = await createDatabase(cluster);
  }
  shopEnv = { NODE_ENV: 'production', AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const where = { host: values.hold ? 'localhost' : '127.0.0.1', ...(values.port ? { port: Number(values.port) } : {}) };
  let shop = await startShop({ env: shopEnv, label: 'catalogue', stdout: 'ignore', ...where });
  const dataDir = shop.dataDir;
  try {
    const made = await adminCookie(shop, () => startShop({ env: shopEnv, label: 'catalogue', stdout: 'ignore', dataDir, ...where }));
    shop = made.shop;
    const { cookie, email, password } = made;
    console.log(`npm run bench:catalogue — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}, ${engine}`);
    console.log(`files: ${dir} (${['pies.xml', 'aces.xml', 'pies.xml.gz', 'aces.xml.gz'].map((name) => `${name} ${(fs.statSync(path.join(dir, name)).size / 1024 / 1024).toFixed(0)} MB`).join(', ')})\n`);

    for (const kind of ['vcdb', 'pcdb'] as const) {
      const { status, totalMs } = await importFile(shop, cookie, kind, path.join(dir, `${kind}.zip`));
      console.log(`${kind}: ${status.status} in ${seconds(totalMs)} ${JSON.stringify(status.counts)} ${load()}`);
    }

    const imports = (async () => {
      const pies = await importFile(shop, cookie, 'pies', path.join(dir, 'pies.xml.gz'));
      const aces = await importFile(shop, cookie, 'aces', path.join(dir, 'aces.xml.gz'));
      return { pies, aces };
    })();
    const [partsDuring, searchDuring, { pies, aces }] = await Promise.all([
      readers(shop, partsRead, { until: imports }),
      readers(shop, searchRead, { until: imports }),
      imports,
    ]);
    console.log(`PIES: ${pies.status.status} in ${seconds(pies.totalMs)} (upload ${seconds(pies.uploadMs)}) ${JSON.stringify(pies.status.counts)} ${load()}`);
    console.log(`ACES: ${aces.status.status} in ${seconds(aces.totalMs)} (upload ${seconds(aces.uploadMs)}) ${JSON.stringify(aces.status.counts)} ${load()}`);
    console.log(`PIES + ACES together: ${seconds(pies.totalMs + aces.totalMs)}; the shop's peak RSS ${peakRss(shop).toFixed(0)} MB ${load()}`);
    console.log(`during the imports: GET /api/parts?page=… ${summary(partsDuring.latencies)} (${partsDuring.failures} failed); /api/search ${summary(searchDuring.latencies)} (${searchDuring.failures} failed) ${load()}`);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    console.log(exportLine('ACES FULL export', 'Apps', await exportTimed(shop, cookie, 'aces')));
    // Net change: since today every application imported above; since tomorrow none, every row read and left out.
    console.log(exportLine(`ACES net-change export since ${day(0)}`, 'Apps', await exportTimed(shop, cookie, `aces?since=${day(0)}`)));
    console.log(exportLine(`ACES net-change export since ${day(1)}`, 'Apps', await exportTimed(shop, cookie, `aces?since=${day(1)}`)));
    console.log(exportLine('PIES FULL export', 'Items', await exportTimed(shop, cookie, 'pies')));
    console.log(exportLine(`PIES net-change export since ${day(0)}`, 'Items', await exportTimed(shop, cookie, `pies?since=${day(0)}`)));
    console.log(exportLine('parts CSV export', 'lines', await exportTimed(shop, cookie, 'parts.csv')));

    const searchAfter = await readers(shop, searchRead, { ms: READ_SECONDS * 1000 });
    console.log(`afterwards: /api/search ${summary(searchAfter.latencies)} (${searchAfter.failures} failed) ${load()}`);
    const vehicles = await vehicleIds(shop);
    const categories = ((await (await fetch(`${shop.origin}/api/categories`)).json()) as Array<{ slug: string }>).map((category) => category.slug);
    if (vehicles.length > 0 && categories.length > 0) {
      const byVehicle = await readers(shop, () => `/api/search?category=${pick(categories)}&vehicle=${pick(vehicles)}&page=${1 + Math.floor(Math.random() * 3)}`, { ms: READ_SECONDS * 1000 });
      console.log(`afterwards: a category for a vehicle (${vehicles.length} vehicles × ${categories.length} categories) ${summary(byVehicle.latencies)} (${byVehicle.failures} failed) ${load()}`);
    } else console.log(`afterwards: a category for a vehicle — not measured (${vehicles.length} synthetic vehicles, ${categories.length} categories)`);
    console.log(`the sitemap lists ${(await sitemapPartPages(shop)).toLocaleString('en-US')} part pages`);

    const [part] = (await (await fetch(`${shop.origin}/api/parts?page=40`)).json()) as Array<{ partNumber: string }>;
    console.log(`Lighthouse ${LIGHTHOUSE_RUNS}× per page (mobile, simulated throttling), median run:`);
    for (const page of ['/shop', `/parts/${encodeURIComponent(part?.partNumber ?? '')}`]) {
      console.log(`${pageFiguresLine(page, await lighthousePage(`${shop.origin}${page}`, { runs: LIGHTHOUSE_RUNS }))} ${load()}`);
    }

    if (databaseUrl) {
      const copy = await versusCopy(databaseUrl);
      const importRate = (aces.status.counts.added ?? 0) / (aces.totalMs / 1000);
      const copyRate = copy.rows / (copy.ms / 1000);
      console.log(`COPY of the same ${copy.rows.toLocaleString('en-US')} applications: ${seconds(copy.ms)}; the ACES import ${Math.round(importRate).toLocaleString('en-US')} rows/s against COPY's ${Math.round(copyRate).toLocaleString('en-US')} rows/s: ${(importRate / copyRate).toFixed(2)} ${load()}`);
    }
    if (values.hold) {
      console.log(`\nholding: the shop at ${shop.origin} (admin ${email}, password ${password})${databaseUrl ? `, its database ${databaseUrl}` : ''}; kill -USR2 ${process.pid} to stop it`);
      await new Promise((resolve) => process.once('SIGUSR2', resolve));
    }
  } finally {
    if (shop.output.length > 0) console.error(`\nthe shop's stderr:\n${shop.output.join('\n').slice(-2000)}`);
    await stopShop(shop);
    await cluster?.stop();
  }
}

await main();
