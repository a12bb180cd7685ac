import { catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byToken, call, expectReply, headersOf } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { holdInTransaction, someoneWaits } from '../../test/locks';
import { multipartForm } from '../../test/multipart';
import { insertPart, signUpAdmin, type Customer } from '../../test/orders';
import { eventually } from '../../test/wait';
import { piesFile, piesItem } from './pies/test-files';

// Runs in the PostgreSQL pass only (decision 188): an import whose transaction PostgreSQL stops to
// break a deadlock (40P01, with an order or an admin's change to the same parts) runs again by
// itself, as one cut off by a restart does, instead of being shown failed as "deadlock detected".
let app: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'met-change-admin');
}, 180_000);

afterAll(async () => {
  await app?.close();
});

async function aPart(): Promise<{ id: string; number: string }> {
  const id = await insertPart(app);
  const row = await app.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, number: row.part_number };
}

const read = async (id: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/admin/catalogue/imports/${id}`, headers: headersOf(byToken(admin)) });
  expectReply(response, 200);
  return response.json() as CatalogueImport;
};

/**
 * Holds Q's row in a transaction of the test's until the import (which has written X) waits for
 * it, then asks for X's: a circle PostgreSQL breaks by stopping the import's transaction (the
 * test's own deadlock check is set to an hour, so the check that finds it is the import's).
 */
async function deadlockTheImport(x: { id: string }, q: { id: string }, upload?: () => Promise<void>): Promise<void> {
  let askForX!: () => void;
  const xAsked = new Promise<void>((resolve) => (askForX = resolve));
  const held = holdInTransaction(app, async (trx) => {
    await sql`select set_config('deadlock_timeout', '1h', true)`.execute(trx);
    await trx.selectFrom('parts').select('id').where('id', '=', q.id).forUpdate().execute();
  }, async (trx) => {
    await xAsked;
    await trx.selectFrom('parts').select('id').where('id', '=', x.id).forUpdate().execute();
  });
  await held.locked;
  await upload?.();
  // The import has written X and waits for Q.
  await someoneWaits(app);
  expect(await app.db.selectFrom('parts').select('id').where('id', '=', x.id).forUpdate().skipLocked().execute()).toEqual([]);
  askForX();
  await held.done;
}

const text = (x: { number: string }, q: { number: string }) => piesFile(piesItem(x.number, { name: 'Renamed X by the import' }), piesItem(q.number, { name: 'Renamed Q by the import' }));

async function upload(file: string): Promise<string> {
  const uploaded = await call(app, byToken(admin), {
    method: 'POST',
    url: '/api/admin/catalogue/imports',
    ...multipartForm({ kind: 'pies', mode: 'apply', onProblems: 'refuse' }, { name: 'pies.xml', bytes: Buffer.from(file) }),
  });
  expectReply(uploaded, 202);
  return (uploaded.json() as { id: string }).id;
}

it('an import stopped in a deadlock runs again and is applied, its first run’s "deadlock detected" never shown', async () => {
  const x = await aPart();
  const q = await aPart();
  let id = '';
  await deadlockTheImport(x, q, async () => void (id = await upload(text(x, q))));

  await eventually(async () => ['done', 'failed'].includes((await read(id)).status));
  expect(await read(id)).toMatchObject({ status: 'done', applied: true, error: null });
  const names = await app.db.selectFrom('parts').select(['id', 'name']).where('id', 'in', [x.id, q.id]).execute();
  expect(Object.fromEntries(names.map((row) => [row.id, row.name]))).toEqual({ [x.id]: 'Renamed X by the import', [q.id]: 'Renamed Q by the import' });
  expect(await app.db.selectFrom('catalogue_imports').select('attempts').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ attempts: 2 });
}, 60_000);

it('an import stopped in a deadlock on its second run too is shown failed in words, nothing applied', async () => {
  const x = await aPart();
  const q = await aPart();
  let id = '';
  await deadlockTheImport(x, q, async () => void (id = await upload(text(x, q))));
  // Its second run, 5 s later (the queue's retry), meets the same circle.
  await deadlockTheImport(x, q);

  await eventually(async () => ['done', 'failed'].includes((await read(id)).status));
  expect(await read(id)).toMatchObject({ status: 'failed', applied: false, error: catalogueDataMessages.metAnotherChange });
  const names = await app.db.selectFrom('parts').select('name').where('id', 'in', [x.id, q.id]).execute();
  expect(names.filter((row) => row.name.startsWith('Renamed'))).toEqual([]);
}, 60_000);
