import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HANDED_BACK } from '../../jobs/queue';
import { byToken, call, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { multipartForm } from '../../test/multipart';
import { signUpAdmin, type Customer } from '../../test/orders';
import { runImport } from './job';

let app: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'hand-back-admin');
  // No worker takes the import: the test runs it itself, as a stopping instance's worker would.
  await app.jobs.stop({ timeoutMs: 0 });
});

afterAll(async () => {
  await app?.close();
});

const row = (id: string) => app.db.selectFrom('catalogue_imports').select(['status', 'attempts', 'applied', 'heartbeat_at']).where('id', '=', id).executeTakeFirstOrThrow();

it('an import whose instance stops is rolled back and queued again, the run not counted; the next run applies it', async () => {
  const file = { name: 'parts.csv', bytes: Buffer.from(`partNumber,name,price\r\n${Array.from({ length: 50 }, (_, i) => `HB-${i},Pads,10.00`).join('\r\n')}\r\n`) };
  const response = await call(app, byToken(admin), { method: 'POST', url: '/api/admin/catalogue/imports', ...multipartForm({ kind: 'parts-csv', mode: 'apply', onProblems: 'refuse' }, file) });
  expectReply(response, 202);
  const { id } = response.json() as { id: string };

  const stopping = new AbortController();
  stopping.abort();
  await expect(runImport(app.jobDb, id, { signal: stopping.signal })).rejects.toThrow(HANDED_BACK);
  expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, applied: false, heartbeat_at: null });
  expect(await app.db.selectFrom('parts').select('id').where('part_number', 'like', 'HB-%').execute()).toEqual([]);

  await runImport(app.jobDb, id);
  expect(await row(id)).toMatchObject({ status: 'done', attempts: 1, applied: true });
  expect(await app.db.selectFrom('parts').select('id').where('part_number', 'like', 'HB-%').execute()).toHaveLength(50);
});
