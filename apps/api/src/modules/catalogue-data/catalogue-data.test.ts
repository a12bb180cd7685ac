import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiErrors, CATALOGUE_PROBLEMS_LISTED, CATALOGUE_PROBLEMS_SHOWN, catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { DEMO_REFERENCE_DIR } from '../../db/seed';
import { anonymous, byCookie, byToken, call, expectReply, headersOf, type Credential } from '../../test/admin';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/app';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { eventually } from '../../test/wait';
import { runImport } from './job';
import { piesFile, piesItem } from './pies/test-files';

let app: FastifyInstance;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(app, 'data-admin'), signUpCustomer(app, 'data-customer')]);
});

afterAll(async () => {
  await app?.close();
});

interface Upload {
  kind?: string;
  mode?: string;
  onProblems?: string;
  file?: { name: string; bytes: Buffer };
}

function form({ kind = 'vcdb', mode = 'apply', onProblems = 'refuse', file }: Upload) {
  return multipartForm({ kind, mode, onProblems }, file);
}

function post(upload: Upload, credential: Credential = byToken(admin)): Promise<LightMyRequestResponse> {
  return call(app, credential, { method: 'POST', url: '/api/admin/catalogue/imports', ...form(upload) });
}

const table = (name: string, lines: string[]) => ({ name, bytes: Buffer.from(`${lines.join('\r\n')}\r\n`) });

/** A zip of table files, as Auto Care sends a delivery. */
async function zip(files: Array<{ name: string; bytes: Buffer }>): Promise<{ name: string; bytes: Buffer }> {
  const archive = new yazl.ZipFile();
  for (const file of files) archive.addBuffer(file.bytes, `VCdb/${file.name}`);
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return { name: 'delivery.zip', bytes: Buffer.concat(chunks) };
}

async function read(id: string): Promise<CatalogueImport> {
  const response = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) });
  expectReply(response, 200);
  return response.json() as CatalogueImport;
}

/** Uploads and waits until the job has finished the import. */
async function imported(upload: Upload): Promise<CatalogueImport> {
  const response = await post(upload);
  expectReply(response, 202);
  const { id } = response.json() as { id: string };
  let result: CatalogueImport | undefined;
  await eventually(async () => {
    result = await read(id);
    return result.status === 'done' || result.status === 'failed';
  });
  return result as CatalogueImport;
}

const makes = async () => (await app.db.selectFrom('vcdb_makes').selectAll().orderBy('id').execute()).map((row) => `${row.id} ${row.name}`);

