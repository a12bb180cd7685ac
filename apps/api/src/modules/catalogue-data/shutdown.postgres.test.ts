import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byToken, call, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { insertPart, signUpAdmin, type Customer } from '../../test/orders';
import { eventually } from '../../test/wait';
import { runImport } from './job';

// PostgreSQL only: there the import's statement can be cancelled from another connection
// (`pg_cancel_backend`); the embedded database has one connection, which the import holds.
let app: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'shutdown-admin');
});

afterAll(async () => {
  await app?.close();
});

const row = (id: string) => app.db.selectFrom('catalogue_imports').select(['status', 'attempts', 'applied', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
const added = () => app.db.selectFrom('parts').select('part_number').where('part_number', 'like', 'SD-%').execute();
/**
 * `pg_locks` is the whole server's, and every test database is a copy of one template, so another
 * file's `parts` has this one's oid: a lock is this database's only by its `database` too (without
 * it, this file once cut another file's checkout, which answered 503, and waited on in vain).
 */
const thisDatabase = sql`database = (select oid from pg_database where datname = current_database())`;
const priceOf = async (id: string) => (await app.db.selectFrom('parts').select('price_cents').where('id', '=', id).executeTakeFirstOrThrow()).price_cents;

it('a shutdown while the import’s statement runs cancels it: the catalogue is as it was, and the import queued again to run from the start', async () => {
  const existing = await insertPart(app, { priceCents: 1000 });
  const { part_number: number } = await app.db.selectFrom('parts').select('part_number').where('id', '=', existing).executeTakeFirstOrThrow();

  // A statement that runs long: the parts table is held by another transaction (as a long
  // `analyze` or set-wise write would keep the import's statement going) until the test lets go.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = app.db.transaction().execute(async (trx) => {
    await sql`lock table parts in access exclusive mode`.execute(trx);
    holding();
    await released;
  });
  await held;

  try {
    const file = { name: 'parts.csv', bytes: Buffer.from(`partNumber,name,price\r\n${number},Repriced,99.00\r\n${Array.from({ length: 20 }, (_, i) => `SD-${i},Pads,10.00`).join('\r\n')}\r\n`) };
    const response = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...multipartForm({ kind: 'parts-csv', mode: 'apply', onProblems: 'refuse' }, file) });
    expectReply(response, 202);
    const { id } = response.json() as { id: string };
    // The job has taken it and its statement waits on the table.
    await eventually(async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks where ${thisDatabase} and relation = 'parts'::regclass and not granted`.execute(app.db);
      return (rows[0]?.waiting ?? 0) > 0 && (await row(id)).status === 'running';
    });

    // The instance stops (its shutdown's stop of the job queue, with no time left for running jobs).
    await app.jobs.stop({ timeoutMs: 0 });
    // Handed back while the table is still held: the statement was cancelled, not let through.
    expect(await row(id)).toEqual({ status: 'queued', attempts: 0, applied: false, error: null });
    release();
    await holder;
    expect(await added()).toEqual([]);
    expect(await priceOf(existing)).toBe(1000);

    // Resumable: the next run (any instance's) applies the whole file.
    await runImport(app.jobDb, id);
    expect(await row(id)).toEqual({ status: 'done', attempts: 1, applied: true, error: null });
    expect(await added()).toHaveLength(20);
    expect(await priceOf(existing)).toBe(9900);
  } finally {
    release();
    await holder;
  }
});

it('an import whose connection is cut (a restart, a failover) is queued again to run from the start, not shown failed', async () => {
  const existing = await insertPart(app, { priceCents: 1000 });
  const { part_number: number } = await app.db.selectFrom('parts').select('part_number').where('id', '=', existing).executeTakeFirstOrThrow();
  const cut = () => app.db.selectFrom('parts').select('part_number').where('part_number', 'like', 'CUT-%').execute();

  // The import's statement waits on the table held here, until its connection is terminated.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = app.db.transaction().execute(async (trx) => {
    await sql`lock table parts in access exclusive mode`.execute(trx);
    holding();
    await released;
  });
  await held;

  try {
    // The job queue stopped in the test above: the import is run here, as a job runs it.
    const file = { name: 'parts.csv', bytes: Buffer.from(`partNumber,name,price\r\n${number},Repriced,77.00\r\n${Array.from({ length: 20 }, (_, i) => `CUT-${i},Pads,10.00`).join('\r\n')}\r\n`) };
    const response = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...multipartForm({ kind: 'parts-csv', mode: 'apply', onProblems: 'refuse' }, file) });
    expectReply(response, 202);
    const { id } = response.json() as { id: string };
    const run = runImport(app.jobDb, id);
    let waiting: number | undefined;
    await eventually(async () => {
      const { rows } = await sql<{ pid: number }>`select pid from pg_locks where ${thisDatabase} and relation = 'parts'::regclass and not granted`.execute(app.db);
      waiting = rows[0]?.pid;
      return waiting !== undefined;
    });
    await sql`select pg_terminate_backend(${waiting})`.execute(app.db);
    // The job fails, for pg-boss to retry; the import is queued again (this run counts, as an
    // instance's crash does: one that always ends its connection is shown failed after two).
    await expect(run).rejects.toThrow();
    expect(await row(id)).toEqual({ status: 'queued', attempts: 1, applied: false, error: null });
    release();
    await holder;
    expect(await cut()).toEqual([]);

    await runImport(app.jobDb, id);
    expect(await row(id)).toEqual({ status: 'done', attempts: 2, applied: true, error: null });
    expect(await cut()).toHaveLength(20);
    expect(await priceOf(existing)).toBe(7700);
  } finally {
    release();
    await holder;
  }
});
