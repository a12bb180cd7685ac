import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CATALOGUE_UNPACKED_MAX_BYTES, catalogueDataMessages, type CatalogueProblemCode } from '@autoparts/shared';
import { sql, type RawBuilder } from 'kysely';
import yauzl from 'yauzl';
import type { Db } from '../../db/database';
import { isStorableText } from '../../lib/storable-text';
import { syncStorefrontVehicles } from '../vehicles/configurations';
import type { ImportContext, Importer } from './importer';
import { columnKey, readPipeTable, type PipeRecord } from './pipe-table';
import { peek } from './upload-stream';

/** Rows written per statement. */
const BATCH = 1_000;

type ReferenceTable =
  | 'vcdb_makes'
  | 'vcdb_models'
  | 'vcdb_submodels'
  | 'vcdb_years'
  | 'vcdb_base_vehicles'
  | 'vcdb_vehicles'
  | 'vcdb_engine_bases'
  | 'vcdb_engine_configs'
  | 'vcdb_vehicle_engines'
  | 'pcdb_part_types'
  | 'pcdb_positions';

interface Field {
  /** The file's column, as Auto Care names it. */
  from: string;
  column: string;
  type: 'integer' | 'decimal' | 'text';
}

interface Reference {
  column: string;
  table: ReferenceTable;
  code: CatalogueProblemCode;
  what: string;
}

/** One of Auto Care's tables: its file, our table, its key and fields, what it refers to. */
export interface TableSpec {
  /** The file's name without `.txt`. */
  file: string;
  table: ReferenceTable;
  key: string;
  fields: Field[];
  references: Reference[];
  /** The rows of other tables that refer to this one's: a row they use is never deleted. */
  referencedBy: Array<{ table: ReferenceTable | 'vehicles' | 'applications' | 'part_type_categories'; column: string }>;
}

const int = (from: string, column: string): Field => ({ from, column, type: 'integer' });
const text = (from: string, column: string): Field => ({ from, column, type: 'text' });

/**
 * The VCdb tables the shop keeps, in the order they load (a table after those it refers to).
 * `VehicleToEngineConfig` names its engine by `EngineBaseID`, or, in a full VCdb, by
 * `EngineConfigID`, which `EngineConfig.txt` turns into the engine base.
 */
export const vcdbTables: TableSpec[] = [
  { file: 'Make', table: 'vcdb_makes', key: 'MakeID', fields: [text('MakeName', 'name')], references: [], referencedBy: [{ table: 'vcdb_base_vehicles', column: 'make_id' }] },
  {
    file: 'Model',
    table: 'vcdb_models',
    key: 'ModelID',
    fields: [text('ModelName', 'name'), int('VehicleTypeID', 'vehicle_type_id')],
    references: [],
    referencedBy: [{ table: 'vcdb_base_vehicles', column: 'model_id' }],
  },
  {
    file: 'SubModel',
    table: 'vcdb_submodels',
    key: 'SubmodelID',
    fields: [text('SubModelName', 'name')],
    references: [],
    referencedBy: [
      { table: 'vcdb_vehicles', column: 'submodel_id' },
      { table: 'vehicles', column: 'submodel_id' },
      { table: 'applications', column: 'submodel_id' },
    ],
  },
  { file: 'Year', table: 'vcdb_years', key: 'YearID', fields: [], references: [], referencedBy: [{ table: 'vcdb_base_vehicles', column: 'year_id' }] },
  {
    file: 'BaseVehicle',
    table: 'vcdb_base_vehicles',
    key: 'BaseVehicleID',
    fields: [int('YearID', 'year_id'), int('MakeID', 'make_id'), int('ModelID', 'model_id')],
    references: [
      { column: 'year_id', table: 'vcdb_years', code: 'invalid-combination', what: 'year' },
      { column: 'make_id', table: 'vcdb_makes', code: 'invalid-combination', what: 'make' },
      { column: 'model_id', table: 'vcdb_models', code: 'invalid-combination', what: 'model' },
    ],
    referencedBy: [
      { table: 'vcdb_vehicles', column: 'base_vehicle_id' },
      { table: 'vehicles', column: 'base_vehicle_id' },
      { table: 'applications', column: 'base_vehicle_id' },
    ],
  },
  {
    file: 'Vehicle',
    table: 'vcdb_vehicles',
    key: 'VehicleID',
    fields: [int('BaseVehicleID', 'base_vehicle_id'), int('SubmodelID', 'submodel_id'), int('RegionID', 'region_id')],
    references: [
      { column: 'base_vehicle_id', table: 'vcdb_base_vehicles', code: 'unknown-base-vehicle', what: 'base vehicle' },
      { column: 'submodel_id', table: 'vcdb_submodels', code: 'unknown-submodel', what: 'submodel' },
    ],
    referencedBy: [{ table: 'vcdb_vehicle_engines', column: 'vehicle_id' }],
  },
  {
    file: 'EngineBase',
    table: 'vcdb_engine_bases',
    key: 'EngineBaseID',
    fields: [
      { from: 'Liter', column: 'liter', type: 'decimal' },
      int('CC', 'cc'),
      int('CID', 'cid'),
      int('Cylinders', 'cylinders'),
      text('BlockType', 'block_type'),
    ],
    references: [],
    referencedBy: [
      { table: 'vcdb_engine_configs', column: 'engine_base_id' },
      { table: 'vcdb_vehicle_engines', column: 'engine_base_id' },
      { table: 'vehicles', column: 'engine_base_id' },
      { table: 'applications', column: 'engine_base_id' },
    ],
  },
  {
    file: 'EngineConfig',
    table: 'vcdb_engine_configs',
    key: 'EngineConfigID',
    fields: [int('EngineBaseID', 'engine_base_id')],
    references: [{ column: 'engine_base_id', table: 'vcdb_engine_bases', code: 'unknown-engine', what: 'engine base' }],
    referencedBy: [],
  },
  {
    file: 'VehicleToEngineConfig',
    table: 'vcdb_vehicle_engines',
    key: 'VehicleToEngineConfigID',
    fields: [int('VehicleID', 'vehicle_id'), int('EngineBaseID', 'engine_base_id')],
    references: [
      { column: 'vehicle_id', table: 'vcdb_vehicles', code: 'invalid-combination', what: 'vehicle' },
      { column: 'engine_base_id', table: 'vcdb_engine_bases', code: 'unknown-engine', what: 'engine base' },
    ],
    referencedBy: [],
  },
];

