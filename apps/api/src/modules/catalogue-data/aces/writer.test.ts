import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REFERENCE_DIR } from '../../../db/seed';
import { byToken, call, expectReply } from '../../../test/admin';
import { createTestApp } from '../../../test/app';
import { utcToday } from '../../../test/clock';
import { signUpAdmin, signUpCustomer, type Customer } from '../../../test/orders';
import { childrenOf, runImport } from '../pies/test-files';
import { importAces } from './import';
import { acesApp, acesFile, liveApplications } from './test-files';

let shop: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await signUpAdmin(shop, 'aces-export-admin');
  const demo = await readFile(path.join(DEMO_REFERENCE_DIR, 'aces-demo/applications.xml'), 'utf8');
  expect((await runImport(shop, importAces, demo)).problems).toEqual([]);
});
afterAll(async () => {
  await shop?.close();
});

const get = (url: string, who: Customer = admin) => call(shop, byToken(who), { method: 'GET', url });

describe('GET /api/admin/catalogue/exports/aces', () => {
  it('is for admins only', async () => {
    expect((await shop.inject({ method: 'GET', url: '/api/admin/catalogue/exports/aces' })).statusCode).toBe(401);
    expectReply(await get('/api/admin/catalogue/exports/aces', await signUpCustomer(shop, 'aces-export-customer')), 403);
    expectReply(await get('/api/admin/catalogue/exports/aces?since=2026-02-30'), 400);
  });

  it('writes every live application (FULL), and the shop emptied of applications and importing it holds the same ones', async () => {
    await shop.db.updateTable('shop_settings').set({ brand_aaia_id: 'BKPN', catalogue_sender_name: 'Catalogue desk' }).execute();
    const full = await get('/api/admin/catalogue/exports/aces');
    expectReply(full, 200);
    expect(full.headers['content-disposition']).toMatch(/^attachment; filename="aces-full-/);
    expect(full.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<ACES version="4\.2">\n<Header><Company>[^<]+<\/Company><SenderName>Catalogue desk<\/SenderName><SenderPhone><\/SenderPhone><TransferDate>\d{4}-\d\d-\d\d<\/TransferDate><BrandAAIAID>BKPN<\/BrandAAIAID><DocumentTitle>Applications<\/DocumentTitle><EffectiveDate>[-\d]+<\/EffectiveDate><SubmissionType>FULL<\/SubmissionType><VcdbVersionDate>[-\d]+<\/VcdbVersionDate><QdbVersionDate>[-\d]+<\/QdbVersionDate><PcdbVersionDate>[-\d]+<\/PcdbVersionDate><\/Header>\n/,
    );
    expect(full.body).toMatch(/<App action="A" id="\d+"><BaseVehicle id="100001"\/><SubModel id="29002"\/><Note>With Sport Package<\/Note><Qty>2<\/Qty><PartType id="59002"\/><MfrLabel>Vented rotor, sport<\/MfrLabel><Position id="69001"\/><Part>BRK-2001<\/Part><\/App>/);
    expect(full.body).toContain('<Footer><RecordCount>6</RecordCount></Footer>');
    // The Header's elements as the 4.2 XSD requires them, in its order: SenderPhone is not optional (decision 174).
    expect(childrenOf(full.body, 'Header')).toEqual([
      ['Company', 'SenderName', 'SenderPhone', 'TransferDate', 'BrandAAIAID', 'DocumentTitle', 'EffectiveDate', 'SubmissionType', 'VcdbVersionDate', 'QdbVersionDate', 'PcdbVersionDate'],
    ]);

    // An empty shop with the same parts and VCdb: this one without its applications. The header's
    // brand is none of the demo parts', so the file is read as FULL without one.
    const before = await liveApplications(shop);
    await shop.db.deleteFrom('applications').execute();
    const withoutBrand = full.body.replace('<BrandAAIAID>BKPN</BrandAAIAID>', '');
    expect(await runImport(shop, importAces, withoutBrand)).toEqual({ problems: [], counts: { added: 6, changed: 0, deleted: 0, unchanged: 0, rejected: 0 } });
    expect(await liveApplications(shop)).toEqual(before);
  });

  it('since a date lists the applications added and deleted on or after it', async () => {
    await shop.db.updateTable('applications').set({ changed_at: new Date('2026-01-01T00:00:00Z') }).execute();
    const update = acesFile([acesApp({ id: 1, action: 'D', baseVehicle: 100001, partType: 59001, position: 69001, part: 'BRK-1001' }), acesApp({ id: 2, baseVehicle: 100004, partType: 59001, position: 69001, part: 'BRK-1001' })], { submissionType: 'UPDATE' });
    expect((await runImport(shop, importAces, update)).counts).toMatchObject({ added: 1, deleted: 1 });
    const since = await get('/api/admin/catalogue/exports/aces?since=2026-06-01');
    expectReply(since, 200);
    expect(since.body).toContain('<SubmissionType>UPDATE</SubmissionType>');
    expect(since.body.match(/<App action="[AD]" id="\d+"><BaseVehicle id="\d+"\/>/g)?.map((app) => app.replace(/ id="\d+"><B/, '><B'))).toEqual([
      '<App action="D"><BaseVehicle id="100001"/>',
      '<App action="A"><BaseVehicle id="100004"/>',
    ]);
    expect(since.body).toContain('<RecordCount>2</RecordCount>');
  });

  it('since a date leaves out the delete of an application added again, so that importing the file keeps it', async () => {
    const app = { baseVehicle: 100011, partType: 59001, position: 69001, part: 'BRK-1001' };
    const update = (action: 'A' | 'D') => acesFile([acesApp({ id: 1, action, ...app })], { submissionType: 'UPDATE' });
    // The day before the changes: asked after them, it could be the next day's, past them at midnight UTC.
    const today = utcToday();
    expect((await runImport(shop, importAces, update('A'))).counts).toMatchObject({ added: 1 });
    expect((await runImport(shop, importAces, update('D'))).counts).toMatchObject({ deleted: 1 });
    expect((await runImport(shop, importAces, update('D'))).counts).toMatchObject({ deleted: 0 });
    expect((await runImport(shop, importAces, update('A'))).counts).toMatchObject({ added: 1 });
    const since = await get(`/api/admin/catalogue/exports/aces?since=${today}`);
    expectReply(since, 200);
    expect(since.body.match(/<App action="[AD]" id="\d+"><BaseVehicle id="100011"\/><Qty>1<\/Qty><PartType id="59001"\/><Position id="69001"\/><Part>BRK-1001</g)?.map((tag) => tag.slice(0, 15))).toEqual(['<App action="A"']);
    const { problems, counts } = await runImport(shop, importAces, since.body);
    expect(problems.filter(({ code }) => code !== 'not-applied')).toEqual([]);
    expect(counts.deleted).toBe(0);
    expect(await liveApplications(shop)).toContain('"BRK-1001" 100011 null null 59001 69001 1 [] null');
  });

  it('leaves the applications of an archived part out of FULL, and deletes them since a day on or before its archiving', async () => {
    const count = (await liveApplications(shop)).filter((line) => line.startsWith('"BRK-2001"')).length;
    expect(count).toBeGreaterThan(0);
    const today = utcToday();
    await shop.db.updateTable('parts').set({ archived_at: new Date() }).where('part_number', '=', 'BRK-2001').execute();
    const full = await get('/api/admin/catalogue/exports/aces');
    expect(full.body).not.toContain('BRK-2001');
    const since = await get(`/api/admin/catalogue/exports/aces?since=${today}`);
    expect(since.body.match(/<App action="[AD]"[^\n]*<Part>BRK-2001<\/Part>/g)?.map((app) => app.slice(0, 15))).toEqual(Array.from({ length: count }, () => '<App action="D"'));
    await shop.db.updateTable('parts').set({ archived_at: null }).where('part_number', '=', 'BRK-2001').execute();
  });
});
