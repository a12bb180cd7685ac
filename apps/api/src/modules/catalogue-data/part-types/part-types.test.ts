import { PART_TYPE_CATEGORIES_MAX, partTypeCategoryMessages, type CatalogueImport, type PartTypeCategory } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byToken, call, expectInvalid, expectReply, headersOf } from '../../../test/admin';
import { createTestApp } from '../../../test/app';
import { multipartForm } from '../../../test/multipart';
import { signUpAdmin, type Customer } from '../../../test/orders';
import { eventually } from '../../../test/wait';
import { importPies } from '../pies/import';
import { piesFile, piesItem, runImport } from '../pies/test-files';

let app: FastifyInstance;
let admin: Customer;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'part-types-admin');
});
afterAll(async () => {
  await app?.close();
});

const url = '/api/admin/catalogue/part-type-categories';
const put = (mappings: unknown) => call(app, byToken(admin), { method: 'PUT', url, payload: { mappings } });
const list = async () => {
  const reply = await call(app, byToken(admin), { method: 'GET', url });
  expectReply(reply, 200);
  return reply.json() as PartTypeCategory[];
};
const typed = (partNumber: string, partType: number) => piesItem(partNumber, { after: `<PartTerminologyID>${partType}</PartTerminologyID>` });
const categoryOf = async (partNumber: string) =>
  (await app.db.selectFrom('parts').select('category_slug').where('part_number', '=', partNumber).executeTakeFirstOrThrow()).category_slug;

describe('part type categories', () => {
  it('maps part types to categories, lists them with their parts, and unmaps with null', async () => {
    expectReply(await put([{ partTypeId: 59001, category: 'brakes' }, { partTypeId: 59013, category: 'filters' }]), 200);
    const mapped = await list();
    expect(mapped.filter(({ category }) => category !== null).map(({ partTypeId, name, category }) => `${partTypeId} ${name} ${category}`)).toEqual([
      '59001 Brake Pad Set brakes',
      '59013 Engine Oil Filter filters',
    ]);
    const unmapped = await put([{ partTypeId: 59013, category: null }]);
    expectReply(unmapped, 200);
    expect((unmapped.json() as PartTypeCategory[]).find(({ partTypeId }) => partTypeId === 59013)).toBeUndefined();
    expect((await list()).find(({ partTypeId }) => partTypeId === 59001)).toMatchObject({ category: 'brakes' });
    const [audit] = await app.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'catalogue.part-type-categories').orderBy('seq', 'desc').limit(1).execute();
    expect(audit).toMatchObject({ details: { mapped: 0, unmapped: 1 } });
  });

  it('says which part type or category is unknown, and refuses a part type twice or too many', async () => {
    expectReply(await put([{ partTypeId: 999_999, category: 'brakes' }]), 400, partTypeCategoryMessages.unknownPartType(999_999));
    expectReply(await put([{ partTypeId: 59001, category: 'no-such-category' }]), 400, partTypeCategoryMessages.unknownCategory('no-such-category'));
    expectInvalid(await put([{ partTypeId: 59001, category: 'brakes' }, { partTypeId: 59001, category: null }]), partTypeCategoryMessages.twice(59001));
    expectInvalid(await put([{ partTypeId: 1.5, category: 'brakes' }]), partTypeCategoryMessages.badPartType);
    expectInvalid(await put(Array.from({ length: PART_TYPE_CATEGORIES_MAX + 1 }, (_, index) => ({ partTypeId: index + 1, category: null }))), partTypeCategoryMessages.tooMany);
    expect((await list()).find(({ partTypeId }) => partTypeId === 59001)).toMatchObject({ category: 'brakes' });
  });

  it('puts a new PIES part into its part type\'s category; an unmapped part type is a warning and the part has no category', async () => {
    const { problems, counts } = await runImport(app, importPies, piesFile(typed('PT-100', 59001), typed('PT-101', 59014), piesItem('PT-102')));
    expect(counts).toMatchObject({ added: 3, rejected: 0 });
    expect(problems).toEqual([
      {
        line: expect.any(Number),
        ref: 'PT-101',
        code: 'unmapped-part-type',
        message: 'New part PT-101 is added without a category: its part type 59014 (Air Filter) is not mapped to one. Map it under Part type categories, then give the part its category.',
      },
    ]);
    expect([await categoryOf('PT-100'), await categoryOf('PT-101'), await categoryOf('PT-102')]).toEqual(['brakes', null, null]);
    expect((await list()).find(({ partTypeId }) => partTypeId === 59014)).toMatchObject({ category: null, parts: 1 });
  });

  it('lists part types as people read their names: Type 2 before Type 10, a tie by id', async () => {
    const names = ['Type 10', 'Type 1', 'Type 100', 'Type 2', 'Type 11', 'type 3', 'Type 1'];
    await app.db.insertInto('pcdb_part_types').values(names.map((name, index) => ({ id: 79_001 + index, name }))).execute();
    expectReply(await put(names.map((_, index) => ({ partTypeId: 79_001 + index, category: 'brakes' }))), 200);
    const listed = (await list()).filter(({ partTypeId }) => partTypeId > 79_000 && partTypeId < 79_100);
    expect(listed.map(({ partTypeId, name }) => `${name} ${partTypeId}`)).toEqual(['Type 1 79002', 'Type 1 79007', 'Type 2 79004', 'type 3 79006', 'Type 10 79001', 'Type 11 79005', 'Type 100 79003']);
  });

  it('leaves an existing part in its category', async () => {
    await runImport(app, importPies, piesFile(typed('PT-110', 59001)));
    await app.db.updateTable('parts').set({ category_slug: 'engine' }).where('part_number', '=', 'PT-110').execute();
    expect((await runImport(app, importPies, piesFile(typed('PT-110', 59001)))).problems).toEqual([]);
    expect(await categoryOf('PT-110')).toBe('engine');
  });

  it('applies an import refusing problems when its only problems are warnings', async () => {
    const upload = multipartForm({ kind: 'pies', mode: 'apply', onProblems: 'refuse' }, { name: 'items.xml', bytes: Buffer.from(piesFile(typed('PT-120', 59015))) });
    const posted = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...upload });
    expectReply(posted, 202);
    const { id } = posted.json() as { id: string };
    let result: CatalogueImport | undefined;
    await eventually(async () => {
      result = (await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) })).json() as CatalogueImport;
      return result.status === 'done' || result.status === 'failed';
    });
    expect(result).toMatchObject({ status: 'done', applied: true, counts: { added: 1, rejected: 0 }, problems: [{ ref: 'PT-120', code: 'unmapped-part-type' }], problemCount: 1 });
    expect(await categoryOf('PT-120')).toBeNull();
  });
});
