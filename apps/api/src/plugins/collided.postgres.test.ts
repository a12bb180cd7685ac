import { apiErrors } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takeReplacementTurn } from '../modules/part-changes/repository';
import { byToken, call } from '../test/admin';
import { createTestApp } from '../test/app';
import { holdInTransaction, someoneWaits } from '../test/locks';
import { logLines, type LogLine } from '../test/log';
import { insertPart, signUpAdmin, type Customer } from '../test/orders';

// Runs in the PostgreSQL pass only (decision 184): a request whose transaction PostgreSQL stops to
// break a deadlock (40P01) is answered in the shop's words, 503 with Retry-After, logged at warn.
const { log, lines } = logLines<LogLine & { err?: { code?: string } }>('info');
let app: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp({ log });
  admin = await signUpAdmin(app, 'collided-admin');
}, 180_000);

afterAll(async () => {
  await app?.close();
});

async function aPart(): Promise<{ id: string; number: string }> {
  const id = await insertPart(app);
  const row = await app.db.updateTable('parts').set({ lifecycle_code: '2' }).where('id', '=', id).returning('part_number').executeTakeFirstOrThrow();
  return { id, number: row.part_number };
}

it('a request PostgreSQL stops in a deadlock is a 503 with Retry-After in the shop’s words, nothing written, logged at warn', async () => {
  const part = await aPart();
  const replacement = await aPart();
  // The admin's supersession takes the replacements' turn, then locks both rows in id order.
  const [first, second] = [part.id, replacement.id].sort();
  // One transaction of the test's holds the first row: the request waits there, holding the turn.
  const firstHeld = holdInTransaction(app, (trx) => trx.selectFrom('parts').select('id').where('id', '=', first!).forUpdate().execute());
  // Another holds the second row and later asks for the turn; PostgreSQL checks it for a deadlock
  // only after an hour, so the check that finds one is the request's, the last to wait.
  let askTurn!: () => void;
  const turnAsked = new Promise<void>((resolve) => (askTurn = resolve));
  const secondHeld = holdInTransaction(app, async (trx) => {
    await sql`select set_config('deadlock_timeout', '1h', true)`.execute(trx);
    await trx.selectFrom('parts').select('id').where('id', '=', second!).forUpdate().execute();
  }, async (trx) => {
    await turnAsked;
    await takeReplacementTurn(trx);
  });
  await Promise.all([firstHeld.locked, secondHeld.locked]);
  let answered = false;
  const reply = call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${part.id}`, payload: { lifecycle: '7', replacedBy: replacement.number, expected: { lifecycle: '2', replacedBy: null } } }).finally(
    () => (answered = true),
  );
  await someoneWaits(app, { query: 'for update', or: () => answered });
  askTurn();
  await someoneWaits(app, { count: 2, or: () => answered });
  // The first row let go: the request takes it and waits for the second, which the test's other
  // transaction holds while it waits for the request's turn.
  firstHeld.release();
  await firstHeld.done;
  const answer = await reply;
  await secondHeld.done;

  expect({ status: answer.statusCode, retryAfter: answer.headers['retry-after'], body: answer.json() as unknown }).toEqual({
    status: 503,
    retryAfter: '1',
    body: { message: apiErrors.changeCollided },
  });
  expect(await app.db.selectFrom('parts').select(['lifecycle_code', 'replaced_by']).where('id', '=', part.id).executeTakeFirst()).toEqual({ lifecycle_code: '2', replaced_by: null });
  const logged = lines.filter((line) => line.err?.code === '40P01');
  expect(logged.map((line) => ({ level: line.level, msg: line.msg }))).toEqual([{ level: 40, msg: 'request met another change' }]);
}, 60_000);
