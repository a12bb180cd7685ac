import { randomUUID } from 'node:crypto';
import { buyAgainMessages, formatCreditNoteNumber, invoiceMessages } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress, signUp } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { payOrder } from '../../test/admin';
import { cancelOrderRequest, insertPart, orderRow, placeOrder, postOrder, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { linkIn, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';
import { SENT_MAIL_KEPT_DAYS } from './outbox';
import { createMailRepository } from './repository';

// Order messages: one per change, in HTML and text, through a real SMTP server.
let smtp: TestSmtpServer;
let app: FastifyInstance;
let ann: Customer;
let admin: Customer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ env: { SMTP_URL: smtp.url } });
  [ann, admin] = await Promise.all([signUpCustomer(app, 'mail-ann'), signUpAdmin(app, 'mail-admin')]);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Waits until every message of the outbox is sent; then what arrived about `orderId` (by its number). */
async function messagesAbout(target: FastifyInstance, orderId: string): Promise<ReceivedMail[]> {
  await eventually(async () => {
    const unsent = await target.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
    return unsent.length === 0;
  });
  // Each test app numbers its orders from 100001: the number and the customer name the order.
  const { order_number: number, email } = await orderRow(target, orderId);
  return smtp.received.filter((mail) => mail.to === email && mail.text.includes(`Order: ${number}\n`));
}

/** The order's human number, which every message about it names. */
async function numberOf(target: FastifyInstance, orderId: string): Promise<string> {
  return String((await orderRow(target, orderId)).order_number);
}

/** Subjects in alphabetical order: messages of one order may arrive in any order. */
/** A subject with the order's number as N, so that tests name it without looking it up. */
const general = (subject: string) => subject.replace(/\b\d{6,}\b/, 'N');
const subjects = (mails: ReceivedMail[]) => mails.map((mail) => general(mail.subject)).sort();
const about = (mails: ReceivedMail[], subject: string) => mails.find((mail) => general(mail.subject) === subject);

