import type { Readable } from 'node:stream';
import { catalogueDataMessages, type CatalogueProblem, dollarsToCents, LIFECYCLE_CODE_PATTERN } from '@autoparts/shared';
import { CsvError, parse } from 'csv-parse';
import { readCsvCellText } from '../../../lib/csv-cell';
import { isStorableText } from '../../../lib/storable-text';
import type { Importer } from '../importer';
import { importItems } from '../pies/import';
import { gtin14, type CatalogueItem, type ReadRecord } from '../pies/item';
import { MAX_LINE } from '../pipe-table';
import { through } from '../upload-stream';
import { PARTS_CSV_COLUMNS, type PartsCsvColumn } from './columns';

/** Reads a parts CSV (a header line of column names first) as a stream, a record at a time. */
async function* readPartsCsv(input: Readable, columns: { named?: string[] } = {}): AsyncGenerator<ReadRecord> {
  const parser = through(input, parse({ info: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true, max_record_size: MAX_LINE }));
  let header: string[] | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record;
        columns.named = header;
        if (!header.includes('partNumber')) {
          yield { line: info.lines, fatal: { line: info.lines, ref: '', code: 'missing-column', message: `The first line must name the columns, partNumber among them (${PARTS_CSV_COLUMNS.join(', ')}).` } };
          return;
        }
        continue;
      }
      const cells = new Map<PartsCsvColumn, string>();
      header.forEach((name, index) => {
        if ((PARTS_CSV_COLUMNS as readonly string[]).includes(name)) cells.set(name as PartsCsvColumn, readCsvCellText(record[index] ?? ''));
      });
      yield toItem(cells, info.lines);
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as CsvError & { lines?: number }).lines) || 1;
    yield { line, fatal: { line, ref: '', code: 'csv', message: `The CSV cannot be read on line ${line}: ${error.message}` } };
  }
}

function toItem(cells: Map<PartsCsvColumn, string>, line: number): ReadRecord {
  const partNumber = cells.get('partNumber') ?? '';
  const problems: CatalogueProblem[] = [];
  const problem = (code: CatalogueProblem['code'], message: string) => problems.push({ line, ref: partNumber, code, message });
  const item: CatalogueItem = { partNumber };
  if (!partNumber) problem('missing-field', 'The row has no partNumber.');
  for (const [column, cell] of cells) if (!isStorableText(cell)) problem('invalid-value', catalogueDataMessages.unstorableCell(column));
  /** A cell's text: undefined when the column is absent, or empty where an empty cell keeps the field. */
  const text = (column: PartsCsvColumn, emptyKeeps = false) => {
    const cell = cells.get(column);
    return cell === undefined || (emptyKeeps && cell === '') ? undefined : cell;
  };
  const number = (column: PartsCsvColumn, pattern: RegExp, what: string) => {
    const cell = text(column);
    if (cell === undefined || cell === '') return cell === undefined ? undefined : null;
    if (pattern.test(cell)) return Number(cell);
    problem('invalid-value', `${column} "${cell}" is not ${what}.`);
    return undefined;
  };
  const whole = /^[0-9]{1,9}$/;
  const gtin = (column: PartsCsvColumn) => {
    const cell = text(column);
    if (cell === undefined || cell === '') return cell === undefined ? undefined : null;
    const checked = gtin14(cell);
    if (!checked) problem('gtin-check-digit', `${column} "${cell}" is not a GTIN: its check digit is wrong or it is not 8, 12, 13 or 14 digits.`);
    return checked ?? null;
  };

  item.name = text('name', true)?.slice(0, 200);
  item.description = text('description', true);
  item.categorySlug = text('category', true);
  const price = number('price', /^[0-9]{1,7}(\.[0-9]{1,2})?$/, 'a price in dollars');
  if (price !== null && price !== undefined) item.listPrice = dollarsToCents(price);
  const minimum = number('minOrderQuantity', /^[1-9][0-9]{0,5}$/, 'a whole number above 0');
  if (minimum !== null && minimum !== undefined) item.minOrderQuantity = minimum;
  item.gtin = gtin('gtin');
  const brand = text('brandAaiaId');
  if (brand !== undefined && brand !== '' && !/^[A-Z0-9]{4}$/.test(brand)) problem('invalid-value', `brandAaiaId "${brand}" is not a four-character Auto Care brand code.`);
  else if (brand !== undefined) item.brandAaiaId = brand || null;
  item.partTerminologyId = number('partTerminologyId', /^[1-9][0-9]{0,8}$/, 'a whole number above 0');
  const [weightGrams, lengthMm, widthMm, heightMm] = (['weightGrams', 'lengthMm', 'widthMm', 'heightMm'] as const).map((column) => number(column, whole, 'a whole number'));
  const packageGtin = gtin('packageGtin');
  if ([weightGrams, lengthMm, widthMm, heightMm, packageGtin].some((value) => value !== undefined)) {
    item.package = { weightGrams: weightGrams ?? null, lengthMm: lengthMm ?? null, widthMm: widthMm ?? null, heightMm: heightMm ?? null, gtin: packageGtin ?? null };
  }
  const lifecycle = text('lifecycle', true);
  // A code of the PIES list: digits, or A ("Available only while supplies last", decision 213).
  if (lifecycle !== undefined && !LIFECYCLE_CODE_PATTERN.test(lifecycle.toUpperCase())) problem('invalid-value', `lifecycle "${lifecycle}" is not a PIES life-cycle code (0-99, or A).`);
  else item.lifecycle = lifecycle?.toUpperCase();
  const replacedBy = text('replacedBy');
  if (replacedBy !== undefined) item.replacedBy = replacedBy || null;
  item.photoUrl = text('photoUrl', true);
  return { line, item, problems };
}

/**
 * `importPartsCsv`: a parts CSV, read as a stream, through the same writes and rules as PIES. Only
 * a file with a replacedBy column can name a new replacement: one without takes no replacements'
 * turn, and never holds up an admin's supersession (decision 184).
 */
export const importPartsCsv: Importer = (input, context) => {
  const columns: { named?: string[] } = {};
  return importItems(readPartsCsv(input, columns), context, { namesReplacements: () => columns.named?.includes('replacedBy') ?? true });
};
