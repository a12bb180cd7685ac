import type { Readable } from 'node:stream';
import { type CatalogueProblem, decimalTextToCents, LIFECYCLE_CODE_PATTERN } from '@autoparts/shared';
import type { SaxesTagPlain } from 'saxes';
import { XmlFile } from '../xml-file';
import { gtin14, type CatalogueItem, type ReadRecord } from './item';

/** Millimetres in one unit of a PIES dimension UOM. */
const MM_PER: Record<string, number> = { MM: 1, CM: 10, M: 1000, IN: 25.4, FT: 304.8 };
/** Grams in one unit of a PIES weight UOM (PG is the pound gross weight PIES uses). */
const GRAMS_PER: Record<string, number> = { GR: 1, GT: 1, G: 1, KG: 1000, PG: 453.59237, LB: 453.59237, OZ: 28.349523125 };

/** The description codes whose text names the part, best first, and those that describe it. */
const NAME_CODES = ['DES', 'SHO'];
const DESCRIPTION_CODES = ['MKT', 'EXT'];

interface Building {
  line: number;
  item: CatalogueItem;
  problems: CatalogueProblem[];
  brandAaiaId?: string;
  descriptions: Array<{ code: string; language: string; text: string }>;
  prices: Array<{ price?: string; breakQuantity?: string; currency?: string; effective?: string; expiration?: string; line: number }>;
  lifecycle?: string;
  package?: { line: number; gtin?: string; dimensionsUom?: string; weightsUom?: string; dims: Record<string, string>; weight?: string };
  interchange: Array<{ brandAaiaId?: string; brandLabel?: string; partNumber?: string; quantity?: string }>;
  /** `quantity` is QuantityInKit's, `sequence` SequenceCode's. */
  kit: Array<{ partNumber?: string; quantity?: string; sequence?: string }>;
  photos: Array<{ assetType?: string; uri?: string }>;
  /** The parents of the segments the item carries (`Prices`, `Packages`, `PartInterchangeInfo`, `Kits`): one it leaves out leaves the part's as they are. */
  carries: Set<string>;
}

/** What the file's Header says that its Items take as given. */
interface Header {
  submissionType?: string;
  /** The currency of a Pricing that names none. */
  currencyCode?: string;
  /** The import's day, `YYYY-MM-DD`: a Pricing is taken when it is in force on it. */
  today: string;
  /** The language of a Description that names none. */
  languageCode?: string;
}

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** The elements whose presence in an Item means "this is what the part has of it" (decision 074). */
const SEGMENT_PARENTS = new Set(['Prices', 'Packages', 'PartInterchangeInfo', 'Kits']);
/** The segments an Item may mark `MaintenanceType="D"`, under the element whose set they belong to. */
const SEGMENTS: Record<string, string> = {
  Description: 'Descriptions',
  Pricing: 'Prices',
  Package: 'Packages',
  PartInterchange: 'PartInterchangeInfo',
  KitComponent: 'Kits',
  ExtendedProductInformation: 'ExtendedInformation',
  DigitalFileInformation: 'DigitalAssets',
};

/**
 * Reads a PIES 7.2 file as a stream (saxes, decision 074) and yields its Items one at a time, each
 * with the line its `<Item>` starts on; a file is never held whole. What PIES 7.2 carries and where:
 * - life-cycle status: `ExtendedInformation/ExtendedProductInformation[@EXPICode="LIF"]`;
 * - replaced-by: the replacing item lists the numbers it replaces in `PartInterchangeInfo`, as for
 *   another brand's, under its own `BrandAAIAID` (or no brand at all): those become `replaces`;
 * - the list price and its breaks: `Prices/Pricing[@PriceType="LST"]`, one `Pricing` per break
 *   with its `PriceBreak` quantity;
 * - the photo: the `DigitalFileInformation` of AssetType P04 (primary photo), else the first one's URI.
 * Malformed XML ends the file with an `xml` problem naming its line.
 */
