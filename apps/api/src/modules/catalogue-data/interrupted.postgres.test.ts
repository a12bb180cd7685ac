import { randomUUID } from 'node:crypto';
import { catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byToken, call, expectReply, headersOf } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { signUpAdmin, type Customer } from '../../test/orders';
import { eventually } from '../../test/wait';
import { takeBackDeadImports } from './job';

// PostgreSQL only: instances share the database, so a run that died is known by its stopped
// heartbeat, and the watch (job.ts, every minute; called here too) takes it back.
// killed.postgres.test.ts kills a real instance mid-import.
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
/** An import another instance was running, its heartbeat `ago` ms old, after `attempts` runs. */
const runningElsewhere = async (year: number, { ago, attempts }: { ago: number; attempts: number }) => {
  const id = randomUUID();
  await app.db
    .insertInto('catalogue_imports')
    .values({ id, kind: 'vcdb', mode: 'apply', on_problems: 'refuse', file_name: 'Year.txt', created_by: null, created_by_email: 'other@example.com', status: 'running', attempts, uploaded_at: new Date(), started_at: new Date(), heartbeat_at: new Date(Date.now() - ago) })
    .execute();
  await app.db.insertInto('catalogue_import_chunks').values({ import_id: id, seq: 0, bytes: Buffer.from(`YearID\n${year}\n`) }).execute();
  return id;
};
const years = async (year: number) => (await app.db.selectFrom('vcdb_years').select('id').where('id', '=', year).execute()).length;

it('leaves a run with a fresh heartbeat be; queues one whose heartbeat stopped again, for a run from the start on any instance', async () => {
  const id = await runningElsewhere(2044, { ago: 60_000, attempts: 1 });
  // Alive a minute ago, on another instance: still running, and still the one import.
  await takeBackDeadImports(app);
  expect(await read(id)).toMatchObject({ status: 'running', error: null });
  expectReply(await upload(2045), 409, catalogueDataMessages.busy);

  // Its instance was killed: ten minutes without a heartbeat. Taken back, it runs again and is applied.
  await app.db.updateTable('catalogue_imports').set({ heartbeat_at: new Date(Date.now() - 10 * 60_000) }).where('id', '=', id).execute();
  await takeBackDeadImports(app);
  expect((await read(id)).status).not.toBe('failed');
  await eventually(async () => (await read(id)).status === 'done');
  expect(await read(id)).toMatchObject({ status: 'done', applied: true, error: null });
  expect(await years(2044)).toBe(1);
  expect(await app.db.selectFrom('catalogue_imports').select('attempts').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ attempts: 2 });
  expect(await app.db.selectFrom('catalogue_import_chunks').select('seq').where('import_id', '=', id).execute()).toEqual([]);

  const next = await upload(2046);
  expectReply(next, 202);
  const { id: nextId } = next.json() as { id: string };
  await eventually(async () => (await read(nextId)).status === 'done');
});

it('fails an import whose run died a second time, with nothing of it applied and its stored file dropped, and lets the next upload in', async () => {
  const id = await runningElsewhere(2047, { ago: 10 * 60_000, attempts: 2 });
  await takeBackDeadImports(app);
  expect(await read(id)).toMatchObject({ status: 'failed', applied: false, error: catalogueDataMessages.interrupted });
  expect(await years(2047)).toBe(0);
  expect(await app.db.selectFrom('catalogue_import_chunks').select('seq').where('import_id', '=', id).execute()).toEqual([]);
  const next = await upload(2048);
  expectReply(next, 202);
  const { id: nextId } = next.json() as { id: string };
  await eventually(async () => (await read(nextId)).status === 'done');
});

it('forgets an upload still arriving long after a request could have, so that it blocks no import', async () => {
  const id = randomUUID();
  await app.db
    .insertInto('catalogue_imports')
    .values({ id, kind: 'vcdb', mode: 'apply', on_problems: 'refuse', file_name: 'Year.txt', created_by: null, created_by_email: 'other@example.com' })
    .execute();
  // Begun ten minutes ago, on an instance killed as its file arrived.
  await sql`update catalogue_imports set created_at = now() - interval '10 minutes' where id = ${id}`.execute(app.db);
  await app.db.insertInto('catalogue_import_chunks').values({ import_id: id, seq: 0, bytes: Buffer.from('YearID\n') }).execute();
  await takeBackDeadImports(app);
  expect(await app.db.selectFrom('catalogue_imports').select('id').where('id', '=', id).execute()).toEqual([]);
  expect(await app.db.selectFrom('catalogue_import_chunks').select('seq').where('import_id', '=', id).execute()).toEqual([]);
});
