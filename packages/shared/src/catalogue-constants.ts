/**
 * The catalogue's messages, limits and labels without zod: the home page's bundle reads these,
 * and must not build a schema before main.tsx has made zod jitless (the CSP forbids eval).
 */
import { formatPrice } from './money';

/**
 * The highest price the shop takes, in dollars: a part's list price (Add a Product, the editor, a
 * parts CSV or PIES file), a price break's, a contract's unit price, a search's price filter.
 */
export const PRICE_MAX = 1_000_000;

/** What a buyer reads when a catalogue input is wrong; the server and the browser share them. */
export const catalogueMessages = {
  queryTooLong: 'Search for at most 100 characters',
  badCategory: 'Choose a category from the list',
  badVehicle: 'Choose a vehicle from the list',
  badPrice: `Give a price in dollars from ${formatPrice(0)} to ${formatPrice(PRICE_MAX)}`,
  priceRange: 'The lowest price must not be above the highest',
  badPage: 'Pages run from 1 to 100',
  /** /shop at a `page` that is no page number (`?page=999`, `?page=x`): answered 404. */
  noSuchPage: 'There is no such page of results: pages run from 1 to 100.',
  /** /shop past its search's last page (`?page=50` of 3): answered 404. */
  pastLastPage: (page: number, last: number) => `There is no page ${page} of this search: its results end on page ${last}.`,
  /** /shop and the home page's parts, when the list did not come (a 500, no answer). */
  partsLoadFailed: 'The parts could not be loaded.',
  /** Under the last page of a search that matched more than SEARCH_MAX_PAGE pages' worth. */
  morePages: (shown: number) => `Showing the first ${shown.toLocaleString('en-US')}: narrow the search to see the rest`,
  badYear: 'Choose a year from the list',
  badMake: 'Choose a make from the list',
  badModel: 'Choose a model from the list',
  vinLength: 'A VIN has 17 characters',
  vinCharacters: 'A VIN has only the letters A–Z (not I, O or Q) and the digits 0–9',
  vinCheckDigit: 'This VIN’s check digit (9th character) does not match: check it for a typo',
  vinUnknownMake: 'We do not know the maker of this VIN (its first three characters)',
  vinYear: 'The 10th character of this VIN is no model year',
  /** A VIN lookup the shop gave no reason for failing (no connection, a 500). */
  vinLookupFailed: 'We could not look up this VIN just now: please try again in a moment.',
  /** A part's card and page: the numbers of the parts it replaces. */
  replaces: (partNumbers: readonly string[]) => `Replaces ${partNumbers.join(', ')}`,
  garageTooMany: 'My Garage keeps at most 10 vehicles',
  garageActive: 'The active vehicle must be one of the garage’s vehicles',
  /** My Garage's change the account's garage did not take (the garage shows what it holds). */
  garageNotSaved: {
    add: (vehicle: string) => `Your ${vehicle} was not saved to My Garage.`,
    remove: (vehicle: string) => `Your ${vehicle} was not removed from My Garage.`,
    activate: (vehicle: string) => `Your ${vehicle} was not made the vehicle you shop for.`,
    deactivate: (vehicle: string) => `My Garage still has your ${vehicle} as the vehicle you shop for.`,
  },
  /** After garageNotSaved, where the shop gave no reason of its own (no connection, a 500). */
  garageTryAgain: 'The shop could not save it: please try again in a moment.',
  vehicleNotFound: 'Vehicle not found',
  partNumber: 'A part number has 1–40 letters, digits and dashes',
  partNumberTaken: 'Another part has this part number',
  /** Quick order's note on a line that named a part by a former number (decision 112). */
  orderedByFormerNumber: (former: string, current: string) => `${former} is now numbered ${current}`,
  /** The part page's line under its number (decision 112). */
  formerly: (partNumbers: readonly string[]) => `Formerly ${partNumbers.join(', ')}`,
  oemNumber: 'An OEM number has 1–40 letters, digits, spaces, dots and dashes',
  tooManyOemNumbers: 'A part has at most 20 OEM numbers',
  tooManySpecs: 'A part has at most 30 specifications',
  specBlank: 'A specification needs a name and a value with characters that show',
  unknownCategory: 'Choose a category from the list',
  csvEmpty: 'The CSV has no rows',
  csvTooManyRows: 'Import at most 5,000 rows at a time',
  csvTooLarge: 'The CSV is larger than 1 MB: split it',
  csvHasErrors: 'Nothing was imported: correct the rows below and import again',
  csvColumns: 'A row has 5 or 6 columns: partNumber,make,model,yearFrom,yearTo[,engine]',
  csvUnknownPart: 'No part has this part number',
  csvUnknownVehicle: 'The vehicle list (VCdb) has no such make and model in every one of these years',
  csvUnknownEngine: 'The vehicle list (VCdb) has no such engine for this make and model in every one of these years',
  csvYears: 'yearFrom and yearTo are years from 1950 to 2100, yearFrom not after yearTo, at most 50 years apart',
  csvMake: 'make has 1–40 characters',
  csvModel: 'model has 1–60 characters',
  csvEngine: 'engine has at most 60 characters',
  csvSyntax: 'This line is not valid CSV (check its quotes)',
  csvFormula: 'make, model and engine may not begin with =, +, -, @, a tab or a line break: a spreadsheet would run them as a formula',
} as const;

