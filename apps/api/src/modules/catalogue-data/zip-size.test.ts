import { CATALOGUE_UNPACKED_MAX_BYTES, catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { byToken, call, expectReply, headersOf } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { signUpAdmin, type Customer } from '../../test/orders';
import { eventually } from '../../test/wait';

let app: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'zip-size-admin');
});

afterAll(async () => {
  await app?.close();
});

const GB = 1024 * 1024 * 1024;

/** A zip of small VCdb tables, deflated; `zip64` writes its directory in the ZIP64 format (8-byte sizes). */
async function zipOf(files: Array<{ name: string; text: string }>, { zip64 = false } = {}): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const file of files) archive.addBuffer(Buffer.from(file.text), `VCdb/${file.name}`, { forceZip64Format: zip64 });
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The zip with what its central directory says of each entry's unpacked size changed to `sizes`
 * (in the order of the entries): the bytes are those of a small file, the header claims the size.
 * A ZIP64 entry's size is in its extended information extra field (0x0001), whose first 8 bytes
 * it is while the header's own 4 say 0xFFFFFFFF.
 */
function claiming(zip: Buffer, sizes: number[]): Buffer {
  const bytes = Buffer.from(zip);
  let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  for (const size of sizes) {
    if (at < 0) throw new Error('fewer entries than sizes');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (bytes.readUInt32LE(at + 24) === 0xffffffff) {
      let field = at + 46 + nameLength;
      const end = field + extraLength;
      while (field < end && bytes.readUInt16LE(field) !== 0x0001) field += 4 + bytes.readUInt16LE(field + 2);
      if (field >= end) throw new Error('no ZIP64 extra field');
      bytes.writeBigUInt64LE(BigInt(size), field + 4);
    } else {
      bytes.writeUInt32LE(size, at + 24);
    }
    at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 46 + nameLength + extraLength + commentLength);
  }
  return bytes;
}

const makes = async () => (await app.db.selectFrom('vcdb_makes').selectAll().orderBy('id').execute()).map((row) => `${row.id} ${row.name}`);
const years = async () => (await app.db.selectFrom('vcdb_years').select('id').orderBy('id').execute()).map((row) => row.id);

/** Uploads a VCdb delivery to apply, and waits until the job has finished it. */
async function imported(name: string, bytes: Buffer): Promise<CatalogueImport> {
  const response = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...multipartForm({ kind: 'vcdb', mode: 'apply', onProblems: 'refuse' }, { name, bytes }) });
  expectReply(response, 202);
  const { id } = response.json() as { id: string };
  let result: CatalogueImport | undefined;
  await eventually(async () => {
    const read = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) });
    expectReply(read, 200);
    result = read.json() as CatalogueImport;
    return result.status === 'done' || result.status === 'failed';
  });
  return result as CatalogueImport;
}

const tables = [
  { name: 'Make.txt', text: 'MakeID|MakeName\r\n9001|Zipped Make\r\n' },
  { name: 'Year.txt', text: 'YearID\r\n2061\r\n' },
];

describe('a VCdb zip whose directory says it unpacks to more than 4 GB', () => {
  it('is refused with the size limit’s message before a byte of it is read, and nothing of it is applied', async () => {
    expect(catalogueDataMessages.zipUnpackedTooLarge).toBe('The zip file unpacks to more than 4 GB; nothing of it was applied.');
    const before = { makes: await makes(), years: await years() };

    // One table in the ZIP64 format, claiming 5 GB (more than a 4-byte size can say).
    const zip64 = await imported('zip64.zip', claiming(await zipOf(tables.slice(0, 1), { zip64: true }), [5 * GB]));
    // Two tables in the plain format, 3 GB each: each within 4 GB, together over it.
    const plain = await imported('two.zip', claiming(await zipOf(tables), [3 * GB, 3 * GB]));
    for (const [result, name] of [
      [zip64, 'zip64.zip'],
      [plain, 'two.zip'],
    ] as const) {
      expect(result).toMatchObject({
        status: 'done',
        applied: false,
        problemCount: 1,
        problems: [{ line: 1, ref: name, code: 'invalid-value', message: catalogueDataMessages.zipUnpackedTooLarge }],
        counts: { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
      });
    }
    expect({ makes: await makes(), years: await years() }).toEqual(before);
  });

  it('is read in the ZIP64 format within the limit: the limit is on more than 4 GB, not on ZIP64', async () => {
    // The same two tables, ZIP64 and as they are: applied.
    const fine = await imported('fine.zip', await zipOf(tables, { zip64: true }));
    expect(fine).toMatchObject({ status: 'done', applied: true, problems: [] });
    expect(await makes()).toContain('9001 Zipped Make');
    expect(await years()).toContain(2061);
  });
});

/** The packed size the zip's directory gives its first entry (a small file's, as deflated); a ZIP64 entry's is after its size in the extra field. */
function packedSizeOf(zip: Buffer): number {
  const at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  const packed = zip.readUInt32LE(at + 20);
  if (packed !== 0xffffffff) return packed;
  let field = at + 46 + zip.readUInt16LE(at + 28);
  while (zip.readUInt16LE(field) !== 0x0001) field += 4 + zip.readUInt16LE(field + 2);
  return Number(zip.readBigUInt64LE(field + 12));
}

describe('a VCdb zip whose directory says a file unpacks to more than its packed bytes can hold', () => {
  it.each([
    // 0xFFFFFFFF in the plain header, ZIP64's marker, with no ZIP64 size beside it: yauzl reads it as 4 GB less a byte.
    ['marker.zip', false, [0xffffffff]],
    // Exactly the limit in a ZIP64 field: not more than 4 GB.
    ['exact64.zip', true, [4 * GB]],
    // 2 GB each in plain headers, exactly the limit together.
    ['exact.zip', false, [2 * GB, 2 * GB]],
  ] as const)('%s is refused before a byte of it is read, as a zip that cannot be read, and nothing is applied', async (name, zip64, sizes) => {
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(CATALOGUE_UNPACKED_MAX_BYTES);
    const files = [{ name: 'Make.txt', text: 'MakeID|MakeName\r\n9002|Cut Make\r\n' }, tables[1]!].slice(0, sizes.length);
    const zip = await zipOf(files, { zip64 });
    const before = { makes: await makes(), years: await years() };
    const result = await imported(name, claiming(zip, [...sizes]));
    // The job is done and says why, in the words other broken zips get (it failed, in yauzl's words: "not enough bytes in the stream …").
    expect(result).toMatchObject({
      status: 'done',
      applied: false,
      problemCount: 1,
      problems: [{ line: 1, ref: name, code: 'invalid-value', message: catalogueDataMessages.unreadableZip(name, catalogueDataMessages.zipSizeBeyondData('VCdb/Make.txt', packedSizeOf(zip))) }],
      counts: { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
    });
    expect(result.problems[0]?.message).toMatch(new RegExp(`^${name.replace('.', '\\.')} is not a zip that can be read: its directory says VCdb/Make.txt unpacks to more than its \\d+ packed bytes can hold\\.$`));
    expect({ makes: await makes(), years: await years() }).toEqual(before);
  });
});