describe('a VCdb upload', () => {
  it('loads a single table file as a dry run without changing anything, and reports what it would do', async () => {
    const before = await makes();
    const result = await imported({ mode: 'dry-run', file: table('Make.txt', ['MakeID|MakeName', '1|Acme', '2|Bolt']) });
    expect(result).toMatchObject({
      kind: 'vcdb',
      mode: 'dry-run',
      status: 'done',
      applied: false,
      fileName: 'Make.txt',
      by: admin.email,
      problems: [],
      problemCount: 0,
      // The demo's makes are not in the file: they would go, but base vehicles still use them.
      counts: { added: 2, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
    });
    expect(result.progress.done).toBe(result.progress.total);
    expect(result.progress.bytesRead).toBe(result.fileSize);
    expect(result.startedAt).not.toBeNull();
    expect(await makes()).toEqual(before);
  });

  it('applies a zip of the demo tables, then reloads a change in place, counting added, changed, unchanged and deleted', async () => {
    const names = ['Make', 'Model', 'SubModel', 'Year', 'BaseVehicle', 'Vehicle', 'EngineBase', 'VehicleToEngineConfig'];
    const files = await Promise.all(names.map(async (name) => ({ name: `${name}.txt`, bytes: await readFile(path.join(DEMO_REFERENCE_DIR, 'vcdb-demo', `${name}.txt`)) })));
    const again = await imported({ file: await zip(files.reverse()) });
    // The demo subset is loaded at seed time: every row is already there.
    expect(again).toMatchObject({ status: 'done', applied: true, problemCount: 0, counts: { added: 0, changed: 0, deleted: 0, rejected: 0 } });
    const rows = files.reduce((sum, file) => sum + file.bytes.toString('utf8').trim().split('\n').length - 1, 0);
    expect(again.counts.unchanged).toBe(rows);

    const extra = await imported({ file: table('Make.txt', ['MakeID|MakeName', '7001|Gone Soon']) });
    expect(extra.counts).toMatchObject({ added: 1 });
    const makeFile = files.find((file) => file.name === 'Make.txt');
    const renamed = makeFile?.bytes.toString('utf8').replace('9001|Toyota', '9001|Toyota Motor');
    const reload = await imported({ file: { name: 'Make.txt', bytes: Buffer.from(renamed ?? '') } });
    expect(reload).toMatchObject({ status: 'done', applied: true, counts: { added: 0, changed: 1, deleted: 1, rejected: 0 } });
    expect(await makes()).toContain('9001 Toyota Motor');
    expect(await makes()).not.toContain('7001 Gone Soon');
  });

  it('reports each problem with its line, and with refuse changes nothing', async () => {
    const before = await makes();
    const result = await imported({
      file: table('BaseVehicle.txt', ['BaseVehicleID|YearID|MakeID|ModelID', '900001|2015|9001|19001', '900002|1850|9001|19001', '90000x|2015|9001|19001', '900004|2015|424242|19001']),
    });
    expect(result).toMatchObject({ status: 'done', applied: false, problemCount: 3, counts: { added: 1, rejected: 3 } });
    expect(result.problems).toEqual([
      { line: 4, ref: 'BaseVehicle.txt 90000x', code: 'invalid-value', message: 'BaseVehicleID “90000x” is not a whole number.' },
      { line: 3, ref: 'BaseVehicle.txt 900002', code: 'invalid-combination', message: 'BaseVehicleID 900002 names year 1850, which the shop does not have.' },
      { line: 5, ref: 'BaseVehicle.txt 900004', code: 'invalid-combination', message: 'BaseVehicleID 900004 names make 424242, which the shop does not have.' },
    ]);
    expect(await app.db.selectFrom('vcdb_base_vehicles').select('id').where('id', '=', 900001).executeTakeFirst()).toBeUndefined();
    expect(await makes()).toEqual(before);

    const csv = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${result.id}/problems.csv`, headers: headersOf(byToken(admin)) });
    expectReply(csv, 200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named after the file uploaded, not the import's id.
    expect(csv.headers['content-disposition']).toBe('attachment; filename=BaseVehicle-problems.csv');
    expect(csv.body.split('\n')[0]).toBe('line,ref,code,message');
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    expect(csv.body).toContain('5,BaseVehicle.txt 900004,invalid-combination,"BaseVehicleID 900004 names make 424242');
  });

  it('stores the first 10,000 problems of an import and says how many more there are, on the screen and in the CSV', async () => {
    const rows = Array.from({ length: CATALOGUE_PROBLEMS_LISTED + 5 }, (_, index) => `${770000 + index}|`);
    const result = await imported({ mode: 'dry-run', file: table('SubModel.txt', ['SubmodelID|SubModelName', ...rows]) });
    expect(result).toMatchObject({ status: 'done', applied: false, problemCount: CATALOGUE_PROBLEMS_LISTED + 5 });
    expect(result.problems).toHaveLength(CATALOGUE_PROBLEMS_SHOWN);
    const stored = await app.db.selectFrom('catalogue_import_problems').select((eb) => eb.fn.countAll<string>().as('count')).where('import_id', '=', result.id).executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(CATALOGUE_PROBLEMS_LISTED);

    const csv = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${result.id}/problems.csv`, headers: headersOf(byToken(admin)) });
    expectReply(csv, 200);
    const lines = csv.body.trim().split(/\r?\n/);
    // The header, the problems stored, and the line of those that are not.
    expect(lines).toHaveLength(1 + CATALOGUE_PROBLEMS_LISTED + 1);
    expect(lines.at(-2)).toMatch(new RegExp(`^${CATALOGUE_PROBLEMS_LISTED + 1},SubModel.txt ${770000 + CATALOGUE_PROBLEMS_LISTED - 1},missing-field,`));
    // Quoted: the message has a comma.
    expect(lines.at(-1)).toBe(`,,,"${catalogueDataMessages.problemsNotListed(5)}"`);
    expect(catalogueDataMessages.problemsNotListed(5)).toBe('… and 5 more problems not listed: the first 10,000 are. Correct those and import the file again to see the rest.');
  });

  it('with skip applies the rest and lists what it left out', async () => {
    const result = await imported({ onProblems: 'skip', file: table('SubModel.txt', ['SubmodelID|SubModelName', '880001|Trail', '880002|', '880001|Again']) });
    expect(result).toMatchObject({ status: 'done', applied: true, problemCount: 2, counts: { rejected: 2 } });
    expect(result.problems.map((problem) => problem.code)).toEqual(['missing-field', 'duplicate']);
    expect(await app.db.selectFrom('vcdb_submodels').select('name').where('id', '=', 880001).executeTakeFirst()).toEqual({ name: 'Trail' });
  });

  it('refuses a file without the columns, one it cannot tell, and a zip of no table', async () => {
    const noColumn = await imported({ onProblems: 'skip', file: table('Model.txt', ['ModelID|ModelName', '1|Thing']) });
    expect(noColumn.problems).toEqual([
      { line: 1, ref: 'Model.txt', code: 'missing-column', message: 'Model.txt has no column VehicleTypeID: its first line must name the columns (ModelID|ModelName|VehicleTypeID).' },
    ]);
    const unknown = await imported({ file: table('Cars.txt', ['MakeID|MakeName']) });
    expect(unknown.problems[0]?.message).toMatch(/^Cars\.txt is not a VCdb table/);
    const empty = await imported({ file: await zip([table('Readme.txt', ['hello'])]) });
    expect(empty.problems[0]?.message).toMatch(/^The zip holds no VCdb table/);
    const broken = await imported({ file: { name: 'broken.zip', bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]) } });
    expect(broken).toMatchObject({ status: 'done', applied: false, problems: [{ line: 1, ref: 'broken.zip', code: 'invalid-value' }] });
    expect(broken.problems[0]?.message).toMatch(/^broken\.zip is not a zip that can be read: /);
    // None of them can be imported as it is, skip or not: an apply skipping problems was "applied" with nothing in it (decision 147).
    expect([unknown, empty, broken].map(({ fatal }) => fatal)).toEqual([true, true, true]);
    expect(await imported({ mode: 'apply', onProblems: 'skip', file: table('Cars.txt', ['MakeID|MakeName']) })).toMatchObject({ status: 'done', applied: false, fatal: true });
    expect(noColumn).toMatchObject({ fatal: false });
  });

  it('takes a gzip file as it streams, and says so when a gzip file is not whole', async () => {
    const plain = table('Make.txt', ['MakeID|MakeName', '1|Acme', '2|Bolt']);
    const packed = { name: 'Make.txt.gz', bytes: gzipSync(plain.bytes) };
    const before = await makes();
    const result = await imported({ mode: 'dry-run', file: packed });
    expect(result).toMatchObject({ status: 'done', problems: [], counts: { added: 2, changed: 0, deleted: 0, unchanged: 0, rejected: 0 } });
    // The bytes read are the upload's, packed (decision 154): the reading's total is the file's size.
    expect(result).toMatchObject({ fileSize: packed.bytes.length, progress: { bytesRead: packed.bytes.length } });
    const cut = await imported({ mode: 'apply', file: { name: 'Make.txt.gz', bytes: packed.bytes.subarray(0, packed.bytes.length - 12) } });
    expect(cut).toMatchObject({ status: 'failed', applied: false, error: catalogueDataMessages.badGzip });
    expect(await makes()).toEqual(before);
  });

  it('takes a full VCdb whose VehicleToEngineConfig names engine configurations', async () => {
    const result = await imported({
      onProblems: 'skip',
      file: await zip([
        table('EngineConfig.txt', ['EngineConfigID|EngineBaseID|Other', '5001|39001|x']),
        table('VehicleToEngineConfig.txt', ['VehicleToEngineConfigID|VehicleID|EngineConfigID', '777001|200001|5001', '777002|200001|5999']),
      ]),
    });
    expect(result.problems.map((problem) => [problem.line, problem.code])).toEqual([[3, 'unknown-engine']]);
    expect(await app.db.selectFrom('vcdb_vehicle_engines').selectAll().where('id', '=', 777001).executeTakeFirst()).toEqual({ id: 777001, vehicle_id: 200001, engine_base_id: 39001 });
  });
});