export const pcdbTables: TableSpec[] = [
  {
    file: 'Parts',
    table: 'pcdb_part_types',
    key: 'PartTerminologyID',
    fields: [text('PartTerminologyName', 'name')],
    references: [],
    referencedBy: [
      { table: 'applications', column: 'part_type_id' },
      { table: 'part_type_categories', column: 'part_type_id' },
    ],
  },
  { file: 'Positions', table: 'pcdb_positions', key: 'PositionID', fields: [text('Position', 'name')], references: [], referencedBy: [{ table: 'applications', column: 'position_id' }] },
];

const INTEGER = /^-?\d{1,9}$/;
const DECIMAL = /^\d{1,4}(\.\d{1,4})?$/;

interface Row {
  line: number;
  id: number;
  values: Record<string, string | number>;
  /** VehicleToEngineConfig of a full VCdb: the engine configuration to turn into an engine base. */
  engineConfigId?: number;
}

/**
 * Reads a VCdb or PCdb delivery (`tables`): a zip of table files, or one table file named as
 * Auto Care names it. Every table delivered is that table in full: rows it holds are added or
 * updated in place (counted added, changed, unchanged), and rows it no longer holds are deleted
 * once every table is loaded, unless a row of another table still refers to them (they stay).
 */
export function referenceImporter(tables: TableSpec[], name: string): Importer {
  return async (input, context) => {
    const { head, stream } = await peek(input);
    // The keys each delivered table held, for the deletions at the end (this transaction only).
    await sql`create temporary table if not exists catalogue_seen (tbl text not null, id integer not null, primary key (tbl, id)) on commit drop`.execute(context.trx);
    const loaded: TableSpec[] = [];
    if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) || head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]))) {
      await readZip(stream, tables, name, context, loaded);
    } else {
      const base = path.basename(context.fileName).replace(/\.txt(\.gz)?$/i, '').toLowerCase();
      const spec = tables.find((table) => table.file.toLowerCase() === base);
      if (!spec) {
        stream.destroy();
        context.fatal({ line: 1, ref: context.fileName, code: 'invalid-value', message: `${context.fileName} is not a ${name} table: send a zip of the tables, or one of ${tables.map((table) => `${table.file}.txt`).join(', ')}.` });
        return;
      }
      // A gzip table's bytes unpacked are not of its size uploaded: its lines read, the total not known.
      const packed = /\.gz$/i.test(context.fileName);
      const progress = (bytes: number, line: number) => (packed ? context.progress(line, undefined, 'reading') : context.progress(bytes, context.fileSize, 'reading'));
      if (await loadTable(spec, stream, context, progress)) loaded.push(spec);
    }
    // What it writes after reading, a table (or the storefront's vehicles) a step (decision 147).
    const steps = tables === vcdbTables && loaded.length > 0 ? 2 * loaded.length + 1 : loaded.length;
    let step = 0;
    const stepDone = () => context.progress(++step, steps, 'writing');
    if (steps > 0) context.progress(step, steps, 'writing');
    // Children first: a row goes once nothing refers to it, and what referred to it may go just before.
    const deleteAllMissing = async () => {
      for (const spec of [...loaded].reverse()) {
        await deleteMissing(spec, context);
        stepDone();
      }
    };
    await deleteAllMissing();
    if (tables === vcdbTables && loaded.length > 0) {
      // The storefront's vehicles follow the VCdb (decision 079); the configurations it let go
      // held their base vehicles, submodels and engines back: those go now, unless still used.
      await syncStorefrontVehicles(context.trx);
      stepDone();
      await deleteAllMissing();
    }
    await sql`drop table if exists catalogue_seen`.execute(context.trx);
  };
}