export const FITMENT_CSV_COLUMNS = ['partNumber', 'make', 'model', 'yearFrom', 'yearTo', 'engine'] as const;
export const FITMENT_CSV_MAX_ROWS = 5_000;
export const FITMENT_CSV_MAX_BYTES = 1_000_000;

/** The home page's list and GET /api/parts answer this many parts a page. */
export const PARTS_PAGE_SIZE = 24;
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE = 100;
export const SEARCH_QUERY_MAX = 100;
export const YEAR_MIN = 1950;
export const YEAR_MAX = 2100;
export const GARAGE_MAX = 10;

export const searchSorts = ['relevance', 'price-asc', 'price-desc', 'name'] as const;
export type SearchSort = (typeof searchSorts)[number];

/** A part number as stored (migration 0007's check): upper case letters, digits and dashes, 1–40, not starting with a dash. */
export const PART_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,39}$/;

/** A vehicle shown to a buyer: "2018 Toyota Corolla". */
export const vehicleLabel = (vehicle: { year: number; make: string; model: string }) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

/** The last page of a search that matched `total` parts: at least 1, at most SEARCH_MAX_PAGE. */
export const lastSearchPage = (total: number, pageSize: number = SEARCH_PAGE_SIZE) => Math.min(SEARCH_MAX_PAGE, Math.max(1, Math.ceil(total / pageSize)));

/**
 * A whole number in a URL's query, as people and the shop's pages write one: decimal digits only
 * (`2`, `2017`). `Number()` (what `z.coerce` does) read `0x2` as 2, `1e1` as 10, `2.0` and ` 2 `
 * as 2: other addresses of the same answer (other entries of a cache), or a page the browser
 * showed that the address did not say. Here, without zod: the home page's bundle reads it (decision 188).
 */
const QUERY_WHOLE_NUMBER = /^[0-9]{1,15}$/;

/** `text` as a whole number if it is one in digits only; otherwise (missing, `0x2`, ` 2 `) NaN, which every bound refuses. */
export function readQueryWholeNumber(text: string | null | undefined): number {
  return text !== null && text !== undefined && QUERY_WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
}

/**
 * Whether a /shop `page` parameter is a page the search API takes, as its schema reads it
 * (`searchQuerySchema.page`: digits only, `readQueryWholeNumber`, from 1 to SEARCH_MAX_PAGE); the
 * browser does not ask for any other, and says there is no such page.
 */
export function isSearchPage(page: string): boolean {
  const number = readQueryWholeNumber(page);
  return number >= 1 && number <= SEARCH_MAX_PAGE;
}
