import { centsToDecimalText, isEnded, isReplaced } from '@autoparts/shared';
import type { Db } from '../../../db/database';
import { lastImport } from '../aces/writer';
import { EXPORT_PAGE, partsOnSale } from '../exports/parts-on-sale';
import { xmlText as escape } from '../xml-text';
import { partDescriptions } from './item';

export interface PiesExportOptions {
  /** Only the parts whose catalogue data changed on or after this day (an UPDATE file); all of them when absent (FULL). */
  since?: string;
  /** The shop's name, the file's TechnicalContact (left out when longer than TECHNICAL_CONTACT_MAX). */
  company: string;
  /** The address the shop's mail comes from, the file's ContactEmail. */
  contactEmail?: string;
  /** The shop's address (`BASE_URL`): a photo's URI is absolute. */
  baseUrl: string;
  /** Today, `YYYY-MM-DD`. */
  today: string;
}

/** PIES FileType of a photo's extension. */
const FILE_TYPES: Record<string, string> = { jpg: 'JPG', jpeg: 'JPG', png: 'PNG', gif: 'GIF', tif: 'TIF', tiff: 'TIF', bmp: 'BMP', webp: 'WEBP', pdf: 'PDF' };

/** A part's photo as PIES's DigitalFileInformation: its file's name first, then the primary photo's asset type, its file type and an absolute URI. */
function digitalFile(img: string, baseUrl: string): string {
  let uri: URL;
  try {
    uri = new URL(img, `${baseUrl}/`);
  } catch {
    return '';
  }
  const fileName = decodeURIComponent(uri.pathname.split('/').at(-1) ?? '') || 'photo';
  const fileType = FILE_TYPES[fileName.split('.').at(-1)?.toLowerCase() ?? ''];
  return `<DigitalFileInformation MaintenanceType="A" LanguageCode="EN">${element('FileName', fileName)}<AssetType>P04</AssetType>${element('FileType', fileType)}${element('URI', uri.href)}</DigitalFileInformation>`;
}

/** The parts archived on or after `since`, `EXPORT_PAGE` at a time (keyset): a net-change file deletes them. */
async function* archivedSince(db: Db, since: string) {
  let after = '0';
  for (;;) {
    const rows = await db
      .selectFrom('parts')
      .select(['seq', 'part_number', 'brand_aaia_id', 'part_terminology_id'])
      .where('archived_at', '>=', new Date(`${since}T00:00:00Z`))
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(EXPORT_PAGE)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    yield rows;
    after = last.seq;
  }
}

/** The numbers corrected away (former numbers, decision 112) on or after `since`, `EXPORT_PAGE` at a time (keyset): a net-change file deletes them, as its Item of the part's number now adds the part. */
async function* correctedSince(db: Db, since: string) {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('part_former_numbers')
      .innerJoin('parts', 'parts.id', 'part_former_numbers.part_id')
      .select(['part_former_numbers.part_number', 'parts.brand_aaia_id', 'parts.part_terminology_id'])
      .where('part_former_numbers.created_at', '>=', new Date(`${since}T00:00:00Z`))
      .where('part_former_numbers.part_number', '>', after)
      .orderBy('part_former_numbers.part_number')
      .limit(EXPORT_PAGE)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    yield rows;
    after = last.part_number;
  }
}

const element = (name: string, value: string | number | null | undefined, attributes = '') => (value === null || value === undefined || value === '' ? '' : `<${name}${attributes}>${escape(String(value))}</${name}>`);
const dollars = centsToDecimalText;

/**
 * The price sheet every Pricing names: PIES 7.2 requires a PriceSheetNumber in each Pricing, and
 * the Header's PriceSheets says what that number is. The shop has one list price (and its breaks).
 */
const LIST_PRICE_SHEET = 'LIST';

/**
 * A package's Dimensions, or nothing: PIES 7.2 requires all six of them (merchandising, then
 * shipping height, width and length), so they are written only when the part has all three of its
 * package's; the shop keeps one box per part, which is both what is shelved and what is shipped.
 */
function dimensions(part: { package_height_mm: number | null; package_width_mm: number | null; package_length_mm: number | null }): string {
  const { package_height_mm: height, package_width_mm: width, package_length_mm: length } = part;
  if (height === null || width === null || length === null) return '';
  const sides = (kind: string) => [element(`${kind}Height`, height / 10), element(`${kind}Width`, width / 10), element(`${kind}Length`, length / 10)].join('');
  return `<Dimensions UOM="CM">${sides('Merchandising')}${sides('Shipping')}</Dimensions>`;
}

