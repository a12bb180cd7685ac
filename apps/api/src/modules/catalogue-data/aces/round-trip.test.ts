import type { CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byToken, call, expectReply, headersOf } from '../../../test/admin';
import { createTestApp } from '../../../test/app';
import { multipartForm } from '../../../test/multipart';
import { insertPart, signUpAdmin, type Customer } from '../../../test/orders';
import { eventually } from '../../../test/wait';

let shop: FastifyInstance;
let admin: Customer;
beforeAll(async () => {
  shop = await createTestApp();
  admin = await signUpAdmin(shop, 'aces-round-trip-admin');
});
afterAll(async () => {
  await shop?.close();
});

/** A dry run of `file` through the import job, as the Catalogue data screen sends it. */
async function dryRun(file: string): Promise<CatalogueImport> {
  const upload = multipartForm({ kind: 'aces', mode: 'dry-run', onProblems: 'refuse' }, { name: 'aces.xml', bytes: Buffer.from(file) });
  const posted = await call(shop, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...upload });
  expectReply(posted, 202);
  const { id } = posted.json() as { id: string };
  let result: CatalogueImport | undefined;
  await eventually(async () => {
    result = (await shop.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) })).json() as CatalogueImport;
    return result.status === 'done' || result.status === 'failed';
  });
  if (!result) throw new Error('the import never answered');
  return result;
}

describe('the ACES export of the seeded shop (issue 29: export, then import into an empty shop, gives the same applications)', () => {
  it('imports into the shop emptied of applications without a problem, as many as it wrote', async () => {
    // Fitment from the fitment CSV, of a part with a PCdb part type and of one without.
    const typed = await insertPart(shop, { name: 'Round-trip wiper' });
    await shop.db.updateTable('parts').set({ part_number: 'RT-TYPED', part_terminology_id: 59001 }).where('id', '=', typed).execute();
    const untyped = await insertPart(shop, { name: 'Round-trip part without a part type' });
    await shop.db.updateTable('parts').set({ part_number: 'RT-UNTYPED' }).where('id', '=', untyped).execute();
    const csv = ['partNumber,make,model,yearFrom,yearTo,engine', 'RT-TYPED,Toyota,Corolla,2016,2016', 'RT-UNTYPED,Toyota,Corolla,2016,2016'].join('\n');
    expectReply(await call(shop, byToken(admin), { method: 'POST', url: '/api/admin/fitment/import', payload: { csv } }), 200);

    const live = await shop.db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('count')).where('deleted_at', 'is', null).where('part_type_id', 'is not', null).executeTakeFirstOrThrow();
    const full = await call(shop, byToken(admin), { method: 'GET', url: '/api/admin/catalogue/exports/aces' });
    expectReply(full, 200);
    expect(full.body).toContain('<PartType id="59001"/><Part>RT-TYPED</Part>');
    expect(full.body).not.toContain('RT-UNTYPED</Part>');
    expect(full.body).toContain('<!-- Left out: 1 application whose part has no PCdb part type, which an ACES App must name (RT-UNTYPED). -->');
    expect(full.body).toContain(`<RecordCount>${live.count}</RecordCount>`);

    await shop.db.deleteFrom('applications').execute();
    const result = await dryRun(full.body);
    expect(result.problems).toEqual([]);
    expect(result.counts).toEqual({ added: Number(live.count), changed: 0, deleted: 0, unchanged: 0, rejected: 0 });
  });
});
