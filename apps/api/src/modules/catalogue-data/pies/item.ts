import type { CatalogueProblem, Interchange } from '@autoparts/shared';

/**
 * One part as a catalogue file describes it (a PIES Item or a parts-CSV row), in the shop's units:
 * cents, grams, millimetres, GTINs as 14 digits. `undefined` leaves what the part has; `null` or
 * an empty list clears it.
 */
export interface CatalogueItem {
  partNumber: string;
  name?: string;
  description?: string;
  /** Cents. */
  listPrice?: number;
  priceBreaks?: Array<{ minQuantity: number; unitPriceCents: number }>;
  minOrderQuantity?: number;
  categorySlug?: string | null;
  gtin?: string | null;
  brandAaiaId?: string | null;
  partTerminologyId?: number | null;
  descriptions?: Array<{ code: string; language: string; text: string }>;
  package?: { weightGrams: number | null; lengthMm: number | null; widthMm: number | null; heightMm: number | null; gtin: string | null };
  photoUrl?: string;
  lifecycle?: string;
  /** The part number that replaces this part (parts CSV). */
  replacedBy?: string | null;
  /** Our own older numbers this part replaces (PIES: an interchange of the item's own brand). */
  replaces?: string[];
  /** Other brands' numbers, each brand as the file named it: a BrandLabel or a BrandAAIAID. */
  interchange?: Interchange[];
  kit?: Array<{ partNumber: string; quantity: number }>;
  /** PIES `<Item MaintenanceType="D">`: the part is archived if the shop has it, never created; the item's other fields are not read. */
  archive?: true;
}

/** What a reader yields: an item with the line it starts on and what is wrong with it, or a file that cannot be read on. */
export type ReadRecord = { line: number; item: CatalogueItem; problems: CatalogueProblem[] } | { line: number; fatal: CatalogueProblem };

/** `digits` as a GTIN of 14 digits when its check digit (GS1's mod 10) is right, else undefined. */
export function gtin14(digits: string): string | undefined {
  const text = digits.trim();
  if (!/^([0-9]{8}|[0-9]{12,14})$/.test(text)) return undefined;
  const padded = text.padStart(14, '0');
  let sum = 0;
  for (let index = 0; index < 13; index += 1) sum += Number(padded[index]) * (index % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(padded[13]) ? padded : undefined;
}

/**
 * A part's PIES descriptions as its pages and exports give them: its name as DES, the other codes
 * stored (SHO, EXT …), its description as MKT (decision 074).
 */
export function partDescriptions(part: { name: string; description: string }, stored: Array<{ code: string; language: string; text: string }>) {
  return [
    { code: 'DES', language: 'EN', text: part.name },
    ...[...stored].sort((a, b) => a.code.localeCompare(b.code) || a.language.localeCompare(b.language)),
    ...(part.description ? [{ code: 'MKT', language: 'EN', text: part.description }] : []),
  ];
}
