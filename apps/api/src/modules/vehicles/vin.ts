import fs from 'node:fs';
import zlib from 'node:zlib';
import { catalogueMessages, normaliseVin, vehicleSchema, vinModelYear, vinProblem, vinWmi } from '@autoparts/shared';
import { z } from 'zod';
import { wmiMakes } from './wmi-makes';

export const vinReplySchema = z.object({
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  /**
   * The model the VIN's descriptor section stands for (NHTSA vPIC's patterns), in the
   * catalogue's spelling when the catalogue has it; null when the data does not pin one model.
   */
  model: z.string().nullable(),
  /** The catalogue's vehicles it may be: of that model when listed, else of that make and year. */
  vehicles: z.array(vehicleSchema),
});

/** vin-models.json.gz, as scripts/derive-vin-models.ts writes it (decision 021). */
interface VinModels {
  source: string;
  /** "Make|Model", each once. */
  models: string[];
  /** WMI → "yearFrom-yearTo" (0: still made) → [key, index into models]. */
  patterns: Record<string, Record<string, Array<[key: string, model: number]>>>;
}

let vinModels: VinModels | undefined;

/** Read once, at the first VIN decoded: 0.2 MB on disk, a few MB in memory. */
function loadVinModels(): VinModels {
  vinModels ??= JSON.parse(zlib.gunzipSync(fs.readFileSync(new URL('./vin-models.json.gz', import.meta.url))).toString('utf8')) as VinModels;
  return vinModels;
}

/** Whether `char` is in a vPIC character class's body: "A-C5" is A, B, C or 5. */
function inClass(body: string, char: string): boolean {
  for (let index = 0; index < body.length; index++) {
    const from = body[index] ?? '';
    if (body[index + 1] === '-' && index + 2 < body.length) {
      if (char >= from && char <= (body[index + 2] ?? '')) return true;
      index += 2;
    } else if (from === char) return true;
  }
  return false;
}

/**
 * vPIC's rule: a pattern's key matches the descriptor (positions 4–8, `|`, positions 10–17) from
 * its first character on; `*` is any character, `[…]` one of a class.
 */
export function vinKeyMatches(key: string, descriptor: string): boolean {
  let at = 0;
  for (let index = 0; index < key.length; index++, at++) {
    const char = descriptor[at];
    if (char === undefined) return false;
    const wanted = key[index];
    if (wanted === '*') continue;
    if (wanted === '[') {
      const end = key.indexOf(']', index);
      if (end < 0 || !inClass(key.slice(index + 1, end), char)) return false;
      index = end;
      continue;
    }
    if (wanted !== char) return false;
  }
  return true;
}

/** The makes and models of every vPIC pattern the VIN's descriptor matches, each once. */
function modelsOfVin(vin: string, year: number): Array<{ make: string; model: string }> {
  const { models, patterns } = loadVinModels();
  const descriptor = `${vin.slice(3, 8)}|${vin.slice(9)}`;
  const found = new Set<string>();
  for (const [years, keys] of Object.entries(patterns[vinWmi(vin)] ?? {})) {
    const [from = 0, to = 0] = years.split('-').map(Number);
    if (year < from || (to !== 0 && year > to)) continue;
    for (const [key, model] of keys) if (vinKeyMatches(key, descriptor)) found.add(models[model] ?? '');
  }
  return [...found].flatMap((entry) => {
    const [make = '', model = ''] = entry.split('|');
    return make && model ? [{ make, model }] : [];
  });
}

/**
 * A VIN's model year, make and, where vPIC's data pins it, model, offline: the year from its
 * 10th character (shared/vin.ts), the makes from its World Manufacturer Identifier (wmi-makes.ts),
 * the model from its descriptor section (vin-models.json.gz; decisions 021, 042). `model` is set
 * when every matching pattern names the same model; `candidates` are the models of all of them
 * (none when no pattern matches). `makes` lists the model's make first.
 */
export function decodeVin(input: string):
  | { vin: string; year: number; makes: readonly string[]; model: { make: string; model: string } | undefined; candidates: string[] }
  | { problem: string } {
  const problem = vinProblem(input);
  if (problem) return { problem };
  const vin = normaliseVin(input);
  const makes = wmiMakes[vinWmi(vin)];
  const year = vinModelYear(vin);
  if (!makes?.length) return { problem: catalogueMessages.vinUnknownMake };
  if (year === undefined) return { problem: catalogueMessages.vinYear };
  const found = modelsOfVin(vin, year);
  const candidates = [...new Set(found.map((entry) => entry.model))];
  const model = candidates.length === 1 ? found[0] : undefined;
  return { vin, year, makes: model ? [...new Set([model.make, ...makes])] : makes, model, candidates };
}

const words = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * Whether the catalogue's model is the VIN's: the same words, or the VIN's followed by more
 * ("Silverado" is the catalogue's "Silverado 1500"). vPIC names BMW's series by their trims, whose
 * first digit is the series ("328i" and "M340i" are a "3 Series").
 */
export function sameModel(catalogue: string, vin: string): boolean {
  const [listed, decoded] = [words(catalogue), words(vin)];
  if (decoded === '') return false;
  if (listed === decoded || listed.startsWith(`${decoded} `)) return true;
  const series = /^(\d) series$/.exec(listed)?.[1];
  return series !== undefined && new RegExp(`^m?${series}\\d\\d[a-z]*( |$)`).test(decoded);
}
