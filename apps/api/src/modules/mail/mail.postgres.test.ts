import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actsAsOwnPage, anotherInstance, createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';

// Runs in the PostgreSQL pass only: instances of the shop on one database, each running the mail
// worker. Every message is sent once, whichever instance wrote it, and none is lost when the
// instance that wrote it stops before sending.
let smtp: TestSmtpServer;
let first: FastifyInstance;
let second: FastifyInstance;

async function allSent(app: FastifyInstance) {
  await eventually(async () => (await app.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute()).length === 0);
}

/** How many messages arrived per outbox id (the Message-ID carries it). */
function arrivals(ids: string[]) {
  return ids.map((id) => smtp.received.filter((mail) => mail.messageId.startsWith(`<${id}@`)).length);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  first = await createTestApp({ env: { SMTP_URL: smtp.url } });
  second = actsAsOwnPage(await anotherInstance(first));
});

afterAll(async () => {
  await second?.close();
  await first?.close();
  await smtp?.close();
});

describe('mail on two instances', () => {
  it('sends each message once, whichever instance wrote it', async () => {
    const [ann, ben] = await Promise.all([signUpCustomer(first, 'pg-mail-ann'), signUpCustomer(second, 'pg-mail-ben')]);
    const partId = await insertPart(first, { available: 100 });
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? placeOrder(first, ann, partId) : placeOrder(second, ben, partId))),
    );
    await allSent(first);
    const rows = await first.db.selectFrom('mail_outbox').select(['id', 'attempts']).execute();
    // Two confirmations and ten orders placed.
    expect(rows).toHaveLength(12);
    expect(arrivals(rows.map((row) => row.id))).toEqual(rows.map(() => 1));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it('loses nothing when the instances stop between the commit and the send', async () => {
    const cara = await signUpCustomer(first, 'pg-mail-cara');
    const partId = await insertPart(first, { available: 5 });
    await allSent(first);
    // Every worker stops; the order, its message and the message's job still commit.
    await Promise.all([first.jobs.stop(), second.jobs.stop()]);
    const orderId = await placeOrder(first, cara, partId);
    const row = await first.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(0);
    await second.close();

    // An instance starts again and sends it, once.
    second = actsAsOwnPage(await anotherInstance(first));
    await allSent(second);
    expect(arrivals([row.id])).toEqual([1]);
    const mail = smtp.received.find((received) => received.messageId.startsWith(`<${row.id}@`));
    expect(mail?.to).toBe(cara.email);
    expect(mail?.text).toContain(orderId);
  });
});