describe('a PCdb upload', () => {
  it('loads part types and positions', async () => {
    const result = await imported({ kind: 'pcdb', file: await zip([table('Positions.txt', ['PositionID|Position', '1|Front']), table('Parts.txt', ['PartTerminologyID|PartTerminologyName', '1896|Brake Pad'])]) });
    expect(result).toMatchObject({ kind: 'pcdb', status: 'done', applied: true, counts: { added: 2, rejected: 0 } });
    expect(await app.db.selectFrom('pcdb_part_types').select('name').where('id', '=', 1896).executeTakeFirst()).toEqual({ name: 'Brake Pad' });
  });

  it('keeps a part type mapped to a category when a reload no longer lists it, and drops one nothing refers to', async () => {
    await app.db.insertInto('pcdb_part_types').values([{ id: 1998, name: 'Unused' }, { id: 1999, name: 'Mapped' }]).execute();
    await app.db.insertInto('part_type_categories').values({ part_type_id: 1999, category_slug: 'brakes' }).execute();
    const result = await imported({ kind: 'pcdb', file: table('Parts.txt', ['PartTerminologyID|PartTerminologyName', '1896|Brake Pad']) });
    expect(result).toMatchObject({ status: 'done', applied: true });
    expect(await app.db.selectFrom('pcdb_part_types').select('id').where('id', 'in', [1998, 1999]).execute()).toEqual([{ id: 1999 }]);
    expect(await app.db.selectFrom('part_type_categories').select('category_slug').where('part_type_id', '=', 1999).executeTakeFirst()).toEqual({ category_slug: 'brakes' });
  });
});