export function readPies(input: Readable, options: { today?: string } = {}): AsyncGenerator<ReadRecord> {
  const path: string[] = [];
  let text = '';
  let current: Building | undefined;
  let attributes: Record<string, string> = {};
  const stack: Array<Record<string, string>> = [];
  const header: Header = { today: options.today ?? new Date().toISOString().slice(0, 10) };
  const file = new XmlFile<ReadRecord>('PIES', () => current?.item.partNumber ?? '');
  const { parser } = file;
  /** The Items the file holds, and its Trailer's ItemCount once read. */
  let items = 0;
  let itemCount: string | undefined;

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    path.push(name);
    file.opened(path.length, name);
    stack.push(tag.attributes);
    text = '';
    if (name === 'Item' && path.at(-2) === 'Items') {
      items += 1;
      file.recordOpened('Item');
      current = { line: parser.line, item: { partNumber: '' }, problems: [], descriptions: [], prices: [], interchange: [], kit: [], photos: [], carries: new Set() };
      const maintenance = tag.attributes.MaintenanceType?.toUpperCase();
      if (maintenance === 'D') current.item.archive = true;
      else if (maintenance !== undefined && maintenance !== 'A' && maintenance !== 'C') problem(current, 'invalid-value', `Item MaintenanceType "${tag.attributes.MaintenanceType}" is not A (add), C (change) or D (delete).`);
      return;
    }
    if (!current) return;
    const attrs = tag.attributes;
    if (SEGMENT_PARENTS.has(name) && path.at(-2) === 'Item') current.carries.add(name);
    if (attrs.MaintenanceType?.toUpperCase() === 'D' && SEGMENTS[name] && !current.item.archive) {
      // The shop replaces a segment's whole set with the rows the Item lists; a delete of one row would
      // otherwise be read as a row to add.
      problem(current, 'invalid-value', `A ${name} with MaintenanceType D (line ${parser.line}) is not taken: the Item's ${SEGMENTS[name]} replace the part's, so send the ${SEGMENTS[name]} it keeps, without this one.`);
    }
    if (name === 'Pricing') current.prices.push({ line: parser.line, ...(attrs.PriceType === 'LST' ? {} : { currency: 'skip' }) });
    else if (name === 'Package' && !current.package) current.package = { line: parser.line, dims: {} };
    else if (name === 'Dimensions' && current.package && path.at(-2) === 'Package') current.package.dimensionsUom = attrs.UOM;
    else if (name === 'Weights' && current.package && path.at(-2) === 'Package') current.package.weightsUom = attrs.UOM;
    else if (name === 'PartInterchange') current.interchange.push({ brandAaiaId: attrs.BrandAAIAID, brandLabel: attrs.BrandLabel });
    else if (name === 'KitComponent') current.kit.push({});
    else if (name === 'DigitalFileInformation') current.photos.push({});
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', () => {
    file.closed();
    const name = path.pop() ?? '';
    attributes = stack.pop() ?? {};
    const value = text.trim();
    text = '';
    const parent = path.at(-1);
    if (!current) {
      if (parent === 'Header' && name === 'SubmissionType') header.submissionType = value.toUpperCase();
      if (parent === 'Header' && name === 'CurrencyCode' && value) header.currencyCode = value.toUpperCase();
      if (parent === 'Header' && name === 'LanguageCode' && value) header.languageCode = value.toUpperCase();
      if (parent === 'Trailer' && name === 'ItemCount' && path.length === 2) itemCount = value;
      return;
    }
    if (name === 'Item' && parent === 'Items') {
      file.recordClosed();
      file.finished(finish(current, header));
      current = undefined;
      return;
    }
    onField(current, name, parent ?? '', value, attributes);
  });

  // The Trailer's count of the file's Items: a file that lost Items on its way is not applied in
  // part as if whole, as an ACES file whose Footer's count differs is not (decisions 174, 183). A
  // file without a Trailer is read as before.
  return file.records(input, (lastLine) => {
    if (itemCount !== undefined && (!/^[0-9]+$/.test(itemCount) || Number(itemCount) !== items)) {
      file.end({ line: lastLine, ref: '', code: 'invalid-value', message: itemCountDiffers(itemCount, items) });
    }
  });
}

