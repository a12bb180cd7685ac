import {
  catalogueMessages,
  FITMENT_CSV_COLUMNS,
  FITMENT_CSV_MAX_ROWS,
  YEAR_MAX,
  YEAR_MIN,
  type CsvRowError,
} from '@autoparts/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { csvWriteOptions, readCsvCellText } from '../../lib/csv-cell';

/** One row of a fitment CSV: a part fits a make and model over a run of years. */
export interface FitmentRow {
  line: number;
  partNumber: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string;
}

const YEARS_APART_MAX = 50;
const year = (text: string) => (/^\d{4}$/.test(text) ? Number(text) : Number.NaN);
/**
 * What a spreadsheet reads as the start of a formula (OWASP's CSV injection list); a vehicle
 * name is shown to every buyer and goes out again in the export, so none begins so.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const isHeader = (record: string[]) => record[0]?.toLowerCase() === FITMENT_CSV_COLUMNS[0].toLowerCase();

/**
 * Reads `partNumber,make,model,yearFrom,yearTo[,engine]` (a header line is optional) and checks
 * every row, reporting each bad one by its line number. Whether the part numbers exist is the
 * repository's check.
 */
export function parseFitmentCsv(csv: string): { rows: FitmentRow[]; errors: CsvRowError[] } {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with where it ends (csv-parse's types do not follow the option).
    records = parse(csv, { info: true, relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return { rows: [], errors: [{ line: Number(error.lines) || 1, message: catalogueMessages.csvSyntax }] };
    throw error;
  }
  const data = records.length > 0 && isHeader(records[0]?.record ?? []) ? records.slice(1) : records;
  if (data.length === 0) return { rows: [], errors: [{ line: 1, message: catalogueMessages.csvEmpty }] };
  if (data.length > FITMENT_CSV_MAX_ROWS) return { rows: [], errors: [{ line: 1, message: catalogueMessages.csvTooManyRows }] };

  const rows: FitmentRow[] = [];
  const errors: CsvRowError[] = [];
  for (const { record, info } of data) {
    const line = info.lines;
    if (record.length < 5 || record.length > 6) {
      errors.push({ line, message: catalogueMessages.csvColumns });
      continue;
    }
    // A name the export made text (`csvCellText`) reads back as it was.
    const [partNumber = '', make = '', model = '', from = '', to = '', engine = ''] = record.map(readCsvCellText);
    const [yearFrom, yearTo] = [year(from), year(to)];
    const problem =
      !/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/.test(partNumber) ? catalogueMessages.partNumber
      : make.length < 1 || make.length > 40 ? catalogueMessages.csvMake
      : model.length < 1 || model.length > 60 ? catalogueMessages.csvModel
      : !(yearFrom >= YEAR_MIN && yearTo <= YEAR_MAX && yearFrom <= yearTo && yearTo - yearFrom <= YEARS_APART_MAX) ? catalogueMessages.csvYears
      : engine.length > 60 ? catalogueMessages.csvEngine
      : [make, model, engine].some((name) => FORMULA_START.test(name)) ? catalogueMessages.csvFormula
      : undefined;
    if (problem) errors.push({ line, message: problem });
    else rows.push({ line, partNumber: partNumber.toUpperCase(), make, model, yearFrom, yearTo, engine });
  }
  return { rows, errors };
}

/**
 * The same format back, a header first. A cell a spreadsheet would run as a formula (a vehicle
 * stored before the import refused such names, or one with a formula after a `;`) is made text
 * (`csvCellText`).
 */
export function fitmentCsv(rows: Array<Omit<FitmentRow, 'line'>>): string {
  return stringify(
    rows.map((row) => [row.partNumber, row.make, row.model, row.yearFrom, row.yearTo, row.engine]),
    { header: true, columns: [...FITMENT_CSV_COLUMNS], ...csvWriteOptions },
  );
}