describe('the routes', () => {
  it('writes the problems CSV so that no cell taken from the file runs as a spreadsheet formula', async () => {
    // After a ";" too: a spreadsheet in a semicolon locale splits the line there.
    const formula = '=HYPERLINK("https://attacker.example/","Open");-2+3';
    const result = await imported({ kind: 'parts-csv', mode: 'dry-run', file: { name: 'parts.csv', bytes: Buffer.from(`partNumber,name,price\r\n"${formula.replaceAll('"', '""')}",Pads,10.00\r\n`) } });
    expect(result.problems).toEqual([expect.objectContaining({ line: 2, ref: formula })]);
    const csv = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${result.id}/problems.csv`, headers: headersOf(byToken(admin)) });
    expectReply(csv, 200);
    // A leading quote makes the cell text, at its start and after each ";".
    expect(csv.body.split('\r\n').join('\n').split('\n')[1]).toMatch(/^2,"'=HYPERLINK\(""https:\/\/attacker\.example\/"",""Open""\);'-2\+3",/);
  });

  it('names the problems CSV after the uploaded file, safely for any name', async () => {
    // A name as a client may send it, quote, semicolon and line break included (the multipart parser keeps them).
    const id = randomUUID();
    await app.db.insertInto('catalogue_imports').values({ id, kind: 'parts-csv', mode: 'dry-run', on_problems: 'refuse', status: 'done', file_name: 'Zoë "pads";\r\nx.csv.gz', created_by: null, created_by_email: 'other@example.com' }).execute();
    try {
      const csv = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}/problems.csv`, headers: headersOf(byToken(admin)) });
      expectReply(csv, 200);
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="Zoe _pads____x-problems.csv"; filename*=UTF-8''Zo%C3%AB%20%22pads%22%3B%0D%0Ax-problems.csv`);
    } finally {
      await app.db.deleteFrom('catalogue_imports').where('id', '=', id).execute();
    }
  });

  it('answers 409 while another import is queued or running', async () => {
    const id = randomUUID();
    await app.db.insertInto('catalogue_imports').values({ id, kind: 'vcdb', mode: 'dry-run', on_problems: 'refuse', file_name: 'x.txt', created_by: null, created_by_email: 'other@example.com' }).execute();
    try {
      expectReply(await post({ file: table('Year.txt', ['YearID', '2030']) }), 409, catalogueDataMessages.busy);
    } finally {
      await app.db.deleteFrom('catalogue_imports').where('id', '=', id).execute();
    }
    // An upload that never finished (its instance stopped) blocks nothing once a request could no longer be arriving.
    await app.db.insertInto('catalogue_imports').values({ id, kind: 'vcdb', mode: 'dry-run', on_problems: 'refuse', file_name: 'x.txt', created_by: null, created_by_email: 'other@example.com' }).execute();
    await sql`update catalogue_imports set created_at = now() - interval '1 hour' where id = ${id}`.execute(app.db);
    const after = await post({ mode: 'dry-run', file: table('Year.txt', ['YearID', '2030']) });
    expectReply(after, 202);
    expect(await app.db.selectFrom('catalogue_imports').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    await eventually(async () => (await read((after.json() as { id: string }).id)).status === 'done');
    // Two at once: one is taken, the other refused.
    const replies = await Promise.all([post({ mode: 'dry-run', file: table('Year.txt', ['YearID', '2031']) }), post({ mode: 'dry-run', file: table('Year.txt', ['YearID', '2032']) })]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([202, 409]);
    const accepted = replies.find((reply) => reply.statusCode === 202)?.json() as { id: string };
    await eventually(async () => (await read(accepted.id)).status === 'done');
  });

  it('refuses an unknown kind, a missing file, fields after the file and bad fields with 400', async () => {
    expectReply(await post({ kind: 'abs', file: table('a.xml', ['<ACES/>']) }), 400, catalogueDataMessages.badKind);
    expectReply(await post({}), 400, catalogueDataMessages.noFile);
    expectReply(await post({ mode: 'sometimes', file: table('Year.txt', ['YearID']) }), 400, catalogueDataMessages.badMode);
    expectReply(await post({ file: { name: 'Year.txt', bytes: Buffer.alloc(0) } }), 400, catalogueDataMessages.emptyFile);
    const boundary = 'xyz';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Year.txt"\r\n\r\nYearID\r\n--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nvcdb\r\n--${boundary}--\r\n`;
    const late = await app.inject({ method: 'POST', url: '/api/admin/catalogue/imports', payload, headers: { ...headersOf(byToken(admin)), 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expectReply(late, 400, catalogueDataMessages.fieldsFirst);
  });

  it('is for admins only, and a cookie needs the shop as origin', async () => {
    expectReply(await post({ file: table('Year.txt', ['YearID']) }, anonymous), 401);
    expectReply(await post({ file: table('Year.txt', ['YearID']) }, byToken(customer)), 403);
    for (const url of ['/api/admin/catalogue/imports', `/api/admin/catalogue/imports/${randomUUID()}`, `/api/admin/catalogue/imports/${randomUUID()}/problems.csv`]) {
      expectReply(await app.inject({ method: 'GET', url }), 401);
      expectReply(await app.inject({ method: 'GET', url, headers: headersOf(byToken(customer)) }), 403);
    }
    const { payload, headers } = form({ file: table('Year.txt', ['YearID']) });
    const crossSite = await app.inject({ method: 'POST', url: '/api/admin/catalogue/imports', payload, headers: { ...headersOf(byCookie(admin)), ...headers, origin: 'https://evil.example' } });
    expectReply(crossSite, 403, apiErrors.crossOrigin);
  });

  it('lists imports newest first, answers 404 for one that does not exist, and writes the upload in the audit log', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/catalogue/imports', headers: headersOf(byToken(admin)) });
    expectReply(response, 200);
    const list = response.json() as CatalogueImport[];
    expect(list.length).toBeGreaterThan(3);
    // The problems are the one import's to send: the list only counts them.
    const withProblems = list.find((item) => item.problemCount > 0);
    expect(withProblems).toBeDefined();
    expect(list.every((item) => item.problems.length === 0)).toBe(true);
    expect((await read(withProblems?.id ?? '')).problems.length).toBeGreaterThan(0);
    const times = list.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expectReply(await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${randomUUID()}`, headers: headersOf(byToken(admin)) }), 404, catalogueDataMessages.notFound);
    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit?action=catalogue.import', headers: headersOf(byToken(admin)) });
    expectReply(audit, 200);
    expect(JSON.stringify(audit.json())).toContain('uploaded “Make.txt” for a dry run of vcdb');
  });
});

describe('a hostile file', () => {
  const partsNamed = async (prefix: string) => Number((await app.db.selectFrom('parts').select((eb) => eb.fn.countAll<string>().as('n')).where('part_number', 'like', `${prefix}%`).executeTakeFirstOrThrow()).n);

  // saxes reads no DTD: an entity declared in one is "undefined", so nothing is fetched or expanded (decision 174 looked).
  it('is refused at an entity it would fetch or expand (XXE, billion laughs), reading no file of the server', async () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE PIES [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<PIES><Items><Item><PartNumber>&secret;</PartNumber></Item></Items></PIES>';
    const fetched = await imported({ kind: 'pies', file: { name: 'xxe.xml', bytes: Buffer.from(xxe) } });
    expect(fetched).toMatchObject({ status: 'done', applied: false, problems: [{ line: 3, code: 'xml', message: 'Malformed XML on line 3: undefined entity.' }] });
    expect(JSON.stringify(fetched)).not.toContain('root:');
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE ACES [<!ENTITY a "lol">${Array.from({ length: 9 }, (_, index) => `<!ENTITY ${'b'.repeat(index + 1)} "${'&a;'.repeat(10)}">`).join('')}]>\n<ACES><Header><SubmissionType>UPDATE</SubmissionType></Header><App action="A" id="1"><Note>&bbbbbbbbb;</Note></App></ACES>`;
    expect(await imported({ kind: 'aces', file: { name: 'laughs.xml', bytes: Buffer.from(laughs) } })).toMatchObject({ status: 'done', applied: false, problems: [{ line: 3, code: 'xml', message: 'Malformed XML on line 3: undefined entity.' }] });
  });

  it('ends with an xml problem, not the memory, when it nests without end or holds a text of megabytes', async () => {
    const deep = await imported({ kind: 'pies', file: { name: 'deep.xml.gz', bytes: gzipSync(`<PIES><Items>${'<a>'.repeat(200_000)}`) } });
    expect(deep).toMatchObject({ status: 'done', applied: false, problemCount: 1, problems: [{ line: 1, code: 'xml', message: 'Malformed XML on line 1: elements are nested more than 32 deep' }] });
    // Outside any App (inside one, the App's own bound comes first: the next test).
    const long = await imported({ kind: 'aces', file: { name: 'long.xml.gz', bytes: gzipSync(`<ACES><Header><SubmissionType>UPDATE</SubmissionType></Header><!--${'x'.repeat(3 * 1024 * 1024)}--><App action="A" id="1"><Note>n</Note></App></ACES>`) } });
    expect(long).toMatchObject({ status: 'done', applied: false, problems: [{ code: 'xml', message: 'Malformed XML on line 1: a text or tag is longer than 1 MB' }] });
    const wide = await imported({ kind: 'pies', file: { name: 'wide.xml.gz', bytes: gzipSync(`<PIES><Items><Item>${'<a/>'.repeat(20_000)}</Item></Items></PIES>`) } });
    expect(wide).toMatchObject({ status: 'done', applied: false, problems: [{ code: 'xml', message: 'Malformed XML on line 1: one record holds more than 10,000 elements' }] });
  });

  // Texts each under the megabyte, in thousands of Apps, were all held at once: a 1.6 MB gzip of
  // 1,500 Apps with a Note of a megabyte each ran the shop out of memory (decision 201).
  it('ends with an xml problem, not the memory, when one App or Item spans more than its bound, however short its texts', async () => {
    const notes = Array.from({ length: 40 }, (_, index) => `<Note>${index} ${'n'.repeat(1_000)}</Note>`).join('');
    const apps = Array.from({ length: 3 }, (_, index) => `<App action="A" id="${index + 1}"><BaseVehicle id="1"/>${notes}<Qty>1</Qty><PartType id="1"/><Part>SPAN-${index}</Part></App>`);
    const aces = await imported({ kind: 'aces', onProblems: 'skip', file: { name: 'notes.xml.gz', bytes: gzipSync(`<ACES><Header><SubmissionType>UPDATE</SubmissionType></Header>\n${apps.join('\n')}\n<Footer><RecordCount>3</RecordCount></Footer></ACES>`) } });
    expect(aces).toMatchObject({ status: 'done', applied: false, problemCount: 1, problems: [{ line: 2, ref: '1', code: 'xml', message: 'Malformed XML on line 2: an App is longer than 32 KB' }] });
    const labels = Array.from({ length: 300 }, (_, index) => `<PartInterchange BrandLabel="${'b'.repeat(1_000)}"><PartNumber>X-${index}</PartNumber></PartInterchange>`).join('');
    const pies = await imported({ kind: 'pies', onProblems: 'skip', file: { name: 'labels.xml', bytes: Buffer.from(piesFile(piesItem('SPAN-1'), piesItem('SPAN-2', { after: `<PartInterchangeInfo>${labels}</PartInterchangeInfo>` }))) } });
    expect(pies).toMatchObject({ status: 'done', applied: false, problemCount: 1, problems: [{ ref: 'SPAN-2', code: 'xml', message: expect.stringMatching(/^Malformed XML on line \d+: an Item is longer than 256 KB$/) }] });
    expect(await partsNamed('SPAN-')).toBe(0);
  });

  it('applies nothing of a file that cannot be read to its end, even when told to skip problems', async () => {
    const rows = Array.from({ length: 502 }, (_, index) => `HALF-${String(index).padStart(4, '0')},Half part,10.00`);
    const result = await imported({ kind: 'parts-csv', onProblems: 'skip', file: { name: 'half.csv', bytes: Buffer.from(`partNumber,name,price\r\n${rows.join('\r\n')}\r\n"HALF-9999,unclosed\r\n`) } });
    expect(result).toMatchObject({ status: 'done', applied: false, problems: [{ code: 'csv' }] });
    expect(await partsNamed('HALF-')).toBe(0);
    const longLine = await imported({ kind: 'parts-csv', onProblems: 'skip', file: { name: 'line.csv.gz', bytes: gzipSync(`partNumber,name\r\nLINE-1,${'y'.repeat(200_000)}\r\n`) } });
    expect(longLine).toMatchObject({ status: 'done', applied: false, problems: [{ code: 'csv' }] });
  });

  it('is quoted in its problems in part only', async () => {
    const number = 'Q'.repeat(50_000);
    const result = await imported({ kind: 'parts-csv', mode: 'dry-run', file: { name: 'quoted.csv', bytes: Buffer.from(`partNumber,name,price\r\n${number},Pads,10.00\r\n`) } });
    const problem = result.problems.find(({ code }) => code === 'invalid-value');
    expect(result.problems.map(({ code, ref }) => [code, ref.length])).toEqual([['invalid-value', 200]]);
    expect(problem?.ref).toHaveLength(200);
    expect(problem?.message).toHaveLength(500);
    expect(problem?.message.endsWith('…')).toBe(true);
  });

  it('has its name refused when it cannot be stored, and kept to 255 characters', async () => {
    const nul = await post({ file: { name: 'Make\u0000.txt', bytes: Buffer.from('MakeID|MakeName\r\n1|Acme\r\n') } });
    expectReply(nul, 400, catalogueDataMessages.badFileName);
    const long = await imported({ mode: 'dry-run', file: table(`${'n'.repeat(1_000)}.txt`, ['MakeID|MakeName', '1|Acme']) });
    expect(long.fileName).toHaveLength(255);
  });

  it('holds a NUL in a cell: that row is a problem that says so, not a failed import', async () => {
    const make = await imported({ mode: 'dry-run', file: table('Make.txt', ['MakeID|MakeName', '901|Ac\u0000me', '902|Fine']) });
    expect(make).toMatchObject({ status: 'done', problems: [{ line: 2, code: 'invalid-value', message: expect.stringContaining('NUL') }] });
    const parts = await imported({ kind: 'parts-csv', mode: 'dry-run', file: { name: 'nul.csv', bytes: Buffer.from('partNumber,name,price\r\nNUL-1,Pa\u0000ds,10.00\r\nNUL\u0000-2,Pads,10.00\r\n') } });
    expect(parts).toMatchObject({ status: 'done' });
    expect([...new Set(parts.problems.map(({ line, code }) => `${line} ${code}`))]).toEqual(['2 invalid-value', '3 invalid-value']);
    expect(parts.problems.every(({ ref, message }) => !ref.includes('\u0000') && !message.includes('\u0000'))).toBe(true);
    const pies = await imported({ kind: 'pies', mode: 'dry-run', file: { name: 'nul.xml', bytes: Buffer.from('<PIES><Items><Item><PartNumber>NUL-3</PartNumber><Descriptions><Description DescriptionCode="DES">Pa\u0000ds</Description></Descriptions></Item></Items></PIES>') } });
    expect(pies).toMatchObject({ status: 'done', problems: [expect.objectContaining({ code: expect.any(String) })] });
  });

  it('is a zip whose entries climb out of it or are too many: a problem, not a failure', async () => {
    const climbing = new yazl.ZipFile();
    climbing.addBuffer(Buffer.from('MakeID|MakeName\r\n1|Acme\r\n'), 'Make.txt');
    climbing.end();
    const chunks: Buffer[] = [];
    for await (const chunk of climbing.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
    // yazl writes no `../` name: the name is changed in the zip's bytes, its local header and directory alike.
    const bytes = Buffer.from(Buffer.concat(chunks).toString('latin1').replaceAll('Make.txt', '../M.txt'), 'latin1');
    const out = await imported({ file: { name: 'climbing.zip', bytes } });
    expect(out).toMatchObject({ status: 'done', applied: false, problems: [{ line: 1, ref: 'climbing.zip', code: 'invalid-value' }] });
    expect(out.problems[0]?.message).toMatch(/^climbing\.zip is not a zip that can be read: invalid relative path/);
    const many = await zip(Array.from({ length: 1_001 }, (_, index) => table(`Extra${index}.txt`, ['a|b'])));
    const result = await imported({ file: many });
    expect(result).toMatchObject({ status: 'done', applied: false, problems: [{ line: 1, ref: 'delivery.zip', code: 'invalid-value', message: 'delivery.zip is not a zip that can be read: it holds more than 1000 files.' }] });
  });
});

describe('a file of another kind', () => {
  const exported = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: headersOf(byToken(admin)) });
    expectReply(response, 200);
    return response.rawPayload;
  };
  const liveApplications = async () => Number((await app.db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);

  it('is refused at its root: a PIES file sent as ACES deletes no application', async () => {
    const before = await liveApplications();
    expect(before).toBeGreaterThan(0);
    const pies = await exported('/api/admin/catalogue/exports/pies');
    const result = await imported({ kind: 'aces', mode: 'apply', onProblems: 'refuse', file: { name: 'pies.xml', bytes: pies } });
    expect(result).toMatchObject({ status: 'done', applied: false, counts: { deleted: 0 }, problemCount: 1 });
    expect(result.problems).toEqual([expect.objectContaining({ code: 'xml', message: catalogueDataMessages.wrongRoot('ACES', 'PIES') })]);
    expect(await liveApplications()).toBe(before);

    const aces = await exported('/api/admin/catalogue/exports/aces');
    const asPies = await imported({ kind: 'pies', mode: 'apply', onProblems: 'skip', file: { name: 'aces.xml', bytes: aces } });
    expect(asPies).toMatchObject({ status: 'done', applied: false, problemCount: 1 });
    expect(asPies.problems).toEqual([expect.objectContaining({ code: 'xml', message: catalogueDataMessages.wrongRoot('PIES', 'ACES') })]);
  });

  // A well-formed ACES FULL of a Header alone was "no applications": applied, it deleted every one (decision 174).
  it('is refused when an ACES file has no Footer: a FULL one of a Header alone deletes no application', async () => {
    const before = await liveApplications();
    expect(before).toBeGreaterThan(0);
    const aces = (await exported('/api/admin/catalogue/exports/aces')).toString('utf8');
    const headerOnly = `${aces.slice(0, aces.indexOf('</Header>') + '</Header>'.length)}\n</ACES>\n`;
    const result = await imported({ kind: 'aces', mode: 'apply', onProblems: 'skip', file: { name: 'header-only.xml', bytes: Buffer.from(headerOnly) } });
    expect(result).toMatchObject({ status: 'done', applied: false, counts: { deleted: 0 }, problemCount: 1 });
    expect(result.problems).toEqual([expect.objectContaining({ code: 'invalid-value', message: expect.stringContaining('no Footer with a RecordCount') })]);
    expect(await liveApplications()).toBe(before);
  });

  it('is told it is not XML when it does not start as XML (a CSV, a PNG)', async () => {
    const before = await liveApplications();
    const csv = await exported('/api/admin/catalogue/exports/parts.csv');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 0xff)]);
    for (const [kind, file] of [
      ['aces', { name: 'parts.csv', bytes: csv }],
      ['pies', { name: 'parts.csv', bytes: csv }],
      ['aces', { name: 'photo.png', bytes: png }],
    ] as const) {
      const result = await imported({ kind, mode: 'apply', onProblems: 'skip', file });
      expect(result).toMatchObject({ status: 'done', applied: false, problemCount: 1 });
      expect(result.problems).toEqual([{ line: 1, ref: '', code: 'xml', message: catalogueDataMessages.notXml }]);
    }
    expect(await liveApplications()).toBe(before);
  });
});

