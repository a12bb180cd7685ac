/**
 * Writes a synthetic, MADE-UP catalogue in the trade's formats, for the scale bench (issue 29):
 *   tsx scripts/generate-catalogue.ts [--parts=100000] [--base-vehicles=20000]
 *     [--applications=2000000] [--out=DIR (.tmp/catalogue)]
 * - `vcdb.zip`: a VCdb subset in Auto Care's ASCII delivery (Make, Model, SubModel, Year,
 *   BaseVehicle, Vehicle, EngineBase, VehicleToEngineConfig), each base vehicle with two submodels
 *   and two engines;
 * - `pcdb.zip`: PCdb Parts (one part type per thousand parts' share) and Positions;
 * - `pies.xml`: one Item per part (`SYN-0000001`…), with its part type and list price;
 * - `aces.xml`: FULL, `applications` Apps spread so that no two parts overlap (a part type's parts
 *   fit different base vehicles), a third of them narrowed to an engine, some with a note.
 * Ids start at 1,000,000 so that they never meet the demo subset's. Every file is written as a
 * stream (nothing held whole in memory); the figures are made up, not Auto Care data.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import yazl from 'yazl';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: '100000' },
    'base-vehicles': { type: 'string', default: '20000' },
    applications: { type: 'string', default: '2000000' },
    out: { type: 'string', default: '.tmp/catalogue' },
  },
});
const PARTS = Number(values.parts);
const BASE_VEHICLES = Number(values['base-vehicles']);
const APPLICATIONS = Number(values.applications);
const OUT = path.resolve(values.out);

const ID = 1_000_000;
const YEARS = Array.from({ length: 36 }, (_, index) => 1990 + index);
const MAKES = 50;
const MODELS_PER_MAKE = 12;
const PART_TYPES = 100;
const POSITIONS = ['Front', 'Rear', 'Left', 'Right', 'Front Left', 'Front Right'];
const ENGINES = 40;
const BRAND = 'SYNT';
const partNumber = (index: number) => `SYN-${String(index + 1).padStart(7, '0')}`;

/** A writer that waits when the stream's buffer is full. */
function fileWriter(file: string) {
  const stream = fs.createWriteStream(file);
  return {
    async write(text: string) {
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async end() {
      stream.end();
      await once(stream, 'finish');
    },
  };
}

/** The base vehicle `index`: a year, make and model, every combination once. */
function baseVehicle(index: number) {
  const year = YEARS[index % YEARS.length] ?? 1990;
  const model = Math.floor(index / YEARS.length) % (MAKES * MODELS_PER_MAKE);
  return { id: ID + index, year, makeId: ID + Math.floor(model / MODELS_PER_MAKE), modelId: ID + model };
}

async function zipOfTables(file: string, tables: Record<string, () => Iterable<string>>) {
  const zip = new yazl.ZipFile();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  for (const [name, lines] of Object.entries(tables)) {
    const text = fs.createWriteStream(path.join(OUT, name));
    for (const line of lines()) if (!text.write(`${line}\n`)) await once(text, 'drain');
    text.end();
    await once(text, 'finish');
    zip.addFile(path.join(OUT, name), name);
  }
  zip.end();
  await once(out, 'finish');
  for (const name of Object.keys(tables)) fs.rmSync(path.join(OUT, name));
}

function* vcdbMakes() {
  yield 'MakeID|MakeName';
  for (let make = 0; make < MAKES; make++) yield `${ID + make}|Synthetic Make ${make + 1}`;
}
function* vcdbModels() {
  yield 'ModelID|ModelName|VehicleTypeID';
  for (let model = 0; model < MAKES * MODELS_PER_MAKE; model++) yield `${ID + model}|Model ${model + 1}|5`;
}
function* vcdbSubmodels() {
  yield 'SubmodelID|SubModelName';
  yield `${ID}|Base`;
  yield `${ID + 1}|Sport`;
}
function* vcdbYears() {
  yield 'YearID';
  for (const year of YEARS) yield String(year);
}
function* vcdbBaseVehicles() {
  yield 'BaseVehicleID|YearID|MakeID|ModelID';
  for (let index = 0; index < BASE_VEHICLES; index++) {
    const vehicle = baseVehicle(index);
    yield `${vehicle.id}|${vehicle.year}|${vehicle.makeId}|${vehicle.modelId}`;
  }
}
/** Vehicle `ID + 2 × base + submodel`: each base vehicle in both submodels. */
function* vcdbVehicles() {
  yield 'VehicleID|BaseVehicleID|SubmodelID|RegionID';
  for (let index = 0; index < BASE_VEHICLES; index++) for (const submodel of [0, 1]) yield `${ID + 2 * index + submodel}|${ID + index}|${ID + submodel}|1`;
}
function* vcdbEngineBases() {
  yield 'EngineBaseID|Liter|CC|CID|Cylinders|BlockType';
  for (let engine = 0; engine < ENGINES; engine++) {
    const cc = 1000 + engine * 100;
    yield `${ID + engine}|${(cc / 1000).toFixed(1)}|${cc}|${Math.round(cc / 16.387)}|${engine < 20 ? 4 : 6}|${engine < 20 ? 'L' : 'V'}`;
  }
}
/** The two engines of base vehicle `index`. */
const enginesOf = (index: number) => [ID + (index % ENGINES), ID + ((index + 7) % ENGINES)];
function* vcdbVehicleEngines() {
  yield 'VehicleToEngineConfigID|VehicleID|EngineBaseID';
  let id = ID;
  for (let index = 0; index < BASE_VEHICLES; index++)
    for (const submodel of [0, 1]) for (const engine of enginesOf(index)) yield `${id++}|${ID + 2 * index + submodel}|${engine}`;
}
function* pcdbParts() {
  yield 'PartTerminologyID|PartTerminologyName';
  for (let type = 0; type < PART_TYPES; type++) yield `${ID + type}|Synthetic Part Type ${type + 1}`;
}
function* pcdbPositions() {
  yield 'PositionID|Position';
  for (const [index, name] of POSITIONS.entries()) yield `${ID + index}|${name}`;
}

async function pies() {
  const file = fileWriter(path.join(OUT, 'pies.xml'));
  await file.write('<?xml version="1.0" encoding="UTF-8"?>\n<!-- MADE UP: a synthetic catalogue for the scale bench, not any manufacturer\'s data -->\n');
  await file.write('<PIES xmlns="http://www.autocare.org">\n<Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType></Header>\n<Items>\n');
  for (let index = 0; index < PARTS; index++) {
    const price = (5 + (index % 500) + (index % 100) / 100).toFixed(2);
    await file.write(
      `<Item MaintenanceType="A"><PartNumber>${partNumber(index)}</PartNumber><BrandAAIAID>${BRAND}</BrandAAIAID>` +
        `<PartTerminologyID>${ID + (index % PART_TYPES)}</PartTerminologyID>` +
        `<Descriptions><Description DescriptionCode="DES" LanguageCode="EN">Synthetic part ${index + 1}</Description></Descriptions>` +
        `<Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${price}</Price></Pricing></Prices></Item>\n`,
    );
  }
  await file.write(`</Items>\n<Trailer><ItemCount>${PARTS}</ItemCount></Trailer>\n</PIES>\n`);
  await file.end();
}

/**
 * Part `p` (type `p mod 100`, rank `r = ⌊p / 100⌋` among its type's parts) fits base vehicles
 * `(r × k + j + type × 37) mod BASE_VEHICLES` for j < k: a type's parts never share a base vehicle
 * while r × k < BASE_VEHICLES, so no two applications overlap.
 */
async function aces() {
  const perPart = Math.max(1, Math.round(APPLICATIONS / PARTS));
  const file = fileWriter(path.join(OUT, 'aces.xml'));
  const today = new Date().toISOString().slice(0, 10);
  await file.write('<?xml version="1.0" encoding="UTF-8"?>\n<!-- MADE UP: a synthetic catalogue for the scale bench, not any manufacturer\'s data -->\n');
  await file.write(
    `<ACES version="4.2">\n<Header><Company>Synthetic Parts</Company><SenderName>Bench</SenderName><TransferDate>${today}</TransferDate>` +
      `<BrandAAIAID>${BRAND}</BrandAAIAID><DocumentTitle>Synthetic</DocumentTitle><EffectiveDate>${today}</EffectiveDate>` +
      `<SubmissionType>FULL</SubmissionType><VcdbVersionDate>${today}</VcdbVersionDate><PcdbVersionDate>${today}</PcdbVersionDate></Header>\n`,
  );
  let written = 0;
  for (let part = 0; part < PARTS && written < APPLICATIONS; part++) {
    const type = part % PART_TYPES;
    const rank = Math.floor(part / PART_TYPES);
    for (let j = 0; j < perPart && written < APPLICATIONS; j++) {
      const index = (rank * perPart + j + type * 37) % BASE_VEHICLES;
      const engine = written % 3 === 0 ? `<EngineBase id="${enginesOf(index)[0]}"/>` : '';
      const note = written % 10 === 0 ? '<Note>Synthetic note</Note>' : '';
      await file.write(
        `<App action="A" id="${written + 1}"><BaseVehicle id="${ID + index}"/>${engine}${note}<Qty>1</Qty>` +
          `<PartType id="${ID + type}"/><Position id="${ID + (written % POSITIONS.length)}"/><Part>${partNumber(part)}</Part></App>\n`,
      );
      written++;
    }
  }
  await file.write(`<Footer><RecordCount>${written}</RecordCount></Footer>\n</ACES>\n`);
  await file.end();
  return written;
}

fs.mkdirSync(OUT, { recursive: true });
const started = Date.now();
await zipOfTables(path.join(OUT, 'vcdb.zip'), {
  'Make.txt': vcdbMakes,
  'Model.txt': vcdbModels,
  'SubModel.txt': vcdbSubmodels,
  'Year.txt': vcdbYears,
  'BaseVehicle.txt': vcdbBaseVehicles,
  'Vehicle.txt': vcdbVehicles,
  'EngineBase.txt': vcdbEngineBases,
  'VehicleToEngineConfig.txt': vcdbVehicleEngines,
});
await zipOfTables(path.join(OUT, 'pcdb.zip'), { 'Parts.txt': pcdbParts, 'Positions.txt': pcdbPositions });
await pies();
const apps = await aces();
console.log(`Wrote ${PARTS.toLocaleString('en-US')} parts, ${BASE_VEHICLES.toLocaleString('en-US')} base vehicles and ${apps.toLocaleString('en-US')} applications to ${OUT} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