describe('an order’s messages', () => {
  it('placed, paid, shipped: each once, saying what the pages say', async () => {
    const partId = await insertPart(app, { name: 'Mail Brake Pad', priceCents: 2550 });
    const orderId = await placeOrder(app, ann, partId, 2);
    const [placed] = await messagesAbout(app, orderId);
    expect(placed?.subject).toBe(`Order ${await numberOf(app, orderId)} placed: Mail Brake Pad`);
    for (const part of [placed?.text, placed?.html]) {
      expect(part).toContain('Mail Brake Pad');
      expect(part).toContain('$51.00');
      expect(part).toContain(`/dashboard/payment/${orderId}`);
    }
    expect(placed?.text).toContain('You have successfully placed an order');
    expect(placed?.text).toMatch(/An unpaid order is kept for 30 minutes/);
    // The order's own expiry, in the shop's time zone (America/Detroit by default), named: "Nov 22, 2026, 6:19 PM EST".
    const { expires_at: expiresAt } = await orderRow(app, orderId);
    const payBy = expiresAt?.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Detroit' });
    expect(placed?.text).toMatch(new RegExp(`Pay by: ${payBy ?? ''} E[SD]T\n`));

    await payOrder(app, ann, orderId);
    const ship = await app.inject({
      method: 'POST',
      url: `/api/admin/order/${orderId}/ship`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(ship.statusCode, ship.body).toBe(200);

    const mails = await messagesAbout(app, orderId);
    expect(subjects(mails)).toEqual(['Order N placed: Mail Brake Pad', 'Order N shipped: Mail Brake Pad', 'Receipt for order N: Mail Brake Pad']);
    const receipt = about(mails, 'Receipt for order N: Mail Brake Pad');
    const { transaction_id: transactionId } = await orderRow(app, orderId);
    expect(receipt?.text).toContain(`Transaction: ${transactionId}`);
    expect(receipt?.text).toContain('Total: $51.00');
    expect(receipt?.to).toBe(ann.email);
    // Each message links the order's own page.
    const number = await numberOf(app, orderId);
    for (const mail of [receipt, about(mails, 'Order N shipped: Mail Brake Pad')]) {
      expect(mail?.text).toContain(`View order ${number}: ${app.config.baseUrl}/dashboard/orders/${number}\n`);
    }
  });

  it('cancelled: with the refund when it was paid, without when it was not', async () => {
    const partId = await insertPart(app, { name: 'Mail Filter', priceCents: 1000 });
    const [paidId, unpaidId] = [await placeOrder(app, ann, partId, 3), await placeOrder(app, ann, partId, 1)];
    await payOrder(app, ann, paidId);
    expect((await cancelOrderRequest(app, ann.cookie, paidId)).statusCode).toBe(200);
    expect((await cancelOrderRequest(app, ann.cookie, unpaidId)).statusCode).toBe(200);

    const paid = await messagesAbout(app, paidId);
    expect(subjects(paid)).toEqual(['Order N cancelled: Mail Filter', 'Order N placed: Mail Filter', 'Receipt for order N: Mail Filter']);
    const cancelled = about(paid, 'Order N cancelled: Mail Filter');
    expect(cancelled?.text).toContain('Refund: $30.00 to the card it was paid with');
    // Its credit note, named and a click away (on the order's page), as a refunded return's.
    const note = await app.db.selectFrom('credit_notes').select('number').where('order_id', '=', paidId).executeTakeFirstOrThrow();
    const creditNote = formatCreditNoteNumber(Number(note.number));
    const paidNumber = await numberOf(app, paidId);
    expect(cancelled?.text).toContain(`Credit note: ${creditNote}\n`);
    expect(cancelled?.text).toContain(`${invoiceMessages.downloadCreditNote(creditNote)}: ${app.config.baseUrl}/dashboard/orders/${paidNumber}\n`);
    expect(cancelled?.html).toContain(invoiceMessages.downloadCreditNote(creditNote));
    const unpaid = await messagesAbout(app, unpaidId);
    expect(subjects(unpaid)).toEqual(['Order N cancelled: Mail Filter', 'Order N placed: Mail Filter']);
    expect(about(unpaid, 'Order N cancelled: Mail Filter')?.text).toContain('Refund: None: the order was not paid');
    expect(about(unpaid, 'Order N cancelled: Mail Filter')?.text).not.toContain('Credit note');
  });

  it('a change refused sends nothing: cancelling twice at once is one message', async () => {
    const partId = await insertPart(app, { name: 'Mail Wiper' });
    const orderId = await placeOrder(app, ann, partId);
    const replies = await Promise.all([cancelOrderRequest(app, ann.cookie, orderId), cancelOrderRequest(app, ann.cookie, orderId)]);
    // One cancels it; the other finds it cancelled (404, or 200 with nothing deleted when both
    // read it unpaid at once).
    const deleted = replies.map((reply) => (reply.statusCode === 200 ? (reply.json() as { deletedCount: number }).deletedCount : 0));
    expect(deleted.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(subjects(await messagesAbout(app, orderId))).toEqual(['Order N cancelled: Mail Wiper', 'Order N placed: Mail Wiper']);
  });

  it('a server that refuses for a while gets the message on a later try, once', async () => {
    const partId = await insertPart(app, { name: 'Mail Retry Spring' });
    smtp.refuseNext(1);
    const orderId = await placeOrder(app, ann, partId);
    const mails = await messagesAbout(app, orderId);
    expect(subjects(mails)).toEqual(['Order N placed: Mail Retry Spring']);
    const row = await app.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.last_error).toBeNull();
  });
});

describe('an address not confirmed yet', () => {
  it('is sent an order’s message without what the account typed (name, ship-to); once confirmed, with it', async () => {
    // Anyone can sign up with anyone's address: the name and the delivery address are the signer's words.
    const stranger = await signUpCustomer(app, 'mail-unconfirmed');
    const partId = await insertPart(app, { name: 'Mail Unconfirmed Hose' });
    const address = 'Visit https://evil.example/refund to claim your refund';
    const place = async () => {
      const reply = await postOrder(app, stranger.cookie, { partId, customername: stranger.name, address, orderQuantity: 1 });
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json() as { insertedId: string }).insertedId;
    };
    const [placed] = await messagesAbout(app, await place());
    for (const part of [placed?.text, placed?.html]) {
      expect(part).toContain('Mail Unconfirmed Hose');
      expect(part).not.toContain(stranger.name);
      expect(part).not.toContain('evil.example');
    }
    expect(placed?.text).toMatch(/^Hello,\n/);
    expect(placed?.text).toContain('Ship to: On the order’s page (this e-mail address is not confirmed yet)\n');

    // Its owner follows the confirmation link: from then on the messages say it all.
    const confirmation = await smtp.waitFor(stranger.email, /Confirm your e-mail address/);
    const link = linkIn(confirmation, `${app.config.baseUrl}/api/auth/verify-email?`);
    expect((await app.inject({ method: 'GET', url: link.slice(app.config.baseUrl.length) })).statusCode).toBe(302);
    const [owned] = await messagesAbout(app, await place());
    expect(owned?.text).toMatch(new RegExp(`^Hello ${stranger.name},\n`));
    expect(owned?.text).toContain(`Ship to: ${address}\n`);
  });
});

describe('an order whose account was deleted', () => {
  it('is not told to whoever signed up with its address since: its messages follow the order’s account, not the address', async () => {
    const first = await signUpCustomer(app, 'mail-deleted');
    await confirmAddress(app, first.email);
    const partId = await insertPart(app, { name: 'Mail Deleted Belt' });
    const address = '12 Old Owner Lane, Springfield';
    const reply = await postOrder(app, first.cookie, { partId, customername: first.name, address, orderQuantity: 1 });
    expect(reply.statusCode, reply.body).toBe(200);
    const orderId = (reply.json() as { insertedId: string }).insertedId;
    const [placed] = await messagesAbout(app, orderId);
    expect(placed?.text).toMatch(new RegExp(`^Hello ${first.name},\n`));

    // The account is deleted (its orders stay, with their e-mail); someone else signs up with the address and confirms it.
    expect((await app.inject({ method: 'DELETE', url: `/api/user/${encodeURIComponent(first.email)}`, headers: { authorization: `Bearer ${admin.token}` } })).statusCode).toBe(200);
    const cookie = await signUp(app, { name: 'Someone Else', email: first.email, password: 'another-password-1' });
    expect(cookie).toBeTruthy();
    await confirmAddress(app, first.email);

    // The old order is cancelled: its message repeats nothing its deleted account typed.
    expect((await app.inject({ method: 'POST', url: `/api/admin/order/${orderId}/cancel`, headers: { authorization: `Bearer ${admin.token}` } })).statusCode).toBe(200);
    const cancelled = about(await messagesAbout(app, orderId), 'Order N cancelled: Mail Deleted Belt');
    for (const part of [cancelled?.text, cancelled?.html]) {
      expect(part).toContain('Mail Deleted Belt');
      expect(part).not.toContain(first.name);
      expect(part).not.toContain('Old Owner Lane');
    }
    expect(cancelled?.text).toMatch(/^Hello,\n/);
  });
});

describe('an order that expires', () => {
  it('tells its customer once, with the page’s words', async () => {
    const quick = await createTestApp({ env: { SMTP_URL: smtp.url, UNPAID_ORDER_MINUTES: '0.02' } });
    try {
      const ben = await signUpCustomer(quick, 'mail-ben');
      const partId = await insertPart(quick, { name: 'Mail Expiring Belt' });
      const orderId = await placeOrder(quick, ben, partId);
      await eventually(async () => (await orderRow(quick, orderId)).status === 'expired');
      const mails = await messagesAbout(quick, orderId);
      expect(subjects(mails)).toEqual(['Order N expired: Mail Expiring Belt', 'Order N placed: Mail Expiring Belt']);
      const expired = about(mails, 'Order N expired: Mail Expiring Belt');
      expect(expired?.text).toContain('This order was not paid in time and has expired.');
      // Buy again, on the order's page (every line, not the first line's part only), named as in the web app.
      const number = await numberOf(quick, orderId);
      expect(expired?.text).toContain(`${buyAgainMessages.button}: ${quick.config.baseUrl}/dashboard/orders/${number}\n`);
      expect(expired?.text).not.toContain('/part/');
      // Its sign-up's confirmation, placed, expired: three jobs, each done once.
      await eventually(async () => {
        const { rows } = await sql<{ state: string }>`select state from pgboss.job where name = 'mail'`.execute(quick.db);
        return rows.length === 3 && rows.every((row) => row.state === 'completed');
      });
    } finally {
      await quick.close();
    }
  });
});

describe('the outbox', () => {
  it('forgets sent messages after their keeping time, and never an unsent one', async () => {
    const outbox = createMailRepository(app.db);
    const message = { to: 'old@example.com', subject: 'Old', html: '<p>Old</p>', text: 'Old' };
    const [sentLongAgo, sentLately, neverSent] = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of [sentLongAgo, sentLately, neverSent]) await app.db.executeQuery(outbox.insertion({ ...message, id, kind: 'test' }));
    const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
    await app.db.updateTable('mail_outbox').set({ sent_at: daysAgo(SENT_MAIL_KEPT_DAYS + 1) }).where('id', '=', sentLongAgo).execute();
    await app.db.updateTable('mail_outbox').set({ sent_at: daysAgo(SENT_MAIL_KEPT_DAYS - 1) }).where('id', '=', sentLately).execute();
    await app.db.updateTable('mail_outbox').set({ claimed_at: daysAgo(SENT_MAIL_KEPT_DAYS + 1) }).where('id', '=', neverSent).execute();

    expect(await outbox.pruneSent(SENT_MAIL_KEPT_DAYS)).toBe(1);
    const left = await app.db.selectFrom('mail_outbox').select('id').where('id', 'in', [sentLongAgo, sentLately, neverSent]).execute();
    expect(left.map((row) => row.id).sort()).toEqual([sentLately, neverSent].sort());
    // The unsent one has no send job: the other tests wait for an empty queue.
    await app.db.deleteFrom('mail_outbox').where('id', 'in', [sentLately, neverSent]).execute();
  });
});
