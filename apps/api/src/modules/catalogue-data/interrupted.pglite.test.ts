import { randomUUID } from 'node:crypto';
import { catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { byToken, call, expectReply, headersOf } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { signUpAdmin } from '../../test/orders';
import { eventually } from '../../test/wait';

// The embedded database only: one process by construction, so what a start finds running died.
let app: FastifyInstance | undefined;
afterAll(async () => {
  await app?.close();
});

it('marks an import an earlier process left running failed when the shop starts, and takes the next upload', async () => {
  const id = randomUUID();
  app = await createTestApp({
    // The shop killed four seconds into an import: the row running, its heartbeat just written.
    leftBefore: async (db) => {
      await db
        .insertInto('catalogue_imports')
        .values({ id, kind: 'vcdb', mode: 'apply', on_problems: 'refuse', file_name: 'Year.txt', created_by: null, created_by_email: 'earlier@example.com', status: 'running', attempts: 1, uploaded_at: new Date(), started_at: new Date(), heartbeat_at: new Date() })
        .execute();
      await db.insertInto('catalogue_import_chunks').values({ import_id: id, seq: 0, bytes: Buffer.from('YearID\n2042\n') }).execute();
    },
  });
  const admin = await signUpAdmin(app, 'interrupted-admin');
  const read = async (importId: string) => {
    const response = await app!.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${importId}`, headers: headersOf(byToken(admin)) });
    expectReply(response, 200);
    return response.json() as CatalogueImport;
  };
  expect(await read(id)).toMatchObject({ status: 'failed', applied: false, error: catalogueDataMessages.interrupted });
  expect(await app.db.selectFrom('catalogue_import_chunks').select('seq').where('import_id', '=', id).execute()).toEqual([]);
  const next = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...multipartForm({ kind: 'vcdb', mode: 'dry-run', onProblems: 'refuse' }, { name: 'Year.txt', bytes: Buffer.from('YearID\r\n2043\r\n') }) });
  expectReply(next, 202);
  const { id: nextId } = next.json() as { id: string };
  await eventually(async () => (await read(nextId)).status === 'done');
});
