import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readAces } from './aces/reader';
import { acesApp, acesFile } from './aces/test-files';
import { readPies } from './pies/reader';
import { piesFile, piesItem } from './pies/test-files';
import { XmlDecoder } from './xml-decoder';

/** `text` as a file of `encoding`'s bytes, in chunks of `size` bytes (a character may be cut). */
const chunked = (bytes: Buffer, size = 5) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
const decodeAll = (chunks: Buffer[]) => {
  const decoder = new XmlDecoder();
  const text = chunks.map((chunk) => decoder.write(chunk)).join('') + decoder.end();
  return { text, problem: decoder.problem };
};
const declared = (encoding: string, body: string) => `<?xml version="1.0" encoding="${encoding}"?>\n${body}`;

describe('XmlDecoder', () => {
  it('decodes in the encoding the declaration names, UTF-8 without one, whatever the chunks cut', () => {
    const note = '<Note>Modèle spécial – 5 €</Note>';
    expect(decodeAll(chunked(Buffer.from(declared('ISO-8859-1', '<Note>Modèle spécial</Note>'), 'latin1')))).toEqual({ text: declared('ISO-8859-1', '<Note>Modèle spécial</Note>'), problem: undefined });
    // windows-1252's € is 0x80, its – 0x96.
    const cp1252 = Buffer.concat([Buffer.from(declared('windows-1252', '<Note>Modèle spécial '), 'latin1'), Buffer.from([0x96, 0x20, 0x35, 0x20, 0x80]), Buffer.from('</Note>')]);
    expect(decodeAll(chunked(cp1252, 3))).toEqual({ text: declared('windows-1252', note), problem: undefined });
    expect(decodeAll(chunked(Buffer.from(declared('utf-8', note)), 1))).toEqual({ text: declared('utf-8', note), problem: undefined });
    expect(decodeAll(chunked(Buffer.from(`\uFEFF<ACES>${note}</ACES>`), 2))).toEqual({ text: `<ACES>${note}</ACES>`, problem: undefined });
  });

  it('names an encoding it does not read, bytes not of theirs, and a U+FFFD, and gives no more text', () => {
    expect(decodeAll([Buffer.from(declared('Shift_JIS', '<A/>'))]).problem).toBe('the file declares the encoding "Shift_JIS", which the shop does not read: save it as UTF-8, ISO-8859-1 or windows-1252.');
    expect(decodeAll([Buffer.from('\uFEFF<A/>', 'utf16le')]).problem).toContain('UTF-16');
    const latin1AsUtf8 = decodeAll(chunked(Buffer.from(declared('UTF-8', '<Note>Modèle</Note>'), 'latin1')));
    expect(latin1AsUtf8).toEqual({ text: expect.not.stringContaining('\uFFFD'), problem: expect.stringContaining('not valid UTF-8') });
    expect(decodeAll([Buffer.from('<Note>Mod\uFFFDle</Note>')]).problem).toContain('U+FFFD');
  });

  // Each was "Malformed XML on line 1" with saxes's words for the bytes ("disallowed character",
  // "text data outside of root node"), which say nothing of the encoding (decision 201).
  it('says UTF-16 without its byte order mark, and a byte order mark of UTF-8 before another encoding declared, in words of the encoding', () => {
    const utf16 = 'the file is in UTF-16, which the shop does not read: save it as UTF-8, ISO-8859-1 or windows-1252.';
    expect(decodeAll(chunked(Buffer.from(declared('UTF-16', '<ACES/>'), 'utf16le'), 1)).problem).toBe(utf16);
    expect(decodeAll([Buffer.from(declared('UTF-16', '<ACES/>'), 'utf16le').swap16()]).problem).toBe(utf16);
    expect(decodeAll([Buffer.from('<ACES/>', 'utf16le')]).problem).toBe(utf16);
    const marked = (encoding: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(declared(encoding, '<Note>Modèle</Note>'))]);
    expect(decodeAll(chunked(marked('ISO-8859-1'), 2)).problem).toBe('the file starts with the byte order mark of UTF-8 but declares the encoding "ISO-8859-1": save it again in one encoding, its first line naming it (UTF-8, ISO-8859-1 or windows-1252).');
    expect(decodeAll([marked('UTF-8')])).toEqual({ text: declared('UTF-8', '<Note>Modèle</Note>'), problem: undefined });
  });
});

describe('the ACES and PIES readers', () => {
  it('read a Latin-1 file as it declares, and refuse one that lies', async () => {
    const aces = declared('ISO-8859-1', acesFile([acesApp({ id: 1, baseVehicle: 100001, notes: ['Modèle spécial'], partType: 59001, part: 'BRK-1001' })]).split('\n').slice(1).join('\n'));
    const records = [];
    for await (const record of readAces(Readable.from(chunked(Buffer.from(aces, 'latin1'), 7)))) records.push(record);
    expect(records.flatMap((record) => ('app' in record ? record.app.notes : []))).toEqual(['Modèle spécial']);

    const pies = declared('ISO-8859-1', piesFile(piesItem('LAT-1', { name: 'Étrier arrière' })).split('\n').slice(1).join('\n'));
    const items = [];
    for await (const record of readPies(Readable.from(chunked(Buffer.from(pies, 'latin1'), 7)))) items.push(record);
    expect(items.map((record) => ('item' in record ? record.item.name : record.fatal.message))).toEqual(['Étrier arrière']);

    const lying = Buffer.from(aces.replace('ISO-8859-1', 'UTF-8'), 'latin1');
    const ended = [];
    for await (const record of readAces(Readable.from([lying]))) ended.push(record);
    expect(ended).toEqual([{ line: 1, fatal: expect.objectContaining({ code: 'xml', message: expect.stringContaining('the file is not valid UTF-8') }) }]);
  });
});
