import { operationsMessages, requestNotValid, type Operations } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byCookie, call, expectInvalid, expectReply, insertFailedMail, payOrder } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { cancelOrderRequest, insertPart, placeOrder, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';

let smtp: TestSmtpServer;
let app: FastifyInstance;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ env: { SMTP_URL: smtp.url } });
  [admin, customer] = await Promise.all([signUpAdmin(app, 'ops-admin'), signUpCustomer(app, 'ops-buyer')]);
  // Their address confirmations are out of the way before the tests count anything.
  await eventually(async () => smtp.received.length === 2);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function operations(): Promise<Operations> {
  const response = await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/operations' });
  expectReply(response, 200);
  return response.json();
}

const resend = (id: string) => call(app, byCookie(admin), { method: 'POST', url: `/api/admin/mail/${id}/resend` });

/** An order whose message the SMTP server keeps refusing: answers the message's outbox id. */
async function orderWhoseMailFails(): Promise<string> {
  smtp.refuseNext(1_000);
  const orderId = await placeOrder(app, customer, await insertPart(app));
  let id = '';
  await eventually(async () => {
    const row = await app.db.selectFrom('mail_outbox').select(['id', 'last_error']).where('order_id', '=', orderId).executeTakeFirst();
    id = row?.id ?? '';
    return row?.last_error != null;
  });
  return id;
}

describe("the operator's page", () => {
  it('lists unsent mail with its recipient, subject, attempts and last error, and the job queues by state', async () => {
    const failedId = await orderWhoseMailFails();
    const page = await operations();

    expect(page.mail.unsent).toBeGreaterThanOrEqual(1);
    expect(page.mail.failed).toBeGreaterThanOrEqual(1);
    expect(page.mail.messages.find((message) => message._id === failedId)).toMatchObject({
      kind: 'order-placed',
      recipient: customer.email,
      subject: expect.stringMatching(/^Order \d{6,} placed/),
      attempts: expect.any(Number),
      lastError: expect.stringContaining('Try again later'),
      failed: true,
      resentAt: null,
    });
    expect(page.queues.map((queue) => queue.queue)).toEqual(expect.arrayContaining(['mail', 'order-expiry']));
    // The order's expiry job waits for its time.
    expect(page.queues.find((queue) => queue.queue === 'order-expiry')?.waiting).toBeGreaterThanOrEqual(1);
    // The failed message's job waits for its retry (or is being tried right now).
    const mail = page.queues.find((queue) => queue.queue === 'mail');
    expect((mail?.waiting ?? 0) + (mail?.active ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it('resends a failed message once, audited; the message then goes out once and leaves the page', async () => {
    const id = await orderWhoseMailFails();
    const response = await resend(id);
    expectReply(response, 200);
    expect(response.json()).toEqual({ message: operationsMessages.resent });
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'mail.resend').where('target', '=', `mail ${id}`).execute();
    expect(audit).toEqual([expect.objectContaining({ actor_email: admin.email })]);

    expectReply(await resend(id), 409, operationsMessages.alreadyResent);

    smtp.refuseNext(0);
    await eventually(async () => !(await operations()).mail.messages.some((message) => message._id === id));
    expect(smtp.received.filter((mail) => mail.messageId.startsWith(`<${id}@`))).toHaveLength(1);
    expectReply(await resend(id), 404, operationsMessages.mailNotFound);
  });

  it('refuses to resend a message still on its way, one that does not exist, or a malformed id', async () => {
    const { id } = await app.db
      .insertInto('mail_outbox')
      .values({ kind: 'order-placed', recipient: customer.email, subject: 'Queued', html: '<p>x</p>', text: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await operations()).mail.messages.find((message) => message._id === id)).toMatchObject({ failed: false, lastError: null });
    expectReply(await resend(id), 409, operationsMessages.notFailed);
    expectReply(await resend('7d1c1b7e-4f8a-4b5e-9a51-2f6a3e1d9c00'), 404, operationsMessages.mailNotFound);
    expectInvalid(await resend('not-an-id'), requestNotValid);
  });

  it('resends once when two admins click at once', async () => {
    const id = await insertFailedMail(app);
    const replies = await Promise.all([resend(id), resend(id)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
  });

  it('shows no expiry job waiting for an order already paid or cancelled (issue 34.21)', async () => {
    const waiting = async () => (await operations()).queues.find((queue) => queue.queue === 'order-expiry')?.waiting;
    const before = await waiting();
    const partId = await insertPart(app);
    const [paid, cancelled, open] = [
      await placeOrder(app, customer, partId),
      await placeOrder(app, customer, partId),
      await placeOrder(app, customer, partId),
    ];
    await payOrder(app, customer, paid);
    expectReply(await cancelOrderRequest(app, customer.cookie, cancelled), 200);

    // Only the order that can still expire has its job waiting.
    expect(await waiting()).toBe((before ?? 0) + 1);
    const { rows } = await sql<{ order_id: string; state: string }>`
      select data->>'orderId' as order_id, state from pgboss.job where name = 'order-expiry'`.execute(app.db);
    const stateOf = (orderId: string) => rows.filter((job) => job.order_id === orderId).map((job) => job.state);
    expect([stateOf(paid), stateOf(cancelled), stateOf(open)]).toEqual([['cancelled'], ['cancelled'], ['created']]);
  });
});
