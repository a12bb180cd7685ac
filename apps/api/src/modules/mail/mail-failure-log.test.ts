import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { logLines, type LogLine } from '../../test/log';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';
import { createMailRepository } from './repository';

// A send the real SMTP server refuses (451) is said once, by the job queue's failure line (its
// queue, its try, the server's words), not a second time by the mail worker (decision 216).
const { log, lines } = logLines<LogLine & { err?: { message?: string } }>('info');
let smtp: TestSmtpServer;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ env: { SMTP_URL: smtp.url }, log });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A message with its send job, as the shop writes one; `retryLimit` 0: its first try is its last. */
async function written(retryLimit?: number) {
  const id = randomUUID();
  await app.db.transaction().execute(async (trx) => {
    const row = createMailRepository(trx).insertion({ id, kind: 'test', to: 'refused@example.com', subject: `Test ${id}`, html: '<p>t</p>', text: 't' });
    await app.jobs.sendInTransaction(trx, [{ queue: 'mail', data: { id } }], row);
    if (retryLimit !== undefined) await sql`update pgboss.job set retry_limit = ${retryLimit} where name = 'mail' and data->>'id' = ${id}`.execute(trx);
  });
  return id;
}

const outboxRow = (id: string) => app.db.selectFrom('mail_outbox').select(['sent_at', 'given_up_at', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
/** The lines at warn or above that give the SMTP server's refusal as their reason. */
const refusalLines = (from: number) =>
  lines
    .slice(from)
    .filter((line) => line.level >= 40 && /Try again later/.test(line.err?.message ?? ''))
    .map(({ level, msg, queue, attempt, tries }) => ({ level, msg, queue, attempt, tries }));

it('a refused send is one warning with its queue, try and reason, and one sent on its retry is said no more', { timeout: 90_000 }, async () => {
  const from = lines.length;
  smtp.refuseNext(1);
  const id = await written();
  await eventually(async () => (await outboxRow(id)).sent_at !== null, 60);
  expect(refusalLines(from)).toEqual([{ level: 40, msg: 'job failed, will be tried again', queue: 'mail', attempt: 1, tries: 16 }]);
});

it('a send refused on its last try is one error with its queue, try and reason', { timeout: 90_000 }, async () => {
  const from = lines.length;
  smtp.refuseNext(1);
  const id = await written(0);
  await eventually(async () => (await outboxRow(id)).given_up_at !== null, 60);
  await eventually(async () => refusalLines(from).length > 0, 60);
  expect(refusalLines(from)).toEqual([{ level: 50, msg: 'job failed, given up', queue: 'mail', attempt: 1, tries: 1 }]);
});