describe("the planner's statistics", () => {
  it('an applied import brings those of the tables it wrote up to date; a dry run leaves them', async () => {
    const estimated = async () => Number((await sql<{ reltuples: number }>`select reltuples from pg_class where relname = 'parts'`.execute(app.db)).rows[0]?.reltuples);
    const file = { name: 'pies.xml', bytes: Buffer.from(piesFile(...Array.from({ length: 30 }, (_, index) => piesItem(`STATS-${index}`)))) };
    const before = await estimated();
    expect(await imported({ kind: 'pies', mode: 'dry-run', file })).toMatchObject({ status: 'done', applied: false });
    expect(await estimated()).toBe(before);

    expect(await imported({ kind: 'pies', file })).toMatchObject({ status: 'done', applied: true, counts: { added: 30 } });
    const { count } = await app.db.selectFrom('parts').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    expect(await estimated()).toBe(Number(count));
  });
});

describe('an import stopped mid-way', () => {
  it('runs again from the start when the job comes back, and is shown failed after its tries', async () => {
    const id = randomUUID();
    await app.db
      .insertInto('catalogue_imports')
      .values({ id, kind: 'vcdb', mode: 'apply', on_problems: 'refuse', file_name: 'Year.txt', created_by: null, created_by_email: admin.email })
      .execute();
    await app.db.insertInto('catalogue_import_chunks').values({ import_id: id, seq: 0, bytes: Buffer.from('YearID\n2040\n') }).execute();
    // What an instance stopped mid-import leaves: the row running, its transaction gone, its
    // heartbeat long stopped by the time pg-boss hands the job out again.
    await app.db.updateTable('catalogue_imports').set({ status: 'running', attempts: 1, heartbeat_at: new Date(Date.now() - 60 * 60_000) }).where('id', '=', id).execute();
    await runImport(app.db, id);
    // On PostgreSQL the watch (every minute) may have queued it for the job first: one of them runs it.
    await eventually(async () => (await read(id)).status === 'done');
    expect(await read(id)).toMatchObject({ status: 'done', applied: true, counts: { added: 1 } });
    expect(await app.db.selectFrom('catalogue_import_chunks').select('seq').where('import_id', '=', id).execute()).toEqual([]);

    const twice = randomUUID();
    await app.db
      .insertInto('catalogue_imports')
      .values({ id: twice, kind: 'vcdb', mode: 'apply', on_problems: 'refuse', file_name: 'Year.txt', created_by: null, created_by_email: admin.email })
      .execute();
    await app.db.updateTable('catalogue_imports').set({ status: 'running', attempts: 2 }).where('id', '=', twice).execute();
    await runImport(app.db, twice);
    expect(await read(twice)).toMatchObject({ status: 'failed', applied: false, error: catalogueDataMessages.interrupted });
  });

  it('is left to a run still going, on another instance (its heartbeat is fresh) or here', async () => {
    const id = randomUUID();
    await app.db
      .insertInto('catalogue_imports')
      .values({ id, kind: 'vcdb', mode: 'apply', on_problems: 'refuse', file_name: 'Year.txt', created_by: null, created_by_email: admin.email })
      .execute();
    await app.db.insertInto('catalogue_import_chunks').values({ import_id: id, seq: 0, bytes: Buffer.from('YearID\n2041\n') }).execute();
    const state = () => app.db.selectFrom('catalogue_imports').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    // Another instance's run, alive a minute ago: pg-boss gave up on its job and handed it out again.
    await app.db.updateTable('catalogue_imports').set({ status: 'running', attempts: 1, heartbeat_at: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    await runImport(app.db, id);
    expect(await state()).toEqual({ status: 'running', attempts: 1 });
    expect(await app.db.selectFrom('catalogue_import_chunks').select('seq').where('import_id', '=', id).execute()).toEqual([{ seq: 0 }]);
    // That instance stopped; the job is handed out twice here at once: one run imports it.
    await app.db.updateTable('catalogue_imports').set({ heartbeat_at: new Date(Date.now() - 10 * 60_000) }).where('id', '=', id).execute();
    await Promise.all([runImport(app.db, id), runImport(app.db, id)]);
    await eventually(async () => (await state()).status === 'done');
    expect(await state()).toEqual({ status: 'done', attempts: 2 });
    expect(await read(id)).toMatchObject({ applied: true, counts: { added: 1 } });
  });

  it('pages the history: the latest 50 without parameters, the next ones after an import with `before`, microseconds apart or at one instant', async () => {
    // Imports of long ago, 20 at each of three instants a few microseconds apart (what a JavaScript Date cannot hold).
    const instants = ['2020-01-01 00:00:00.000456+00', '2020-01-01 00:00:00.000123+00', '2020-01-01 00:00:00.000124+00'];
    for (const instant of instants) {
      await app.db
        .insertInto('catalogue_imports')
        .values(Array.from({ length: 20 }, (_, index) => ({ kind: 'pies' as const, mode: 'dry-run' as const, on_problems: 'refuse' as const, status: 'done' as const, file_name: `old-${index}.xml`, created_by: null, created_by_email: admin.email, created_at: sql<Date>`${instant}::timestamptz` })))
        .execute();
    }
    const list = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports${query}`, headers: headersOf(byToken(admin)) });
      expect(response.statusCode).toBe(200);
      return response.json<CatalogueImport[]>();
    };
    const everyId = (await app.db.selectFrom('catalogue_imports').select('id').orderBy('created_at', 'desc').orderBy('id').execute()).map((row) => row.id);
    const latest = await list('');
    expect(latest.map((item) => item.id)).toEqual(everyId.slice(0, 50));
    expect(latest[0]?.problems).toEqual([]);

    const paged: string[] = [];
    for (let page = await list('?limit=7'); page.length > 0; page = await list(`?limit=7&before=${paged.at(-1)}`)) {
      expect(page.length).toBeLessThanOrEqual(7);
      paged.push(...page.map((item) => item.id));
    }
    expect(paged).toEqual(everyId);

    const unknown = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports?before=${randomUUID()}`, headers: headersOf(byToken(admin)) });
    expect(unknown.statusCode).toBe(404);
    for (const query of ['?limit=0', '?limit=101', '?before=nope']) {
      expect((await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports${query}`, headers: headersOf(byToken(admin)) })).statusCode).toBe(400);
    }
    expect((await call(app, byToken(customer), { method: 'GET', url: '/api/admin/catalogue/imports?limit=5' })).statusCode).toBe(403);
  });
});
