import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
// pg-boss's own statements (its supervisor's expiry of active jobs); the package types only its API.
import plans from 'pg-boss/src/plans.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOrder } from '../../test/admin';
import type { Db } from '../../db/database';
import { createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer, type Customer } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';
import { createMailRepository } from './repository';

// Decision 179: the messages of one order arrive in the order they were written, as a chain (a
// message whose earlier one is still to go waits, its job ending; the earlier one's sender queues
// it), a failed send keeping its place, through a real SMTP server, on either database.
let smtp: TestSmtpServer;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ env: { SMTP_URL: smtp.url } });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function allSent() {
  await eventually(async () => (await app.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).where('given_up_at', 'is', null).execute()).length === 0, 60);
}

/** How many times each outbox row arrived, and where in the server's arrivals (-1: never). */
function arrivals(ids: string[]) {
  const arrived = smtp.received.map((mail) => mail.messageId);
  return {
    counts: ids.map((id) => arrived.filter((messageId) => messageId.startsWith(`<${id}@`)).length),
    positions: ids.map((id) => arrived.findIndex((messageId) => messageId.startsWith(`<${id}@`))),
  };
}

/** The mail jobs of `id`, as pg-boss has them. */
async function jobsOf(id: string) {
  const { rows } = await sql<{ state: string; retry_count: number }>`
    select state, retry_count from pgboss.job where name = 'mail' and data->>'id' = ${id}`.execute(app.db);
  return rows;
}

/**
 * Once `later` has arrived: the server has it before its sender marks it sent, and the job of the
 * given-up `earlier` fails after its handler returns, so both are waited for, not raced.
 */
async function settled(earlier: string, later: string) {
  await eventually(async () => (await app.db.selectFrom('mail_outbox').select('sent_at').where('id', '=', later).executeTakeFirstOrThrow()).sent_at !== null, 60);
  await eventually(async () => (await jobsOf(earlier)).every((job) => job.state === 'failed'), 60);
}

/** A message of `orderId` with its send job, written in `trx` as the shop writes one (`mail.queue`). */
async function writeWithJob(trx: Db, orderId: string, to: string, { retryLimit, startAfter }: { retryLimit?: number; startAfter?: Date } = {}) {
  const id = randomUUID();
  const row = createMailRepository(trx).insertion({ id, kind: 'test', to, subject: `Test ${id}`, html: '<p>t</p>', text: 't', orderId });
  await app.jobs.sendInTransaction(trx, [{ queue: 'mail', data: { id }, ...(startAfter && { startAfter }) }], row);
  // Its job's last try is its first (a test of giving up, without 16 tries over two days).
  if (retryLimit !== undefined) await sql`update pgboss.job set retry_limit = ${retryLimit} where name = 'mail' and data->>'id' = ${id}`.execute(trx);
  return id;
}