/** What the Items of one page of parts say beside the parts' own columns. */
async function related(db: Db, parts: Array<{ id: string }>) {
  const ids = parts.map((row) => row.id);
  const [descriptions, breaks, interchange, kits, replaces] = await Promise.all([
    db.selectFrom('part_descriptions').select(['part_id', 'code', 'language', 'text']).where('part_id', 'in', ids).execute(),
    db.selectFrom('part_price_breaks').select(['part_id', 'min_quantity', 'unit_price_cents']).where('part_id', 'in', ids).orderBy('min_quantity').execute(),
    db.selectFrom('part_interchange').select(['part_id', 'brand', 'brand_kind', 'part_number', 'quantity']).where('part_id', 'in', ids).orderBy('position').execute(),
    db
      .selectFrom('part_kit_components')
      .innerJoin('parts', 'parts.id', 'part_kit_components.component_id')
      .select(['part_kit_components.kit_id as part_id', 'parts.part_number', 'parts.brand_aaia_id', 'parts.name', 'parts.archived_at', 'parts.lifecycle_code', 'part_kit_components.quantity'])
      .where('part_kit_components.kit_id', 'in', ids)
      .orderBy('part_kit_components.position')
      .execute(),
    db.selectFrom('parts').select(['replaced_by as part_id', 'part_number']).where('replaced_by', 'in', ids).orderBy('part_number').execute(),
  ]);
  return { descriptions, breaks, interchange, kits, replaces };
}

function grouped<T extends { part_id: string | null }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) if (row.part_id) map.set(row.part_id, [...(map.get(row.part_id) ?? []), row]);
  return map;
}

/**
 * A PIES 7.2 file of the shop's parts on sale, as a stream of text (decision 074): Header (in the
 * schema's order), one Item per part on sale (read a page at a time: `partsOnSale`), an Item
 * without a brand of its own under the shop's (settings' BrandAAIAID), and the Trailer's
 * ItemCount. Since a date, the parts archived since then and the numbers corrected away since
 * then (decision 134) follow as Items of MaintenanceType D.
 * What `readPies` reads back to the same parts.
 */
/**
 * The most characters of the Header's TechnicalContact in the 7.2 schema. The shop's legal name
 * (`SHOP_LEGAL_NAME`) may have up to 200: a longer one is left out (the element is optional, and
 * ContactEmail still says whom to write), never cut mid-word (decision 204).
 */
const TECHNICAL_CONTACT_MAX = 60;