const itemCountDiffers = (said: string, held: number) =>
  `The Trailer's ItemCount says ${said === '' ? 'nothing' : `"${said}"`}, but the file holds ${held.toLocaleString('en-US')} Item${held === 1 ? '' : 's'}: it may have lost some on its way, so nothing of it is applied.`;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function onField(b: Building, name: string, parent: string, value: string, attrs: Record<string, string>): void {
  const item = b.item;
  const price = b.prices.at(-1);
  switch (`${parent}/${name}`) {
    case 'Item/PartNumber':
      item.partNumber = value;
      return;
    case 'Item/BrandAAIAID':
      b.brandAaiaId = value;
      return;
    case 'Item/PartTerminologyID':
      item.partTerminologyId = whole(b, 'PartTerminologyID', value) ?? null;
      return;
    case 'Item/MinimumOrderQuantity':
      item.minOrderQuantity = whole(b, 'MinimumOrderQuantity', value);
      return;
    case 'Item/ItemLevelGTIN':
      item.gtin = gtin(b, 'ItemLevelGTIN', value);
      return;
    case 'Descriptions/Description':
      // A Description without a LanguageCode is in the Header's (`finish`).
      if (value) b.descriptions.push({ code: (attrs.DescriptionCode ?? 'DES').toUpperCase(), language: attrs.LanguageCode?.toUpperCase() ?? '', text: value });
      return;
    case 'Pricing/Price':
      if (price) price.price = value;
      return;
    case 'Pricing/PriceBreak':
      if (price) price.breakQuantity = value;
      return;
    case 'Pricing/EffectiveDate':
      if (price) price.effective = value;
      return;
    case 'Pricing/ExpirationDate':
      if (price) price.expiration = value;
      return;
    case 'Pricing/CurrencyCode':
      if (price && price.currency !== 'skip') price.currency = value;
      return;
    case 'ExtendedInformation/ExtendedProductInformation':
      if (attrs.EXPICode === 'LIF') b.lifecycle = value;
      return;
    case 'Package/PackageLevelGTIN':
      if (b.package) b.package.gtin = value;
      return;
    case 'Dimensions/ShippingLength':
    case 'Dimensions/ShippingWidth':
    case 'Dimensions/ShippingHeight':
    case 'Dimensions/MerchandisingLength':
    case 'Dimensions/MerchandisingWidth':
    case 'Dimensions/MerchandisingHeight':
      if (b.package) b.package.dims[name] = value;
      return;
    case 'Weights/Weight':
      if (b.package) b.package.weight = value;
      return;
    case 'PartInterchange/PartNumber': {
      const row = b.interchange.at(-1);
      if (row) Object.assign(row, { partNumber: value, quantity: attrs.InterchangeQuantity });
      return;
    }
    // PIES 7.x names a component's quantity QuantityInKit and its order SequenceCode; the names
    // this shop wrote before (QuantityInComponent, Sequence) are still read.
    case 'KitComponent/ComponentPartNumber':
    case 'KitComponent/QuantityInKit':
    case 'KitComponent/QuantityInComponent':
    case 'KitComponent/SequenceCode':
    case 'KitComponent/Sequence': {
      const row = b.kit.at(-1);
      const key = name === 'ComponentPartNumber' ? 'partNumber' : name.startsWith('Quantity') ? 'quantity' : 'sequence';
      if (row) row[key] = value;
      return;
    }
    case 'DigitalFileInformation/AssetType':
    case 'DigitalFileInformation/URI': {
      const row = b.photos.at(-1);
      if (row) row[name === 'URI' ? 'uri' : 'assetType'] = value;
      return;
    }
    default:
  }
}

function problem(b: Building, code: CatalogueProblem['code'], message: string, line = b.line): void {
  b.problems.push({ line, ref: b.item.partNumber, code, message });
}

function whole(b: Building, field: string, value: string): number | undefined {
  if (/^[0-9]{1,9}$/.test(value) && Number(value) > 0) return Number(value);
  problem(b, 'invalid-value', `${field} "${value}" is not a whole number above 0.`);
  return undefined;
}

function decimal(b: Building, field: string, value: string, line: number): number | undefined {
  if (/^[0-9]{1,9}(\.[0-9]{1,6})?$/.test(value)) return Number(value);
  // "-1" and "12.1234567" are numbers: what the shop takes is said, not "is not a number".
  problem(b, 'invalid-value', `${field} "${value}" is not a number of 0 or more written as digits, with at most 6 after the point (12.50).`, line);
  return undefined;
}

function gtin(b: Building, field: string, value: string): string | null {
  if (value === '') return null;
  const checked = gtin14(value);
  if (checked) return checked;
  problem(b, 'gtin-check-digit', `${field} "${value}" is not a GTIN: its check digit is wrong or it is not 8, 12, 13 or 14 digits.`);
  return null;
}