describe('the messages of one order', () => {
  let ann: Customer;
  beforeAll(async () => {
    ann = await signUpCustomer(app, 'mail-order-ann');
  });

  it('arrive in the order they were written when the first send fails once, each once, nothing else failing', { timeout: 60_000 }, async () => {
    const partId = await insertPart(app, { available: 10 });
    await allSent();

    // The server refuses the next message (451): "placed". While it waits for its retry, the
    // order is paid: "paid" is written, and its job ends holding it, failing nothing.
    smtp.refuseNext(1);
    const orderId = await placeOrder(app, ann, partId);
    const [placed] = await app.db.selectFrom('mail_outbox').select('id').where('order_id', '=', orderId).execute();
    await eventually(async () => (await app.db.selectFrom('mail_outbox').select('last_error').where('id', '=', placed!.id).executeTakeFirstOrThrow()).last_error !== null);
    await payOrder(app, ann, orderId);
    const later = await app.db.selectFrom('mail_outbox').select('id').where('order_id', '=', orderId).where('id', '!=', placed!.id).orderBy('seq').execute();
    expect(later.length).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await app.db.selectFrom('mail_outbox').select('held').where('id', '=', later[0]!.id).executeTakeFirstOrThrow()).held);
    expect(arrivals(later.map((row) => row.id)).counts).toEqual(later.map(() => 0));
    await allSent();

    const rows = await app.db.selectFrom('mail_outbox').select(['id', 'attempts', 'held']).where('order_id', '=', orderId).orderBy('seq').execute();
    expect(rows.map((row) => row.id)).toEqual([placed!.id, ...later.map((row) => row.id)]);
    // The first was refused once and sent on its retry; the others were each tried once.
    expect(rows.map((row) => row.attempts)).toEqual([2, ...later.map(() => 1)]);
    expect(rows.some((row) => row.held)).toBe(false);
    const { counts, positions } = arrivals(rows.map((row) => row.id));
    expect(counts).toEqual(rows.map(() => 1));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // "paid"'s job ended without failing; "placed"'s sender sent it, and queued a job for it should
    // that send fail (due later; it will find it sent).
    const jobs = await jobsOf(later[0]!.id);
    expect(jobs).toHaveLength(2);
    expect(jobs.filter((job) => job.retry_count > 0 || job.state === 'retry' || job.state === 'failed')).toEqual([]);
  });

  it('go on without one given up after its last try, and a later one is sent once', { timeout: 60_000 }, async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, ann, partId);
    await allSent();

    // Two messages written at once: the first refused on its last try, the second waiting for it.
    smtp.refuseNext(1);
    const [first, second] = await app.db.transaction().execute(async (trx) => [
      await writeWithJob(trx, orderId, ann.email, { retryLimit: 0 }),
      await writeWithJob(trx, orderId, ann.email),
    ]);
    await eventually(async () => arrivals([second!]).counts[0] === 1, 60);
    await settled(first!, second!);
    const rows = await app.db.selectFrom('mail_outbox').select(['id', 'sent_at', 'given_up_at', 'last_error']).where('id', 'in', [first!, second!]).orderBy('seq').execute();
    expect(rows.map((row) => [row.id, row.sent_at === null, row.given_up_at === null])).toEqual([
      [first, true, false],
      [second, false, true],
    ]);
    expect(rows[0]?.last_error).toContain('Try again later');
    expect(arrivals([first!, second!]).counts).toEqual([0, 1]);
    expect((await jobsOf(first!)).map((job) => job.state)).toEqual(['failed']);
  });

  it('go on without one whose last send never ended (its instance stopped mid-send), once pg-boss expires its job', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, ann, partId);
    await allSent();

    // Two messages: the first's job due in an hour (no worker takes it), the second held behind it.
    const [first, second] = await app.db.transaction().execute(async (trx) => [
      await writeWithJob(trx, orderId, ann.email, { retryLimit: 0, startAfter: new Date(Date.now() + 3_600_000) }),
      await writeWithJob(trx, orderId, ann.email),
    ]);
    await eventually(async () => (await app.db.selectFrom('mail_outbox').select('held').where('id', '=', second!).executeTakeFirstOrThrow()).held);
    // The first's last try began on an instance that stopped mid-send: its row claimed, its job active.
    const outbox = createMailRepository(app.db);
    expect(await outbox.claim(first!)).toBeDefined();
    await sql`update pgboss.job set state = 'active', started_on = now() where name = 'mail' and data->>'id' = ${first!}`.execute(app.db);
    // A claim that fresh is a live worker's: not given up, asked about again once it expires.
    expect(await outbox.giveUp(first!, 'x')).toHaveProperty('claimExpires');
    // Six minutes later: pg-boss's supervisor (every two minutes) fails the job past its expiry, run here now.
    await app.db.updateTable('mail_outbox').set({ claimed_at: sql<Date>`now() - interval '6 minutes'` }).where('id', '=', first!).execute();
    await sql`update pgboss.job set started_on = now() - interval '6 minutes' where name = 'mail' and data->>'id' = ${first!}`.execute(app.db);
    await app.db.executeQuery(CompiledQuery.raw(plans.failJobsByTimeout('pgboss')));

    await eventually(async () => arrivals([second!]).counts[0] === 1);
    await settled(first!, second!);
    const rows = await app.db.selectFrom('mail_outbox').select(['id', 'sent_at', 'given_up_at', 'claimed_at', 'last_error']).where('id', 'in', [first!, second!]).orderBy('seq').execute();
    expect(rows.map((row) => [row.id, row.sent_at === null, row.given_up_at === null])).toEqual([
      [first, true, false],
      [second, false, true],
    ]);
    // Its dead worker's claim is gone with it; it says why, so the operator's page offers its resend.
    expect(rows[0]?.claimed_at).toBeNull();
    expect(rows[0]?.last_error).toContain('did not end');
    expect(arrivals([first!, second!]).counts).toEqual([0, 1]);
    expect((await jobsOf(first!)).map((job) => job.state)).toEqual(['failed']);
  });

  it('wait only for an earlier message of their own order still to go', async () => {
    const partId = await insertPart(app, { available: 10 });
    const [first, second] = [await placeOrder(app, ann, partId), await placeOrder(app, ann, partId)];
    await allSent();
    // Messages written without send jobs (no worker takes them): three of the first order, one of the second.
    const outbox = createMailRepository(app.db);
    const write = async (orderId: string) => {
      const id = randomUUID();
      await app.db.executeQuery(outbox.insertion({ id, kind: 'test', to: ann.email, subject: 's', html: 'h', text: 't', orderId }));
      return id;
    };
    const firstEarlier = await write(first);
    const firstLater = await write(first);
    const firstLast = await write(first);
    const secondOnly = await write(second);
    try {
      expect(await outbox.claim(firstLater)).toBeUndefined();
      expect(await outbox.holdOrClaim(firstLater)).toEqual({ held: true });
      expect(await outbox.holdOrClaim(firstLast)).toEqual({ held: true });
      expect(await outbox.claim(secondOnly)).toBeDefined();
      // Nothing to wake while the earliest is still to go, and it is not held.
      expect(await outbox.wakeNext(first)).toBeUndefined();
      expect(await outbox.claim(firstEarlier)).toBeDefined();
      // Claimed is not sent: the later ones still wait.
      expect(await outbox.claim(firstLater)).toBeUndefined();
      expect(await outbox.holdOrClaim(firstLater)).toEqual({ held: true });
      await outbox.markSent(firstEarlier);
      // The next one is woken, once; the last waits for it.
      expect(await outbox.wakeNext(first)).toBe(firstLater);
      expect(await outbox.wakeNext(first)).toBeUndefined();
      expect(await outbox.claim(firstLast)).toBeUndefined();
      expect((await outbox.holdOrClaim(firstLater)) ?? {}).toHaveProperty('mail.id', firstLater);
      // Given up after its last try, it holds back no more.
      await outbox.release(firstLater, 'refused', { givenUp: true });
      expect(await outbox.wakeNext(first)).toBe(firstLast);
      expect(await outbox.claim(firstLast)).toBeDefined();
    } finally {
      // Out of the other tests' "all sent".
      await app.db.updateTable('mail_outbox').set({ sent_at: sql<Date>`now()` }).where('id', 'in', [firstEarlier, firstLater, firstLast, secondOnly]).execute();
    }
  });
});
