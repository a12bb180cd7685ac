import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoInstances } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';

// Runs in the PostgreSQL pass only: instances of the shop on one database, each running the mail
// worker. Every message is sent once, whichever instance wrote it, and none is lost when the
// instance that wrote it stops before sending.
let smtp: TestSmtpServer;

async function allSent(app: FastifyInstance) {
  await eventually(async () => (await app.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute()).length === 0);
}

/** How many messages arrived per outbox id (the Message-ID carries it). */
function arrivals(ids: string[]) {
  return ids.map((id) => smtp.received.filter((mail) => mail.messageId.startsWith(`<${id}@`)).length);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
});

// Started once the server is (after its beforeAll), closed before it (after hooks run in reverse).
const shops = twoInstances(() => ({ env: { SMTP_URL: smtp.url } }));

describe('mail on two instances', () => {
  it('sends each message once, whichever instance wrote it', async () => {
    const [ann, ben] = await Promise.all([signUpCustomer(shops.first, 'pg-mail-ann'), signUpCustomer(shops.second, 'pg-mail-ben')]);
    const partId = await insertPart(shops.first, { available: 100 });
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? placeOrder(shops.first, ann, partId) : placeOrder(shops.second, ben, partId))),
    );
    await allSent(shops.first);
    const rows = await shops.first.db.selectFrom('mail_outbox').select(['id', 'attempts']).execute();
    // Two confirmations and ten orders placed.
    expect(rows).toHaveLength(12);
    expect(arrivals(rows.map((row) => row.id))).toEqual(rows.map(() => 1));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it('loses nothing when the instances stop between the commit and the send', async () => {
    const cara = await signUpCustomer(shops.first, 'pg-mail-cara');
    const partId = await insertPart(shops.first, { available: 5 });
    await allSent(shops.first);
    // Every worker stops; the order, its message and the message's job still commit.
    await Promise.all([shops.first.jobs.stop(), shops.second.jobs.stop()]);
    const orderId = await placeOrder(shops.first, cara, partId);
    const row = await shops.first.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(0);

    // An instance starts again and sends it, once.
    await shops.restartSecond();
    await allSent(shops.second);
    expect(arrivals([row.id])).toEqual([1]);
    const mail = smtp.received.find((received) => received.messageId.startsWith(`<${row.id}@`));
    expect(mail?.to).toBe(cara.email);
    expect(mail?.text).toContain(orderId);
  });
});
