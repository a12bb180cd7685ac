import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { through } from './upload-stream';

/** One record of a pipe-delimited table: its line, the bytes read so far, its fields by column. */
export interface PipeRecord {
  line: number;
  bytes: number;
  /** By column name in lower case ("makeid"), as the header line names them. */
  fields: Record<string, string | undefined>;
}

/** The most characters a line of a table or a parts CSV may hold. */
export const MAX_LINE = 64 * 1024;

/** A column name as compared: Auto Care writes `SubmodelID` in one table and `SubModelID` in another. */
export const columnKey = (name: string) => name.trim().toLowerCase();

/**
 * Reads Auto Care's ASCII delivery of one table: fields separated by `|`, no quoting (a name may
 * hold `"`), a header line of column names, lines ending in LF or CRLF, maybe a byte-order mark.
 * Streams: one record at a time. `header` is called with the header's columns before the first
 * record (and for a file with no records); it answers whether to read on.
 */
export async function* readPipeTable(input: Readable, header: (columns: string[]) => boolean): AsyncGenerator<PipeRecord> {
  let columns: string[] | undefined;
  const parser = through(
    input,
    parse({
      delimiter: '|',
      quote: false,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      // A line of a table is a few hundred characters: a longer one is not read into memory whole.
      max_record_size: MAX_LINE,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      if (!columns) {
        columns = record.map(columnKey);
        if (!header(columns)) return;
        continue;
      }
      const fields: Record<string, string | undefined> = {};
      columns.forEach((column, index) => (fields[column] = record[index]));
      yield { line: info.lines, bytes: info.bytes, fields };
    }
    if (!columns) header([]);
  } finally {
    parser.destroy();
    input.destroy();
  }
}