/**
 * A zip is read with yauzl from a file of this instance: a zip's directory is at its end, and
 * only it says reliably what the zip holds (yauzl's docs: a zip is not read safely as a stream).
 * The tables load in dependency order, whatever their order in the zip; other files are ignored.
 */
async function readZip(input: Readable, tables: TableSpec[], name: string, context: ImportContext, loaded: TableSpec[]): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'catalogue-zip-'));
  const file = path.join(dir, 'delivery.zip');
  try {
    await pipeline(input, createWriteStream(file));
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(file);
    } catch (error) {
      context.fatal({ line: 1, ref: context.fileName, code: 'invalid-value', message: catalogueDataMessages.unreadableZip(context.fileName, error instanceof Error ? error.message : String(error)) });
      return;
    }
    try {
      let entries: yauzl.Entry[];
      try {
        entries = await entriesOf(zip);
      } catch (error) {
        context.fatal({ line: 1, ref: context.fileName, code: 'invalid-value', message: catalogueDataMessages.unreadableZip(context.fileName, error instanceof Error ? error.message : String(error)) });
        return;
      }
      const found = tables.flatMap((spec) => {
        const entry = entries.find((candidate) => path.posix.basename(candidate.fileName).toLowerCase() === `${spec.file.toLowerCase()}.txt`);
        return entry ? [{ spec, entry }] : [];
      });
      if (found.length === 0) {
        context.fatal({ line: 1, ref: context.fileName, code: 'invalid-value', message: `The zip holds no ${name} table: ${tables.map((table) => `${table.file}.txt`).join(', ')}.` });
        return;
      }
      const total = found.reduce((sum, { entry }) => sum + entry.uncompressedSize, 0);
      // yauzl holds each entry to the size its directory gives (validateEntrySizes).
      if (total > CATALOGUE_UNPACKED_MAX_BYTES) {
        context.fatal({ line: 1, ref: context.fileName, code: 'invalid-value', message: catalogueDataMessages.zipUnpackedTooLarge });
        return;
      }
      // A size its packed bytes cannot hold (0xFFFFFFFF, ZIP64's marker, without a ZIP64 size, or
      // a crafted one within the limit) is said now: read, it failed the job with yauzl's words.
      const oversold = found.find(({ entry }) => !sizeFitsData(entry));
      if (oversold) {
        const { entry } = oversold;
        context.fatal({ line: 1, ref: context.fileName, code: 'invalid-value', message: catalogueDataMessages.unreadableZip(context.fileName, catalogueDataMessages.zipSizeBeyondData(entry.fileName, entry.compressedSize)) });
        return;
      }
      let before = 0;
      for (const { spec, entry } of found) {
        const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))));
        if (await loadTable(spec, stream, context, (bytes) => context.progress(before + bytes, total, 'reading'))) loaded.push(spec);
        before += entry.uncompressedSize;
      }
    } finally {
      zip.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The most deflate unpacks one byte to: a run of 258 repeated bytes coded in as little as 2 bits
 * is about 1,032 to 1 (zlib's own figure); the slack covers a tiny entry's block headers.
 */
const DEFLATE_MAX_RATIO = 1032;
const DEFLATE_SLACK_BYTES = 1024;

/** Whether the entry's packed bytes can unpack to the size its directory gives: stored as is, or deflated. */
function sizeFitsData(entry: yauzl.Entry): boolean {
  if (entry.compressionMethod === 0) return entry.uncompressedSize === entry.compressedSize;
  if (entry.compressionMethod === 8) return entry.uncompressedSize <= entry.compressedSize * DEFLATE_MAX_RATIO + DEFLATE_SLACK_BYTES;
  // Any other method is refused by yauzl when the entry is opened, in its own words.
  return true;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

/** The most entries a VCdb or PCdb zip is read for: a full VCdb has about seventy tables. */
const ZIP_MAX_ENTRIES = 1_000;

function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      if (entries.length > ZIP_MAX_ENTRIES) return reject(new Error(`it holds more than ${ZIP_MAX_ENTRIES} files`));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * Loads one table file in batches of BATCH rows; answers whether the file could be read as the
 * table (its header has every column), so that rows it no longer holds may be deleted.
 */
async function loadTable(spec: TableSpec, input: Readable, context: ImportContext, progress: (bytes: number, line: number) => void): Promise<boolean> {
  const fileName = `${spec.file}.txt`;
  let usable = false;
  // VehicleToEngineConfig of a full VCdb names engine configurations instead of engine bases.
  let viaEngineConfig = false;
  const keyColumn = columnKey(spec.key);
  const onHeader = (columns: string[]) => {
    const has = new Set(columns);
    let wanted = [spec.key, ...spec.fields.map((field) => field.from)];
    if (spec.table === 'vcdb_vehicle_engines' && !has.has('enginebaseid') && has.has('engineconfigid')) {
      viaEngineConfig = true;
      wanted = wanted.map((column) => (column === 'EngineBaseID' ? 'EngineConfigID' : column));
    }
    const missing = wanted.filter((column) => !has.has(columnKey(column)));
    if (missing.length > 0) {
      context.problem({ line: 1, ref: fileName, code: 'missing-column', message: `${fileName} has no column ${missing.join(', ')}: its first line must name the columns (${wanted.join('|')}).` });
      return false;
    }
    usable = true;
    return true;
  };
  let batch: Row[] = [];
  const inBatch = new Set<number>();
  for await (const record of readPipeTable(input, onHeader)) {
    const row = rowOf(spec, record, viaEngineConfig, fileName, context);
    if (row && inBatch.has(row.id)) {
      context.problem({ line: record.line, ref: `${fileName} ${row.id}`, code: 'duplicate', message: `${spec.key} ${row.id} is in ${fileName} more than once.` });
      context.counts.rejected += 1;
    } else if (row) {
      batch.push(row);
      inBatch.add(row.id);
    } else {
      context.counts.rejected += 1;
      // A row that could not be read keeps what the shop has under its key, if it has one.
      const key = record.fields[keyColumn];
      if (key && INTEGER.test(key)) await markSeen(context.trx, spec, [Number(key)]);
    }
    if (batch.length >= BATCH) {
      await writeBatch(spec, batch, fileName, context);
      batch = [];
      inBatch.clear();
      progress(record.bytes, record.line);
    }
  }
  if (batch.length > 0) await writeBatch(spec, batch, fileName, context);
  return usable;
}

/** A record as a row, or undefined after saying what is wrong with it. */
function rowOf(spec: TableSpec, record: PipeRecord, viaEngineConfig: boolean, fileName: string, context: ImportContext): Row | undefined {
  const keyText = record.fields[columnKey(spec.key)] ?? '';
  const ref = `${fileName} ${keyText || `line ${record.line}`}`;
  const fail = (code: CatalogueProblemCode, message: string) => {
    context.problem({ line: record.line, ref, code, message });
    return undefined;
  };
  if (!keyText) return fail('missing-field', `${spec.key} is empty.`);
  if (!INTEGER.test(keyText)) return fail('invalid-value', `${spec.key} “${keyText}” is not a whole number.`);
  const row: Row = { line: record.line, id: Number(keyText), values: {} };
  for (const field of spec.fields) {
    const from = viaEngineConfig && field.from === 'EngineBaseID' ? 'EngineConfigID' : field.from;
    const value = record.fields[columnKey(from)] ?? '';
    if (!value) return fail('missing-field', `${from} is empty.`);
    if (!isStorableText(value)) return fail('invalid-value', catalogueDataMessages.unstorableCell(from));
    if (field.type === 'integer' && !INTEGER.test(value)) return fail('invalid-value', `${from} “${value}” is not a whole number.`);
    if (field.type === 'decimal' && !DECIMAL.test(value)) return fail('invalid-value', `${from} “${value}” is not a number such as 3.5.`);
    if (from === 'EngineConfigID') row.engineConfigId = Number(value);
    else row.values[field.column] = field.type === 'integer' ? Number(value) : value;
  }
  return row;
}

async function markSeen(trx: Db, spec: TableSpec, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`insert into catalogue_seen (tbl, id) values ${sql.join(ids.map((id) => sql`(${spec.table}, ${id})`))} on conflict do nothing`.execute(trx);
}

/** The ids of `ids` that `table` holds. */
async function existing(trx: Db, table: ReferenceTable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where id = any(${ids}::integer[])`.execute(trx);
  return new Set(rows.map((row) => row.id));
}

/**
 * Writes a batch: rows whose key an earlier batch of this file held are duplicates, rows that
 * refer to what the shop does not have are rejected, the rest are inserted or updated in place.
 */
async function writeBatch(spec: TableSpec, batch: Row[], fileName: string, context: ImportContext): Promise<void> {
  const { trx } = context;
  const { rows: seenRows } = await sql<{ id: number }>`select id from catalogue_seen where tbl = ${spec.table} and id = any(${batch.map((row) => row.id)}::integer[])`.execute(trx);
  const seenBefore = new Set(seenRows.map((row) => row.id));
  await markSeen(trx, spec, batch.map((row) => row.id));
  let rows = batch.filter((row) => {
    if (!seenBefore.has(row.id)) return true;
    context.problem({ line: row.line, ref: `${fileName} ${row.id}`, code: 'duplicate', message: `${spec.key} ${row.id} is in ${fileName} more than once.` });
    context.counts.rejected += 1;
    return false;
  });
  const configs = rows.filter((row) => row.engineConfigId !== undefined);
  if (configs.length > 0) {
    const { rows: found } = await sql<{ id: number; engine_base_id: number }>`select id, engine_base_id from vcdb_engine_configs where id = any(${configs.map((row) => row.engineConfigId)}::integer[])`.execute(trx);
    const bases = new Map(found.map((config) => [config.id, config.engine_base_id]));
    rows = rows.filter((row) => {
      if (row.engineConfigId === undefined) return true;
      const base = bases.get(row.engineConfigId);
      if (base !== undefined) {
        row.values.engine_base_id = base;
        return true;
      }
      context.problem({ line: row.line, ref: `${fileName} ${row.id}`, code: 'unknown-engine', message: `EngineConfigID ${row.engineConfigId} is not in EngineConfig.txt.` });
      context.counts.rejected += 1;
      return false;
    });
  }
  for (const reference of spec.references) {
    const known = await existing(trx, reference.table, [...new Set(rows.map((row) => Number(row.values[reference.column])))]);
    rows = rows.filter((row) => {
      const id = Number(row.values[reference.column]);
      if (known.has(id)) return true;
      context.problem({ line: row.line, ref: `${fileName} ${row.id}`, code: reference.code, message: `${spec.key} ${row.id} names ${reference.what} ${id}, which the shop does not have.` });
      context.counts.rejected += 1;
      return false;
    });
  }
  if (rows.length === 0) return;
  const columns = ['id', ...spec.fields.map((field) => field.column)];
  const values = sql.join(rows.map((row) => sql`(${sql.join(columns.map((column) => (column === 'id' ? row.id : row.values[column])))})`));
  const updates = spec.fields.map((field) => field.column);
  const onConflict: RawBuilder<unknown> =
    updates.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(updates.map((column) => sql`${sql.id(column)} = excluded.${sql.id(column)}`))}
          where (${sql.join(updates.map((column) => sql`${sql.table(spec.table)}.${sql.id(column)}`))})
            is distinct from (${sql.join(updates.map((column) => sql`excluded.${sql.id(column)}`))})`;
  const { rows: written } = await sql<{ inserted: boolean }>`
    insert into ${sql.table(spec.table)} (${sql.join(columns.map((column) => sql.id(column)))}) values ${values}
    on conflict (id) ${onConflict}
    returning (xmax = 0) as inserted`.execute(trx);
  const added = written.filter((row) => row.inserted).length;
  context.counts.added += added;
  context.counts.changed += written.length - added;
  context.counts.unchanged += rows.length - written.length;
}

/** Deletes the rows of a delivered table that its file no longer holds and nothing refers to. */
async function deleteMissing(spec: TableSpec, context: ImportContext): Promise<void> {
  const unreferenced = spec.referencedBy.map(
    (by) => sql`not exists (select 1 from ${sql.table(by.table)} where ${sql.table(by.table)}.${sql.id(by.column)} = ${sql.table(spec.table)}.id)`,
  );
  const { rows } = await sql<{ count: number }>`
    with gone as (
      delete from ${sql.table(spec.table)}
      where not exists (select 1 from catalogue_seen where tbl = ${spec.table} and catalogue_seen.id = ${sql.table(spec.table)}.id)
      ${unreferenced.length > 0 ? sql`and ${sql.join(unreferenced, sql` and `)}` : sql``}
      returning 1
    )
    select count(*)::int as count from gone`.execute(context.trx);
  context.counts.deleted += rows[0]?.count ?? 0;
}
