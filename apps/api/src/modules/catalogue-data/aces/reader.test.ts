import { Readable } from 'node:stream';
import { directionControlMessage } from '@autoparts/shared';
import { describe, expect, it } from 'vitest';
import { readAces, type AcesRecord } from './reader';
import { acesApp, acesFile } from './test-files';

async function read(text: string, chunk = 7): Promise<AcesRecord[]> {
  // Small chunks: an element split between two reads is read whole.
  const chunks = Array.from({ length: Math.ceil(text.length / chunk) }, (_, index) => Buffer.from(text.slice(index * chunk, (index + 1) * chunk)));
  const records: AcesRecord[] = [];
  for await (const record of readAces(Readable.from(chunks))) records.push(record);
  return records;
}

describe('readAces', () => {
  it('reads the Header, then each App with the line it starts on, and passes over other qualifiers', async () => {
    const full = acesApp({ id: 7, baseVehicle: 100001, submodel: 29001, engine: 39003, notes: ['With Sport Package', 'Ceramic &amp; quiet'], qty: 2, partType: 59001, mfrLabel: 'Pads', position: 69001, part: 'BRK-1' })
      .replace('<Qty>', '<DriveType id="6"/><Qual id="2"><param value="1"/><text>x</text></Qual><Qty>')
      .replace('<Part>', '<Part BrandAAIAID="BKPN">');
    const records = await read(acesFile([acesApp({ id: 6, action: 'D', baseVehicle: 100002, partType: 59002, part: 'BRK-2' }), full], { submissionType: 'UPDATE', brand: 'BKPN' }));
    expect(records).toEqual([
      { header: { submissionType: 'UPDATE', brandAaiaId: 'BKPN' } },
      {
        line: 4,
        problems: [],
        app: { action: 'D', id: '6', baseVehicleId: 100002, submodelId: null, engineBaseId: null, notes: [], quantity: 1, partTypeId: 59002, mfrLabel: null, positionId: null, partNumber: 'BRK-2', brandAaiaId: null },
      },
      {
        line: 5,
        problems: [],
        app: { action: 'A', id: '7', baseVehicleId: 100001, submodelId: 29001, engineBaseId: 39003, notes: ['With Sport Package', 'Ceramic & quiet'], quantity: 2, partTypeId: 59001, mfrLabel: 'Pads', positionId: 69001, partNumber: 'BRK-1', brandAaiaId: 'BKPN' },
      },
    ]);
  });

  it('names what is missing or wrong in an App', async () => {
    const app = '<App action="X" id="9"><BaseVehicle id="abc"/><Qty>0</Qty></App>';
    const [header, record] = await read(acesFile([app]));
    expect(header).toEqual({ header: { submissionType: 'FULL', brandAaiaId: null } });
    expect(record && 'problems' in record && record.problems.map(({ ref, code, message }) => `${ref} ${code} ${message}`)).toEqual([
      '9 invalid-value App action "X" is neither A (add) nor D (delete).',
      '9 invalid-value BaseVehicle id "abc" is not a whole number above 0.',
      '9 missing-field App 9 has no PartType.',
      '9 invalid-value Qty "0" is not a whole number from 1 to 10,000.',
      '9 missing-field App 9 has no Part.',
    ]);
  });

  // "Trojan source" (decisions 216, 220): every buyer reads an application's notes and label on the part's page.
  it('refuses a Note or MfrLabel holding a text-direction control; a right-to-left mark stays', async () => {
    const apps = [
      acesApp({ id: 1, baseVehicle: 100001, partType: 59001, part: 'A-1', notes: ['With &#x202E;egakcap'] }),
      acesApp({ id: 2, baseVehicle: 100001, partType: 59001, part: 'A-1', mfrLabel: '&#x2066;Pads&#x2069;' }),
      acesApp({ id: 3, baseVehicle: 100001, partType: 59001, part: 'A-1', notes: ['With &#x200F;package'] }),
    ];
    const records = (await read(acesFile(apps))).filter((record) => 'app' in record);
    expect(records.map((record) => record.problems.map(({ ref, code, message }) => `${ref} ${code} ${message}`))).toEqual([
      [`1 invalid-value ${directionControlMessage('A Note')}`],
      [`2 invalid-value ${directionControlMessage('MfrLabel')}`],
      [],
    ]);
  });

  it('stops at malformed XML with its line', async () => {
    const records = await read(acesFile([acesApp({ id: 1, baseVehicle: 100001, partType: 59001, part: 'A-1' }), '<App id="2"><BaseVehicle id="100001"></App>']));
    expect(records.at(-1)).toEqual({ line: 5, fatal: expect.objectContaining({ code: 'xml', line: 5, ref: '2' }) });
    expect(records.filter((record) => 'app' in record)).toHaveLength(1);
  });

  it('refuses a SubmissionType other than FULL or UPDATE, none, and a file without a Header, naming what it found', async () => {
    const app = acesApp({ id: 1, baseVehicle: 100001, partType: 59001, part: 'A-1' });
    const fatal = async (text: string) => (await read(text)).filter((record) => !('app' in record));
    expect(await fatal(acesFile([app], { submissionType: 'NETCHANGE' }))).toEqual([
      { line: 3, fatal: { line: 3, ref: '', code: 'invalid-value', message: 'SubmissionType "NETCHANGE" is neither FULL nor UPDATE: nothing of the file is applied.' } },
    ]);
    expect(await fatal(acesFile([app], { submissionType: '' }))).toEqual([
      { line: 3, fatal: expect.objectContaining({ code: 'invalid-value', message: 'The Header has no SubmissionType (FULL or UPDATE): nothing of the file is applied.' }) },
    ]);
    const headless = acesFile([app]).replace(/<Header>.*<\/Header>\n/, '');
    expect(await read(headless)).toEqual([
      { line: 3, fatal: expect.objectContaining({ code: 'invalid-value', message: 'The file has no Header with a SubmissionType (FULL or UPDATE) before its first App: nothing of it is applied.' }) },
    ]);
    expect(await read('<?xml version="1.0"?>\n<ACES version="4.2"></ACES>')).toEqual([{ line: 2, fatal: expect.objectContaining({ code: 'invalid-value' }) }]);
  });

  // The 4.2 schema requires the Footer and its RecordCount. A FULL file of a Header alone was read as
  // "no applications", which deletes every live one; a file that lost Apps on its way was applied
  // as whole (decision 174).
  it('ends a file without a Footer, or whose RecordCount is not the number of its Apps, after its last App', async () => {
    const apps = [1, 2].map((id) => acesApp({ id, baseVehicle: 100001, partType: 59001, part: `A-${id}` }));
    const fatal = async (text: string) => (await read(text)).filter((record) => 'fatal' in record);
    expect(await fatal(acesFile(apps))).toEqual([]);
    expect(await fatal(acesFile([]))).toEqual([]);
    const noFooter = acesFile(apps).replace(/<Footer>.*<\/Footer>\n/, '');
    expect(await fatal(noFooter)).toEqual([
      { line: 6, fatal: { line: 6, ref: '', code: 'invalid-value', message: 'The file has no Footer with a RecordCount after its Apps: it may have been cut short, so nothing of it is applied.' } },
    ]);
    expect(await fatal(acesFile([]).replace(/<Footer>.*<\/Footer>\n/, ''))).toEqual([{ line: 4, fatal: expect.objectContaining({ message: expect.stringContaining('no Footer') }) }]);
    expect(await fatal(acesFile(apps).replace('<RecordCount>2<', '<RecordCount>3<'))).toEqual([
      { line: 7, fatal: expect.objectContaining({ code: 'invalid-value', message: 'The Footer\'s RecordCount says "3", but the file holds 2 Apps: it may have lost some on its way, so nothing of it is applied.' }) },
    ]);
    expect(await fatal(acesFile(apps).replace('<RecordCount>2</RecordCount>', ''))).toEqual([{ line: 7, fatal: expect.objectContaining({ message: expect.stringContaining('RecordCount says nothing') }) }]);
  });

  // Each text under a megabyte, thousands of them in one record, were all kept: a batch of a
  // thousand Apps with a Note of a megabyte each ran the shop out of memory (decision 201).
  it('ends a file at an App or a Header that spans more than 32 KB, however short each of its texts', async () => {
    const notes = (count: number) => Array.from({ length: count }, (_, index) => `${index} ${'n'.repeat(990)}`);
    const fatal = async (text: string) => (await read(text, 4096)).filter((record) => 'fatal' in record);
    const within = acesApp({ id: 1, baseVehicle: 100001, notes: notes(31), partType: 59001, part: 'LONG-1' });
    expect(within.length).toBeLessThan(32 * 1024);
    const [, app] = await read(acesFile([within]), 4096);
    expect(app && 'app' in app && app.app.notes).toHaveLength(31);
    const beyond = acesApp({ id: 2, baseVehicle: 100001, notes: notes(40), partType: 59001, part: 'LONG-2' });
    expect(await fatal(acesFile([within, beyond]))).toEqual([{ line: 5, fatal: { line: 5, ref: '2', code: 'xml', message: 'Malformed XML on line 5: an App is longer than 32 KB' } }]);
    // Past the bound only at its closing tags, the file read in one chunk: one Note of 40 KB, the last element of its App.
    const lastNote = acesFile([within, `<App action="A" id="3"><BaseVehicle id="100001"/><Qty>1</Qty><PartType id="59001"/><Part>LONG-3</Part><Note>${'n'.repeat(40_000)}</Note></App>`]);
    expect((await read(lastNote, lastNote.length)).filter((record) => 'fatal' in record)).toEqual([{ line: 5, fatal: expect.objectContaining({ ref: '3', message: 'Malformed XML on line 5: an App is longer than 32 KB' }) }]);
    const header = acesFile([within]).replace('<Company>', `${notes(40).map((note, index) => `<X${index}>${note}</X${index}>`).join('')}<Company>`);
    expect(await fatal(header)).toEqual([{ line: 3, fatal: expect.objectContaining({ code: 'xml', message: 'Malformed XML on line 3: the Header is longer than 32 KB' }) }]);
  });
});
