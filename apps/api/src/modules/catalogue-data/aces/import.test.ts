import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REFERENCE_DIR } from '../../../db/seed';
import { byToken, call, expectReply, headersOf } from '../../../test/admin';
import { createTestApp } from '../../../test/app';
import { multipartForm } from '../../../test/multipart';
import { signUpAdmin, type Customer } from '../../../test/orders';
import { eventually } from '../../../test/wait';
import { runImport } from '../pies/test-files';
import { importAces } from './import';
import { acesApp, acesFile, liveApplications, type TestApp } from './test-files';

let app: FastifyInstance;
let admin: Customer;
let demo: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'aces-admin');
  demo = await readFile(path.join(DEMO_REFERENCE_DIR, 'aces-demo/applications.xml'), 'utf8');
  // The demo seed's own applications go: these tests count from a shop with none.
  await app.db.deleteFrom('applications').execute();
});
afterAll(async () => {
  await app?.close();
});

const tombstones = () => app.db.selectFrom('applications').select(['id', 'changed_at']).where('deleted_at', 'is not', null).execute();

/** An App of the demo shop's vehicles, parts and part types. */
const valid = (id: number, more: Partial<TestApp> = {}): TestApp => ({ id, baseVehicle: 100003, partType: 59001, position: 69001, part: 'BRK-1001', ...more });