export async function* writePies(db: Db, options: PiesExportOptions): AsyncGenerator<string> {
  const [settings, pcdb] = await Promise.all([db.selectFrom('shop_settings').select('brand_aaia_id').executeTakeFirst(), lastImport(db, 'pcdb')]);
  const shopBrand = settings?.brand_aaia_id ?? null;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<PIES xmlns="http://www.autocare.org">\n';
  yield [
    '<Header>',
    element('PIESVersion', '7.2'),
    element('SubmissionType', options.since ? 'UPDATE' : 'FULL'),
    element('BlanketEffectiveDate', options.today),
    element('ChangesSinceDate', options.since),
    element('CurrencyCode', 'USD'),
    element('LanguageCode', 'EN'),
    element('TechnicalContact', options.company.length <= TECHNICAL_CONTACT_MAX ? options.company : undefined),
    element('ContactEmail', options.contactEmail),
    element('PCdbVersionDate', pcdb ?? options.today),
    '</Header>\n',
    `<PriceSheets><PriceSheet MaintenanceType="A"><PriceSheetNumber>${LIST_PRICE_SHEET}</PriceSheetNumber><PriceSheetName>List prices</PriceSheetName><CurrencyCode>USD</CurrencyCode></PriceSheet></PriceSheets>\n<Items>\n`,
  ].join('');
  let count = 0;
  for await (const parts of partsOnSale(db, options.since)) {
    const rows = await related(db, parts);
    const [descriptions, breaks, interchange, kits, replaces] = [grouped(rows.descriptions), grouped(rows.breaks), grouped(rows.interchange), grouped(rows.kits), grouped(rows.replaces)];
    const out: string[] = [];
    for (const part of parts) {
      const brand = part.brand_aaia_id ?? shopBrand;
      const texts = partDescriptions(part, descriptions.get(part.id) ?? []);
      const pricing = (cents: number, from?: number) =>
        `<Pricing MaintenanceType="A" PriceType="LST"><PriceSheetNumber>${LIST_PRICE_SHEET}</PriceSheetNumber><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${dollars(cents)}</Price>${from === undefined ? '' : `<PriceBreak UOM="EA">${from}</PriceBreak>`}</Pricing>`;
      const pack = [element('PackageLevelGTIN', part.package_gtin), '<PackageUOM>EA</PackageUOM><QuantityofEaches>1</QuantityofEaches>', dimensions(part), part.weight_grams > 0 ? `<Weights UOM="KG"><Weight>${part.weight_grams / 1000}</Weight></Weights>` : ''].join('');
      const own = brand ? ` BrandAAIAID="${escape(brand)}"` : '';
      const interchanges = [
        ...(replaces.get(part.id) ?? []).map((row) => `<PartInterchange MaintenanceType="A"${own}><PartNumber InterchangeQuantity="1" UOM="EA">${escape(row.part_number)}</PartNumber></PartInterchange>`),
        ...(interchange.get(part.id) ?? []).map(
          (row) => `<PartInterchange MaintenanceType="A" ${row.brand_kind === 'code' ? 'BrandAAIAID' : 'BrandLabel'}="${escape(row.brand)}"><PartNumber InterchangeQuantity="${row.quantity}" UOM="EA">${escape(row.part_number)}</PartNumber></PartInterchange>`,
        ),
      ];
      const kit = (kits.get(part.id) ?? []).map(
        (row, index) =>
          // PIES 7.2 requires a component's Description (its name) and whether it is SoldSeparately: on
          // sale on its own, not archived, replaced (6, 7) or no longer made (8, 9; decision 213).
          `<KitComponent MaintenanceType="A">${element('ComponentPartNumber', row.part_number)}${element('ComponentBrand', row.brand_aaia_id ?? shopBrand)}${element('Description', row.name, ' DescriptionCode="DES" LanguageCode="EN"')}<QuantityInKit UOM="EA">${row.quantity}</QuantityInKit><SequenceCode>${index + 1}</SequenceCode><SoldSeparately>${row.archived_at || isReplaced(row.lifecycle_code) || isEnded(row.lifecycle_code) ? 'N' : 'Y'}</SoldSeparately></KitComponent>`,
      );
      out.push(
        [
          '<Item MaintenanceType="A">',
          element('ItemLevelGTIN', part.gtin, ' GTINQualifier="UP"'),
          element('PartNumber', part.part_number),
          element('BrandAAIAID', brand),
          element('MinimumOrderQuantity', part.min_order_quantity, ' UOM="EA"'),
          element('PartTerminologyID', part.part_terminology_id),
          `<Descriptions>${texts.map((row) => element('Description', row.text, ` MaintenanceType="A" DescriptionCode="${row.code}" LanguageCode="${row.language}"`)).join('')}</Descriptions>`,
          `<Prices>${pricing(part.price_cents)}${(breaks.get(part.id) ?? []).map((row) => pricing(row.unit_price_cents, row.min_quantity)).join('')}</Prices>`,
          `<ExtendedInformation><ExtendedProductInformation MaintenanceType="A" EXPICode="LIF">${part.lifecycle_code}</ExtendedProductInformation></ExtendedInformation>`,
          `<Packages><Package MaintenanceType="A">${pack}</Package></Packages>`,
          kit.length > 0 ? `<Kits>${kit.join('')}</Kits>` : '',
          interchanges.length > 0 ? `<PartInterchangeInfo>${interchanges.join('')}</PartInterchangeInfo>` : '',
          part.img ? `<DigitalAssets>${digitalFile(part.img, options.baseUrl)}</DigitalAssets>` : '',
          '</Item>\n',
        ].join(''),
      );
      count += 1;
    }
    yield out.join('');
  }
  if (options.since) {
    // The parts archived since the day, and the numbers corrected away since then (the part goes
    // out above under its number now, which a receiver without former numbers takes for a new part).
    for (const deleted of [archivedSince(db, options.since), correctedSince(db, options.since)]) {
      for await (const parts of deleted) {
        yield parts
          .map((part) => `<Item MaintenanceType="D">${element('PartNumber', part.part_number)}${element('BrandAAIAID', part.brand_aaia_id ?? shopBrand)}${element('PartTerminologyID', part.part_terminology_id)}</Item>\n`)
          .join('');
        count += parts.length;
      }
    }
  }
  yield `</Items>\n<Trailer><ItemCount>${count}</ItemCount><TransactionDate>${options.today}</TransactionDate></Trailer>\n</PIES>\n`;
}
