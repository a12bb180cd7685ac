import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPipeTable, type PipeRecord } from './pipe-table';

async function read(text: string | Buffer, accept = true): Promise<{ header: string[]; records: PipeRecord[] }> {
  let header: string[] = [];
  const records: PipeRecord[] = [];
  // Two bytes at a time: a record may be split anywhere between chunks.
  const bytes = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(bytes.length / 2) }, (_, index) => bytes.subarray(index * 2, index * 2 + 2));
  for await (const record of readPipeTable(Readable.from(chunks), (columns) => ((header = columns), accept))) records.push(record);
  return { header, records };
}

describe('the pipe-delimited table reader', () => {
  it('reads the header in lower case and each record by column, with its line', async () => {
    const { header, records } = await read('MakeID|MakeName\r\n1|Toyota\r\n2|Honda\r\n');
    expect(header).toEqual(['makeid', 'makename']);
    expect(records.map(({ line, fields }) => ({ line, fields }))).toEqual([
      { line: 2, fields: { makeid: '1', makename: 'Toyota' } },
      { line: 3, fields: { makeid: '2', makename: 'Honda' } },
    ]);
  });

  it('keeps quotes as they are, ignores extra columns, leaves missing ones undefined and skips blank lines', async () => {
    const { records } = await read('\uFEFFSubmodelID|SubModelName\n5|3/4" Ton|extra\n\n6\n');
    expect(records.map(({ line, fields }) => ({ line, fields }))).toEqual([
      { line: 2, fields: { submodelid: '5', submodelname: '3/4" Ton' } },
      { line: 4, fields: { submodelid: '6', submodelname: undefined } },
    ]);
  });

  it('counts the bytes read, for progress', async () => {
    const { records } = await read('YearID\n2015\n2016\n');
    expect(records.map((record) => record.bytes)).toEqual([12, 17]);
  });

  it('stops when the header is refused, and tells an empty file by an empty header', async () => {
    expect((await read('Wrong|Columns\n1|2\n', false)).records).toEqual([]);
    expect(await read('')).toEqual({ header: [], records: [] });
  });
});
