import { randomUUID } from 'node:crypto';
import { catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byToken, call, expectReply, headersOf } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { signUpAdmin, type Customer } from '../../test/orders';
import { eventually } from '../../test/wait';

// PostgreSQL only: instances share the database, so a run that died is known by its stopped heartbeat.
let app: FastifyInstance;
let admin: Customer;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'stale-admin');
});
afterAll(async () => {
  await app?.close();
});

const read = async (id: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) });
  expectReply(response, 200);
  return response.json() as CatalogueImport;
};
const upload = (year: number) =>
  call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...multipartForm({ kind: 'vcdb', mode: 'dry-run', onProblems: 'refuse' }, { name: 'Year.txt', bytes: Buffer.from(`YearID\r\n${year}\r\n`) }) });

it('shows an import whose heartbeat stopped failed, and lets the next upload in; one whose heartbeat is fresh still blocks it', async () => {
  const id = randomUUID();
  await app.db
    .insertInto('catalogue_imports')
    .values({ id, kind: 'vcdb', mode: 'apply', on_problems: 'refuse', file_name: 'Year.txt', created_by: null, created_by_email: 'other@example.com', status: 'running', attempts: 1, uploaded_at: new Date(), started_at: new Date(), heartbeat_at: new Date(Date.now() - 60_000) })
    .execute();
  await app.db.insertInto('catalogue_import_chunks').values({ import_id: id, seq: 0, bytes: Buffer.from('YearID\n2044\n') }).execute();
  // Alive a minute ago, on another instance: still running, and still the one import.
  expect(await read(id)).toMatchObject({ status: 'running', error: null });
  expectReply(await upload(2045), 409, catalogueDataMessages.busy);

  // Its instance was killed: ten minutes without a heartbeat.
  await app.db.updateTable('catalogue_imports').set({ heartbeat_at: new Date(Date.now() - 10 * 60_000) }).where('id', '=', id).execute();
  expect(await read(id)).toMatchObject({ status: 'failed', applied: false, error: catalogueDataMessages.interrupted });
  const list = await app.inject({ method: 'GET', url: '/api/admin/catalogue/imports', headers: headersOf(byToken(admin)) });
  expect((list.json() as CatalogueImport[]).find((item) => item.id === id)).toMatchObject({ status: 'failed' });
  const next = await upload(2046);
  expectReply(next, 202);
  expect(await app.db.selectFrom('catalogue_imports').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'failed', error: catalogueDataMessages.interrupted });
  expect(await app.db.selectFrom('catalogue_import_chunks').select('seq').where('import_id', '=', id).execute()).toEqual([]);
  const { id: nextId } = next.json() as { id: string };
  await eventually(async () => (await read(nextId)).status === 'done');
});
