import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { writeAces } from '../aces/writer';
import { asOfOneMoment } from './snapshot';

// PostgreSQL only: there each page of an export is its own query on a pool's connection, and an
// import may commit between two of them.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const options = { company: 'Test', today: '2026-12-06' };
async function text(chunks: AsyncIterable<string>, already = '') {
  let out = already;
  for await (const chunk of chunks) out += chunk;
  return out;
}

it('writes the catalogue as it was when the file began, whatever commits while it is written', async () => {
  const before = await text(asOfOneMoment(app.db, true, (db) => writeAces(db, options)));
  expect((before.match(/<App /g) ?? []).length).toBeGreaterThan(1000);

  const file = asOfOneMoment(app.db, true, (db) => writeAces(db, options));
  // The Header and the first page of applications are written…
  let start = '';
  for (let page = 0; page < 2; page += 1) start += (await file.next()).value ?? '';
  // …then an import moves the last application (deleted, added again with another quantity) and commits.
  const last = await app.db.selectFrom('applications').selectAll().where('deleted_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable('applications').set({ deleted_at: new Date(), changed_at: new Date() }).where('id', '=', last.id).execute();
    const { id: _id, deleted_at: _deleted, changed_at: _changed, ...copy } = last;
    await trx.insertInto('applications').values({ ...copy, quantity: last.quantity + 6 }).execute();
  });

  expect(await text(file, start)).toBe(before);
  // The next file is the catalogue as it is now.
  expect(await text(asOfOneMoment(app.db, true, (db) => writeAces(db, options)))).not.toBe(before);
});
