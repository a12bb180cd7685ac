import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOrder } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';
import { createMailRepository } from './repository';

// Decision 179: the messages of one order arrive in the order they were written, a failed send
// keeping its place, through a real SMTP server, on either database.
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
  await eventually(async () => (await app.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute()).length === 0, 60);
}

describe('the messages of one order', () => {
  it('arrive in the order they were written when the first send fails once, each once', { timeout: 90_000 }, async () => {
    const ann = await signUpCustomer(app, 'mail-order-ann');
    const partId = await insertPart(app, { available: 10 });
    await allSent();

    // The server refuses the next message (451): "placed"; the order is paid at once, so "paid" is
    // written while "placed" waits for its retry.
    smtp.refuseNext(1);
    const orderId = await placeOrder(app, ann, partId);
    await payOrder(app, ann, orderId);
    await allSent();

    const rows = await app.db
      .selectFrom('mail_outbox')
      .select(['id', 'kind', 'attempts', 'last_error'])
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // The first was refused once, and sent on its retry.
    expect(rows[0]?.attempts).toBe(2);
    const arrived = smtp.received.map((mail) => mail.messageId);
    const positions = rows.map((row) => arrived.findIndex((messageId) => messageId.startsWith(`<${row.id}@`)));
    // Each arrived once, in the order written.
    expect(rows.map((row) => arrived.filter((messageId) => messageId.startsWith(`<${row.id}@`)).length)).toEqual(rows.map(() => 1));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions.every((position) => position >= 0)).toBe(true);
  });

  it('wait only for an earlier unsent message of their own order', async () => {
    const ben = await signUpCustomer(app, 'mail-order-ben');
    const partId = await insertPart(app, { available: 10 });
    const [first, second] = [await placeOrder(app, ben, partId), await placeOrder(app, ben, partId)];
    await allSent();
    // Three messages written without send jobs (no worker takes them): two of the first order, one of the second.
    const outbox = createMailRepository(app.db);
    const write = async (orderId: string) => {
      const id = randomUUID();
      await app.db.executeQuery(outbox.insertion({ id, kind: 'test', to: ben.email, subject: 's', html: 'h', text: 't', orderId }));
      return id;
    };
    const firstEarlier = await write(first);
    const firstLater = await write(first);
    const secondOnly = await write(second);
    expect(await outbox.claim(firstLater)).toBeUndefined();
    expect(await outbox.waitsForEarlier(firstLater)).toBe(true);
    expect(await outbox.claim(secondOnly)).toBeDefined();
    expect(await outbox.claim(firstEarlier)).toBeDefined();
    // Claimed is not sent: the later one still waits, until the earlier one is marked sent.
    expect(await outbox.claim(firstLater)).toBeUndefined();
    await outbox.markSent(firstEarlier);
    expect(await outbox.waitsForEarlier(firstLater)).toBe(false);
    expect(await outbox.claim(firstLater)).toBeDefined();
  });
});