describe('importAces', () => {
  it('imports the demo file, then counts it unchanged, then replaces it with a FULL file', async () => {
    expect(await runImport(app, importAces, demo)).toEqual({ problems: [], counts: { added: 6, changed: 0, deleted: 0, unchanged: 0, rejected: 0 } });
    const live = await liveApplications(app);
    expect(live).toHaveLength(6);
    expect(live).toContain('"BRK-2001" 100001 29002 null 59002 69001 2 ["With Sport Package"] "Vented rotor, sport"');
    expect((await runImport(app, importAces, demo)).counts).toEqual({ added: 0, changed: 0, deleted: 0, unchanged: 6, rejected: 0 });

    // App 1 dropped, app 2's quantity changed, one new.
    const apps = demo.split('\n').filter((line) => line.startsWith('<App '));
    const replaced = [...apps.slice(1).map((line) => line.replace('id="2"><BaseVehicle id="100002"/><Qty>1', 'id="2"><BaseVehicle id="100002"/><Qty>2')), acesApp(valid(7))];
    expect((await runImport(app, importAces, acesFile(replaced))).counts).toEqual({ added: 1, changed: 1, deleted: 1, unchanged: 4, rejected: 0 });
    expect(await liveApplications(app)).toHaveLength(6);
    expect(await liveApplications(app)).not.toContain('"BRK-1001" 100001 null null 59001 69001 1 [] null');
    expect(await tombstones()).toHaveLength(1);
  });

  it('with an UPDATE file, adds (action A) and tombstones (action D)', async () => {
    const before = await liveApplications(app);
    const file = acesFile([acesApp(valid(1, { baseVehicle: 100004 })), acesApp({ id: 2, action: 'D', baseVehicle: 100001, engine: 39003, partType: 59010, part: 'IGN-1001', qty: 4 })], { submissionType: 'UPDATE' });
    expect(await runImport(app, importAces, file)).toEqual({ problems: [], counts: { added: 1, changed: 0, deleted: 1, unchanged: 0, rejected: 0 } });
    const after = await liveApplications(app);
    expect(after).toContain('"BRK-1001" 100004 null null 59001 69001 1 [] null');
    expect(after).not.toContain('"IGN-1001" 100001 null 39003 59010 null 4 [] null');
    expect(after).toHaveLength(before.length);
  });

  it('applies an A and a D of one application in file order, and counts a D of nothing live unchanged with a warning', async () => {
    const a = valid(90, { baseVehicle: 100012 });
    const d = { ...a, id: 91, action: 'D' as const };
    const update = (apps: TestApp[]) => runImport(app, importAces, acesFile(apps.map(acesApp), { submissionType: 'UPDATE' }));
    expect(await update([a])).toMatchObject({ problems: [], counts: { added: 1 } });
    // Live: a D, then an A, leave it live; an A, then a D, delete it.
    expect(await update([d, a])).toEqual({ problems: [], counts: { added: 0, changed: 0, deleted: 0, unchanged: 2, rejected: 0 } });
    expect(await liveApplications(app)).toContain('"BRK-1001" 100012 null null 59001 69001 1 [] null');
    expect((await update([a, d])).counts).toEqual({ added: 0, changed: 0, deleted: 1, unchanged: 1, rejected: 0 });
    expect(await liveApplications(app)).not.toContain('"BRK-1001" 100012 null null 59001 69001 1 [] null');
    // Not live: a D, then an A, add it.
    expect((await update([d, a])).counts).toEqual({ added: 1, changed: 0, deleted: 0, unchanged: 1, rejected: 0 });
    const nothing = { ...d, baseVehicle: 100013, id: 92 };
    const file = acesFile([acesApp(nothing)], { submissionType: 'UPDATE' });
    expect(await runImport(app, importAces, file)).toEqual({
      problems: [{ line: 4, ref: '92', code: 'not-applied', message: 'App 92 deletes an application of part BRK-1001 that is not live: nothing changed.' }],
      counts: { added: 0, changed: 0, deleted: 0, unchanged: 1, rejected: 0 },
    });
  });

  it('names each problem with its App id and line, and changes nothing when refused', async () => {
    const before = await liveApplications(app);
    const apps: TestApp[] = [
      valid(10, { baseVehicle: 999_999 }),
      valid(11, { submodel: 999_999 }),
      valid(12, { engine: 999_999 }),
      valid(13, { submodel: 29010 }),
      valid(14, { baseVehicle: 100001, engine: 39009 }),
      valid(15, { partType: 999_999 }),
      valid(16, { position: 999_999 }),
      valid(17, { part: 'NO-SUCH-PART' }),
      valid(18, { baseVehicle: 100005 }),
      valid(19, { baseVehicle: 100005 }),
      valid(20, { baseVehicle: 100005, part: 'BRK-2001' }),
      valid(21, { baseVehicle: 100006, notes: ['With Sport Package'] }),
      valid(22, { baseVehicle: 100006, part: 'BRK-2001' }),
    ];
    const file = acesFile(apps.map(acesApp));
    const { problems, counts } = await runImport(app, importAces, file);
    const lines = file.split('\n');
    expect(problems.map(({ ref, code, line }) => `${ref} ${code} ${line === lines.findIndex((text) => text.includes(`id="${ref}"`)) + 1}`)).toEqual([
      '10 unknown-base-vehicle true',
      '11 unknown-submodel true',
      '12 unknown-engine true',
      '13 invalid-combination true',
      '14 invalid-combination true',
      '15 unknown-part-type true',
      '16 unknown-position true',
      '17 unknown-part true',
      '19 duplicate true',
      '20 overlap true',
      '22 comment-conflict true',
    ]);
    expect(problems.find(({ code }) => code === 'overlap')?.message).toBe(
      'App 20 gives part BRK-2001 where App 18 (line 12) gives part BRK-1001 for the same vehicle, qualifiers, part type and position, with no note or MfrLabel to tell them apart.',
    );
    expect(counts.rejected).toBe(11);
    expect(await liveApplications(app)).toEqual(before);
  });

  it('with skip, applies the rest and lists the rejected', async () => {
    const file = acesFile([acesApp(valid(30, { baseVehicle: 100007 })), acesApp(valid(31, { part: 'NO-SUCH-PART' }))], { submissionType: 'UPDATE' });
    const { problems, counts } = await runImport(app, importAces, file, 'skip');
    expect(problems.map(({ ref, code }) => `${ref} ${code}`)).toEqual(['31 unknown-part']);
    expect(counts).toMatchObject({ added: 1, rejected: 1 });
    expect(await liveApplications(app)).toContain('"BRK-1001" 100007 null null 59001 69001 1 [] null');
  });

  it('names the part a former number is now, and applies nothing of it (decision 115)', async () => {
    const { id } = await app.db.selectFrom('parts').select('id').where('part_number', '=', 'BRK-1001').executeTakeFirstOrThrow();
    await app.db.insertInto('part_former_numbers').values({ part_number: 'BRK-1001-OLD', part_id: id }).execute();
    try {
      const file = acesFile([acesApp(valid(32, { baseVehicle: 100008, part: 'BRK-1001-OLD' })), acesApp(valid(33, { baseVehicle: 100008, part: 'NO-SUCH-PART' }))], { submissionType: 'UPDATE' });
      const { problems, counts } = await runImport(app, importAces, file, 'skip');
      expect(problems.map(({ ref, code, message }) => ({ ref, code, message }))).toEqual([
        { ref: '32', code: 'former-number', message: catalogueDataMessages.formerNumber('BRK-1001-OLD', 'BRK-1001') },
        { ref: '33', code: 'unknown-part', message: 'Part NO-SUCH-PART is not a part of the shop.' },
      ]);
      expect(counts).toMatchObject({ added: 0, rejected: 2 });
    } finally {
      await app.db.deleteFrom('part_former_numbers').where('part_number', '=', 'BRK-1001-OLD').execute();
    }
  });

  it('says where the XML is malformed and changes nothing', async () => {
    const before = await liveApplications(app);
    const file = acesFile([acesApp(valid(40, { baseVehicle: 100008 })), '<App id="41"><BaseVehicle id="100008"></App>']);
    const { problems } = await runImport(app, importAces, file, 'skip');
    expect(problems).toEqual([{ code: 'xml', line: 5, ref: '41', message: expect.stringContaining('Malformed XML on line 5') }]);
    expect(await liveApplications(app)).toEqual(before);
  });

  it('with a brand in its Header, a FULL file replaces only the applications of that brand\'s parts', async () => {
    await app.db.updateTable('parts').set({ brand_aaia_id: 'BKPN' }).where('part_number', '=', 'BRK-2001').execute();
    const before = await liveApplications(app);
    const others = before.filter((line) => !line.startsWith('"BRK-2001"'));
    const file = acesFile([acesApp(valid(60, { baseVehicle: 100010, partType: 59002, part: 'BRK-2001' }))], { brand: 'BKPN' });
    expect((await runImport(app, importAces, file)).counts).toEqual({ added: 1, changed: 0, deleted: before.length - others.length, unchanged: 0, rejected: 0 });
    expect(await liveApplications(app)).toEqual([...others, '"BRK-2001" 100010 null null 59002 69001 1 [] null'].sort());
  });

  it('as a dry run through the import job reports what it would do and changes nothing', async () => {
    const before = await liveApplications(app);
    const upload = multipartForm({ kind: 'aces', mode: 'dry-run', onProblems: 'refuse' }, { name: 'applications.xml', bytes: Buffer.from(acesFile([acesApp(valid(50, { baseVehicle: 100009 }))])) });
    const posted = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...upload });
    expectReply(posted, 202);
    const { id } = posted.json() as { id: string };
    let result: CatalogueImport | undefined;
    await eventually(async () => {
      result = (await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) })).json() as CatalogueImport;
      return result.status === 'done' || result.status === 'failed';
    });
    expect(result).toMatchObject({ status: 'done', applied: false, counts: { added: 1, deleted: before.length, rejected: 0 }, problems: [] });
    expect(await liveApplications(app)).toEqual(before);
  });

  describe('against the applications already live', () => {
    const update = (apps: TestApp[]) => acesFile(apps.map(acesApp), { submissionType: 'UPDATE' });
    const lineOf = (file: string, ref: number) => file.split('\n').findIndex((text) => text.includes(`id="${ref}"`)) + 1;

    beforeAll(async () => {
      // Live: FLT-1001 with no notes on 100020, COL-1001 with a note on 100021.
      const file = update([valid(70, { baseVehicle: 100020, part: 'FLT-1001' }), valid(71, { baseVehicle: 100021, part: 'COL-1001', notes: ['Heavy duty'] })]);
      expect(await runImport(app, importAces, file)).toMatchObject({ problems: [], counts: { added: 2 } });
    });

    it('reports an UPDATE add overlapping a live application of another part, naming the App, its line and the live part', async () => {
      const before = await liveApplications(app);
      const file = update([valid(72, { baseVehicle: 100020, part: 'FLT-2001' })]);
      const { problems, counts } = await runImport(app, importAces, file);
      expect(problems).toEqual([
        {
          ref: '72',
          line: lineOf(file, 72),
          code: 'overlap',
          message: 'App 72 gives part FLT-2001 where live part FLT-1001 is given for the same vehicle, qualifiers, part type and position, with no note or MfrLabel to tell them apart.',
        },
      ]);
      expect(counts.rejected).toBe(1);
      expect(await liveApplications(app)).toEqual(before);
    });

    it('lists the live part in the report and the problems CSV of an import job', async () => {
      const file = update([valid(85, { baseVehicle: 100020, part: 'FLT-2001' })]);
      const upload = multipartForm({ kind: 'aces', mode: 'dry-run', onProblems: 'refuse' }, { name: 'update.xml', bytes: Buffer.from(file) });
      const posted = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...upload });
      expectReply(posted, 202);
      const { id } = posted.json() as { id: string };
      let result: CatalogueImport | undefined;
      await eventually(async () => {
        result = (await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) })).json() as CatalogueImport;
        return result.status === 'done' || result.status === 'failed';
      });
      expect(result?.problems).toEqual([{ ref: '85', line: lineOf(file, 85), code: 'overlap', message: expect.stringContaining('where live part FLT-1001 is given') }]);
      const csv = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}/problems.csv`, headers: headersOf(byToken(admin)) });
      expect(csv.body.split('\n')[1]).toBe(`${lineOf(file, 85)},85,overlap,"App 85 gives part FLT-2001 where live part FLT-1001 is given for the same vehicle, qualifiers, part type and position, with no note or MfrLabel to tell them apart."`);
    });

    it('reports an UPDATE add without notes where a live application of another part has notes, and the reverse', async () => {
      const file = update([valid(73, { baseVehicle: 100021, part: 'COL-2001' }), valid(74, { baseVehicle: 100020, part: 'FLT-2001', notes: ['Turbo only'] })]);
      const { problems } = await runImport(app, importAces, file);
      expect(problems).toEqual([
        { ref: '73', line: lineOf(file, 73), code: 'comment-conflict', message: 'App 73 has no notes where live part COL-1001 for the same vehicle, qualifiers, part type and position has notes.' },
        { ref: '74', line: lineOf(file, 74), code: 'comment-conflict', message: 'App 74 has notes where live part FLT-1001 for the same vehicle, qualifiers, part type and position has none.' },
      ]);
    });

    it('lets apart what a MfrLabel, another qualifier or the same part tells apart, and a live application the file deletes', async () => {
      const clean = async (apps: TestApp[]) => (await runImport(app, importAces, update(apps))).problems;
      expect(await clean([valid(75, { baseVehicle: 100020, part: 'FLT-2001', mfrLabel: 'Long life' })])).toEqual([]);
      expect(await clean([valid(76, { baseVehicle: 100020, part: 'FLT-2001', position: 69002 })])).toEqual([]);
      expect(await clean([valid(77, { baseVehicle: 100023, part: 'FLT-1001' })])).toEqual([]);
      expect(await clean([valid(78, { baseVehicle: 100023, part: 'FLT-1001', notes: ['Turbo only'] })])).toEqual([]);
      const deleting = [{ id: 79, action: 'D' as const, baseVehicle: 100021, partType: 59001, position: 69001, part: 'COL-1001', notes: ['Heavy duty'] }, valid(80, { baseVehicle: 100021, part: 'SUS-1001' })];
      expect(await runImport(app, importAces, update(deleting))).toEqual({ problems: [], counts: { added: 1, changed: 0, deleted: 1, unchanged: 0, rejected: 0 } });
    });

    it('for a FULL file of a brand, counts the live applications of other brands only', async () => {
      await app.db.updateTable('parts').set({ brand_aaia_id: 'FLTB' }).where('part_number', 'in', ['FLT-1001', 'FLT-2001']).execute();
      await app.db.updateTable('parts').set({ brand_aaia_id: 'ELCB' }).where('part_number', '=', 'ELC-1001').execute();
      // Live: ELC-1001 (another brand) on 100022. FLT-1001's application on 100020 is the brand's own: replaced.
      expect((await runImport(app, importAces, update([valid(81, { baseVehicle: 100022, part: 'ELC-1001' })]))).problems).toEqual([]);
      const file = acesFile([valid(82, { baseVehicle: 100020, part: 'FLT-2001' }), valid(83, { baseVehicle: 100022, part: 'FLT-2001' })].map(acesApp), { brand: 'FLTB' });
      const { problems } = await runImport(app, importAces, file);
      expect(problems.map(({ ref, code, message }) => `${ref} ${code} ${message.includes('live part ELC-1001')}`)).toEqual(['83 overlap true']);
    });
  });

  it('tells its progress in every phase: the apps read, the checks done of all of them, the apps written of all (decision 147)', async () => {
    const told: Array<[number, number | undefined, string | undefined]> = [];
    await runImport(app, importAces, demo, 'refuse', (done, total, phase) => told.push([done, total, phase]));
    const phases = told.map(([, , phase]) => phase).filter((phase, index, all) => phase !== all[index - 1]);
    expect(phases).toEqual(['reading', 'checking', 'writing']);
    expect(told.filter(([, , phase]) => phase === 'reading')).toEqual([[6, undefined, 'reading']]);
    const checking = told.filter(([, , phase]) => phase === 'checking');
    expect(checking.at(0)).toEqual([0, 15, 'checking']);
    expect(checking.at(-1)).toEqual([15, 15, 'checking']);
    expect(told.filter(([, , phase]) => phase === 'writing')).toEqual([
      [0, 6, 'writing'],
      [6, 6, 'writing'],
    ]);
  });
});