/** The item as the shop takes it, with every problem found. */
function finish(b: Building, header: Header): ReadRecord {
  const item = b.item;
  if (!item.partNumber) problem(b, 'missing-field', 'The Item has no PartNumber.');
  if (item.archive) {
    // A delete needs only the part's number; what else the Item says is not read, nor its problems.
    return { line: b.line, item: { partNumber: item.partNumber, archive: true }, problems: b.problems.filter((found) => found.code === 'missing-field') };
  }
  item.brandAaiaId = b.brandAaiaId ?? null;
  // The part's name and description are two of its descriptions, kept in its columns and not twice.
  for (const row of b.descriptions) row.language ||= header.languageCode ?? 'EN';
  // The shop's pages are in English (and its exports label the name EN): an English text names and
  // describes the part before one in the file's own language, before any other.
  const languages = ['EN', header.languageCode, undefined];
  const pick = (codes: string[]) => languages.flatMap((language) => codes.map((code) => b.descriptions.find((row) => row.code === code && (language === undefined || row.language === language)))).find(Boolean);
  const named = pick(NAME_CODES);
  if (named) item.name = named.text.slice(0, 200);
  const described = pick(DESCRIPTION_CODES);
  if (described) item.description = described.text;
  item.descriptions = b.descriptions.filter((row) => row !== named && row !== described);

  // The shop has one price at a time: of the LST Pricings in force on the import's day, the one
  // that took effect last (later in the file when equal); one that has expired is passed over, one
  // yet to come is not applied and says so.
  const breaks = new Map<number, { unitPriceCents: number; since: string }>();
  let listSince: string | undefined;
  for (const price of b.prices) {
    if (price.currency === 'skip' || price.price === undefined) continue;
    // A Pricing without a CurrencyCode is in the Header's (PIES), and only then taken as USD.
    const currency = price.currency ?? header.currencyCode;
    if (currency !== undefined && currency !== 'USD') {
      problem(b, 'invalid-value', `The list price is in ${currency}; the shop sells in USD.`, price.line);
      continue;
    }
    const undated = (['EffectiveDate', 'ExpirationDate'] as const).find((field) => {
      const value = field === 'EffectiveDate' ? price.effective : price.expiration;
      return value !== undefined && !DATE.test(value);
    });
    if (undated) {
      problem(b, 'invalid-value', `${undated} "${undated === 'EffectiveDate' ? price.effective : price.expiration}" is not a date (YYYY-MM-DD).`, price.line);
      continue;
    }
    if (price.expiration !== undefined && price.expiration < header.today) continue;
    // Rounded half up from its digits: a price of four decimals ("12.3450", as PIES writes them) is whole cents.
    const cents = decimal(b, 'Price', price.price, price.line) === undefined ? undefined : decimalTextToCents(price.price);
    if (cents === undefined) continue;
    const what = price.breakQuantity === undefined ? 'list price' : `price from ${price.breakQuantity}`;
    if (price.effective !== undefined && price.effective > header.today) {
      problem(b, 'not-applied', `The ${what} ${price.price} takes effect on ${price.effective}, after the import's day (${header.today}): it is not applied, and the part keeps its current price; send it again on or after that day.`, price.line);
      continue;
    }
    const since = price.effective ?? '';
    if (price.breakQuantity === undefined) {
      if (listSince === undefined || since >= listSince) [item.listPrice, listSince] = [cents, since];
      continue;
    }
    const from = Number(price.breakQuantity);
    if (!Number.isInteger(from) || from <= 1) problem(b, 'invalid-value', `PriceBreak "${price.breakQuantity}" is not a quantity above 1.`, price.line);
    else if (since >= (breaks.get(from)?.since ?? '')) breaks.set(from, { unitPriceCents: cents, since });
  }
  // An UPDATE's Pricing of the list price alone changes that price and leaves the breaks; a FULL
  // file's Prices, or any Pricing with a PriceBreak, say which breaks the part has.
  const tellsBreaks = b.prices.some((price) => price.currency !== 'skip' && price.breakQuantity !== undefined) || header.submissionType !== 'UPDATE';
  if (b.carries.has('Prices') && tellsBreaks) {
    item.priceBreaks = [...breaks].map(([minQuantity, { unitPriceCents }]) => ({ minQuantity, unitPriceCents })).sort((a, c) => a.minQuantity - c.minQuantity);
  }

  if (b.lifecycle !== undefined) {
    // A code of the PIES list: digits, or A ("Available only while supplies last", decision 213).
    const code = b.lifecycle.toUpperCase();
    if (LIFECYCLE_CODE_PATTERN.test(code)) item.lifecycle = code;
    else problem(b, 'invalid-value', `The life-cycle status (EXPI LIF) "${b.lifecycle}" is not a PIES code.`);
  }

  const pack = b.package;
  if (pack) {
    const toMm = pack.dimensionsUom === undefined ? undefined : MM_PER[pack.dimensionsUom.toUpperCase()];
    const toGrams = pack.weightsUom === undefined ? undefined : GRAMS_PER[pack.weightsUom.toUpperCase()];
    if (Object.keys(pack.dims).length > 0 && toMm === undefined) problem(b, 'invalid-value', `Dimensions UOM "${pack.dimensionsUom ?? ''}" is not one of ${Object.keys(MM_PER).join(', ')}.`, pack.line);
    if (pack.weight !== undefined && toGrams === undefined) problem(b, 'invalid-value', `Weights UOM "${pack.weightsUom ?? ''}" is not one of ${Object.keys(GRAMS_PER).join(', ')}.`, pack.line);
    const dimension = (which: string) => {
      const value = pack.dims[`Shipping${which}`] ?? pack.dims[`Merchandising${which}`];
      if (value === undefined || toMm === undefined) return null;
      const number = decimal(b, which, value, pack.line);
      return number === undefined ? null : Math.round(number * toMm);
    };
    const weight = pack.weight === undefined || toGrams === undefined ? undefined : decimal(b, 'Weight', pack.weight, pack.line);
    item.package = {
      weightGrams: weight === undefined ? null : Math.round(weight * (toGrams ?? 1)),
      lengthMm: dimension('Length'),
      widthMm: dimension('Width'),
      heightMm: dimension('Height'),
      gtin: pack.gtin === undefined ? null : gtin(b, 'PackageLevelGTIN', pack.gtin),
    };
  } else if (b.carries.has('Packages')) item.package = { weightGrams: null, lengthMm: null, widthMm: null, heightMm: null, gtin: null };

  if (b.carries.has('PartInterchangeInfo')) {
    const replaces: string[] = [];
    const interchange: NonNullable<CatalogueItem['interchange']> = [];
    for (const row of b.interchange) {
      if (!row.partNumber) continue;
      const own = row.brandAaiaId ? row.brandAaiaId === b.brandAaiaId : !row.brandLabel;
      if (own) {
        replaces.push(row.partNumber);
        continue;
      }
      const quantity = row.quantity === undefined ? 1 : whole(b, 'InterchangeQuantity', row.quantity);
      // A brand is kept as the file names it (decision 206); a row with both keeps its label, as before.
      // A code in capitals, as Manage Products keeps one (the database holds a code so).
      const brand = row.brandLabel ? { brand: row.brandLabel, brandKind: 'label' as const } : { brand: (row.brandAaiaId ?? '').trim().toUpperCase(), brandKind: 'code' as const };
      if (quantity !== undefined) interchange.push({ ...brand, partNumber: row.partNumber, quantity });
    }
    Object.assign(item, { replaces, interchange });
  }

  const kit = b.kit
    .map((row, index) => ({ row, sequence: row.sequence === undefined || !Number.isFinite(Number(row.sequence)) ? index : Number(row.sequence) }))
    .sort((a, c) => a.sequence - c.sequence);
  if (b.carries.has('Kits')) {
    const components: NonNullable<CatalogueItem['kit']> = [];
    for (const { row } of kit) {
      if (!row.partNumber) continue;
      const quantity = row.quantity === undefined ? 1 : decimal(b, 'QuantityInKit', row.quantity, b.line);
      if (quantity !== undefined && Number.isInteger(quantity) && quantity >= 1) components.push({ partNumber: row.partNumber, quantity });
      else if (quantity !== undefined) problem(b, 'invalid-value', `QuantityInKit "${row.quantity}" is not a whole number above 0.`);
    }
    item.kit = components;
  }

  const photo = b.photos.find((row) => row.assetType === 'P04' && row.uri) ?? b.photos.find((row) => row.uri);
  if (photo?.uri) item.photoUrl = photo.uri;
  // An element before PartNumber (ItemLevelGTIN) found its problem before the item had a name.
  return { line: b.line, item, problems: b.problems.map((found) => ({ ...found, ref: item.partNumber })) };
}
