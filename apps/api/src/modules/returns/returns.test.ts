import { adminMessages, apiErrors, defaultReceiveAction, formatRmaNumber, returnMessages, type Order, type ReturnCreated, type ReturnRequest } from '@autoparts/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, auditCount, byCookie, byToken, call, expectInvalid, expectReply, payOrder } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { fillCart, insertAddress, insertShippingMethod, insertTaxRate, insertWeighedPart, postCheckout, userIdOf } from '../../test/checkout';
import { createTestCompany, invitationToken, joinCompany } from '../../test/company';
import { orderRow, signUpAdmin, signUpCustomer, stockOf, type Customer } from '../../test/orders';
import { pdfText } from '../../test/pdf';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

let app: FastifyInstance;
let smtp: TestSmtpServer;
let admin: Customer;
let ada: Customer;
let bob: Customer;
let addressId: string;
let methodId: string;
let vehicleId: string;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ env: { SMTP_URL: smtp.url, SHOP_RETURNS_ADDRESS: 'Returns desk, 40 Dock Street, Detroit, MI 48207, United States' } });
  [admin, ada, bob] = await Promise.all([signUpAdmin(app, 'returns-admin'), signUpCustomer(app, 'ada'), signUpCustomer(app, 'bob')]);
  addressId = await insertAddress(app, await userIdOf(app, ada.email), { region: 'IL' });
  // $10.00 flat, and 8.25 % tax on the goods only: easy cents to check by hand.
  methodId = await insertShippingMethod(app, { name: 'Flat', baseCents: 1000 });
  await app.db.deleteFrom('tax_rates').where('country', '=', 'US').where('region', '=', 'IL').execute();
  await insertTaxRate(app, { country: 'US', region: 'IL', ratePpm: 82_500 });
  const vehicle = await app.db
    .insertInto('vehicles')
    .values({ make: 'Honda', model: 'Civic', year: 2015, engine: '1.8L' })
    .returning('id')
    .executeTakeFirstOrThrow();
  vehicleId = vehicle.id;
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

interface Bought {
  orderId: string;
  /** $100.00 × 1 */
  a: string;
  /** $50.00 × 2 */
  b: string;
}

/**
 * Ada checks out A ($100 × 1) and B ($50 × 2): subtotal $200, shipping $10, tax $16.50 (8.25 % of
 * the goods), total $226.50; paid, then delivered `daysAgo` days ago (or only shipped, if asked).
 */
async function bought(options: { daysAgo?: number; delivered?: boolean; fitChecked?: boolean } = {}): Promise<Bought> {
  const a = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
  const b = await insertWeighedPart(app, { priceCents: 5_000, weightGrams: 1000, available: 10 });
  await fillCart(app, await userIdOf(app, ada.email), [
    [a, 1],
    [b, 2],
  ]);
  const response = await postCheckout(app, ada.cookie, { addressId, shippingMethodId: methodId });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = (response.json() as { insertedId: string }).insertedId;
  await payOrder(app, ada, orderId);
  const when = new Date(Date.now() - (options.daysAgo ?? 2) * DAY);
  await app.db
    .updateTable('orders')
    .set(options.delivered === false ? { status: 'shipped', shipped_at: when } : { status: 'delivered', shipped_at: when, delivered_at: when })
    .where('id', '=', orderId)
    .execute();
  if (options.fitChecked) {
    await app.db.updateTable('order_lines').set({ vehicle_id: vehicleId, fit_checked: true }).where('order_id', '=', orderId).execute();
  }
  const row = await orderRow(app, orderId);
  expect([row.subtotal_cents, row.shipping_cents, row.tax_cents, row.total_cents]).toEqual([20_000, 1000, 1650, 22_650]);
  return { orderId, a, b };
}

const ask = (who: Customer, body: object) => call(app, byCookie(who), { method: 'POST', url: '/api/returns', payload: body });
const approve = (id: string, body: object = {}) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/approve`, payload: body });
const reject = (id: string, reason: string) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/reject`, payload: { reason } });
const receive = (id: string, lines: object[]) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/returns/${id}/receive`, payload: { lines } });

async function requested(who: Customer, body: object): Promise<ReturnCreated> {
  const response = await ask(who, body);
  expectReply(response, 200);
  return response.json();
}

async function shown(response: LightMyRequestResponse): Promise<ReturnRequest> {
  expectReply(response, 200);
  return response.json();
}

/** The text of a return's credit note, as its customer downloads it. */
async function creditNoteText(orderId: string, done: ReturnRequest): Promise<string> {
  const reply = await call(app, byCookie(ada), { method: 'GET', url: `/api/order/${orderId}/credit-notes/${done.creditNoteNumber}.pdf` });
  expect(reply.statusCode, reply.body).toBe(200);
  return pdfText(reply.rawPayload);
}

async function setFee(percent: number) {
  expectReply(await call(app, byCookie(admin), { method: 'PUT', url: '/api/admin/settings', payload: { restockingFeePercent: percent } }), 200);
}

describe('asking for a return', () => {
  it('numbers the request, answers it to its owner and e-mails it, saying to wait for the approval before sending anything', async () => {
    const { orderId, a } = await bought();
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective', note: 'Cracked housing' });
    expect(created).toEqual({
      id: expect.any(String),
      rmaNumber: expect.stringMatching(/^RMA-\d{6}$/),
      status: 'requested',
      returns: [{ id: expect.any(String), rmaNumber: expect.stringMatching(/^RMA-\d{6}$/), status: 'requested', reason: 'defective', partIds: [a] }],
      sendTo: 'Returns desk, 40 Dock Street, Detroit, MI 48207, United States',
    });
    expect(created.returns[0]).toMatchObject({ id: created.id, rmaNumber: created.rmaNumber });

    const mine = await shown(await call(app, byToken(ada), { method: 'GET', url: `/api/returns/${created.id}` }));
    expect(mine).toMatchObject({ id: created.id, rmaNumber: created.rmaNumber, orderId, status: 'requested', reason: 'defective', refundAmount: null, creditNoteNumber: null });
    expect(mine.lines).toEqual([expect.objectContaining({ partId: a, quantity: 1, unitPrice: 100 })]);
    const list = await call(app, byToken(ada), { method: 'GET', url: '/api/returns' });
    expect((list.json() as ReturnRequest[]).map((item) => item.id)).toContain(created.id);
    // Someone else's return is not there for them.
    expectReply(await call(app, byToken(bob), { method: 'GET', url: `/api/returns/${created.id}` }), 404, returnMessages.returnNotFound);

    const mail = await smtp.waitFor(ada.email, new RegExp(`Return ${created.rmaNumber}`));
    // Not approved yet: wait, send nothing (a rejected return would say "do not send the parts");
    // where to send them comes with the approval.
    expect(mail.text).toContain(returnMessages.waitForApproval);
    expect(mail.text).not.toContain('Write RMA-');
    expect(mail.text).not.toContain('40 Dock Street');
    expect(mail.text).toContain('Reason: Defective');
    const part = await app.db.selectFrom('parts').select(['name', 'part_number']).where('id', '=', a).executeTakeFirstOrThrow();
    expect(mail.text).toContain(`Part: 1 × ${part.name} (${part.part_number})\n`);
    const { order_number: orderNumber } = await orderRow(app, orderId);
    expect(mail.text).toContain(`View order ${orderNumber}: ${app.config.baseUrl}/dashboard/orders/${orderNumber}\n`);
  });

  it('e-mails the approval, with the parts and where to send them', async () => {
    const { orderId, a, b } = await bought();
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }, { partId: b, quantity: 2 }], reason: 'wrong-part-sent' });
    expectReply(await approve(created.id), 200);
    const mail = await smtp.waitFor(ada.email, new RegExp(`Return ${created.rmaNumber} approved`));
    const parts = await app.db.selectFrom('parts').select(['id', 'name', 'part_number']).where('id', 'in', [a, b]).execute();
    const named = (id: string) => parts.find((part) => part.id === id)!;
    expect(mail.text).toContain(`Part: 1 × ${named(a).name} (${named(a).part_number})\n`);
    expect(mail.text).toContain(`Part: 2 × ${named(b).name} (${named(b).part_number})\n`);
    expect(mail.text).toContain(returnMessages.whatToDo(created.rmaNumber, 'Returns desk, 40 Dock Street, Detroit, MI 48207, United States'));
  });

  it('refuses someone else’s order, unshipped lines, closed windows, duplicates and too many', async () => {
    const { orderId, a, b } = await bought();
    expectReply(await ask(bob, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective' }), 404, apiErrors.orderNotFound);
    expectReply(await ask(ada, { orderId, lines: [{ partId: b, quantity: 3 }], reason: 'defective' }), 409, returnMessages.tooMany);
    expectReply(await ask(ada, { orderId, lines: [{ partId: orderId, quantity: 1 }], reason: 'defective' }), 404, returnMessages.lineNotOnOrder);
    // A quantity that is no whole number of parts is said in words, not 'This request is not valid.'
    for (const quantity of [1.5, 0, -2]) expectInvalid(await ask(ada, { orderId, lines: [{ partId: a, quantity }], reason: 'defective' }), returnMessages.quantityWhole);
    expectInvalid(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1e9 }], reason: 'defective' }), returnMessages.tooMany);
    // A reason the shop does not know, and a note too long, are said at their fields, not as "This request is not valid." (decision 220).
    expectInvalid(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective', note: 'x'.repeat(1001) }), returnMessages.noteTooLong);
    expectInvalid(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'stolen' }), returnMessages.reasonUnknown);
    expectInvalid(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1, reason: 'too-pretty' }] }), returnMessages.reasonUnknown);
    expectInvalid(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 7 }), returnMessages.reasonUnknown);
    await requested(ada, { orderId, lines: [{ partId: b, quantity: 1 }], reason: 'no-longer-needed' });
    // One open request per line at a time.
    expectReply(await ask(ada, { orderId, lines: [{ partId: b, quantity: 1 }], reason: 'defective' }), 409, returnMessages.alreadyRequested);
    // The one table of order states has the last word: an order not in a returnable state is not returned, shipments or not.
    const cancelled = await bought();
    await app.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled.orderId).execute();
    expectReply(await ask(ada, { orderId: cancelled.orderId, lines: [{ partId: cancelled.a, quantity: 1 }], reason: 'defective' }), 409, returnMessages.notShipped);

    const old = await bought({ daysAgo: 31 });
    expectReply(await ask(ada, { orderId: old.orderId, lines: [{ partId: old.a, quantity: 1 }], reason: 'defective' }), 409, returnMessages.windowClosed);
    // No delivery recorded: the window counts from the shipment.
    const shippedOnly = await bought({ daysAgo: 29, delivered: false });
    await requested(ada, { orderId: shippedOnly.orderId, lines: [{ partId: shippedOnly.a, quantity: 1 }], reason: 'defective' });

    // A page of another site cannot ask with the customer's cookie; nor may the customer ask twice.
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/returns',
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
      payload: { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await app.db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);

    const unshipped = await bought();
    await app.db.updateTable('orders').set({ status: 'paid', shipped_at: null, delivered_at: null }).where('id', '=', unshipped.orderId).execute();
    expectReply(await ask(ada, { orderId: unshipped.orderId, lines: [{ partId: unshipped.a, quantity: 1 }], reason: 'defective' }), 409, returnMessages.notShipped);

    // Shipments name the lines that went: only those may come back.
    const partly = await bought();
    const shipment = await app.db
      .insertInto('shipments')
      .values({ order_id: partly.orderId, carrier: 'ups', tracking_number: '1Z999AA10123456784' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('shipment_lines').values({ shipment_id: shipment.id, order_id: partly.orderId, position: 1, quantity: 1 }).execute();
    await app.db.updateTable('orders').set({ status: 'partially_shipped', delivered_at: null }).where('id', '=', partly.orderId).execute();
    expectReply(await ask(ada, { orderId: partly.orderId, lines: [{ partId: partly.b, quantity: 1 }], reason: 'defective' }), 409, returnMessages.notShipped);
    await requested(ada, { orderId: partly.orderId, lines: [{ partId: partly.a, quantity: 1 }], reason: 'defective' });
  });
});

describe('a reason per line (issue 34.17)', () => {
  it('one request of two reasons makes a return for each, e-mailed, with its own lines', async () => {
    const { orderId, a, b } = await bought();
    const created = await requested(ada, {
      orderId,
      lines: [
        { partId: a, quantity: 1, reason: 'no-longer-needed' },
        { partId: b, quantity: 1, reason: 'does-not-fit' },
      ],
    });
    expect(created.returns.map((ret) => [ret.reason, ret.status])).toEqual([
      ['no-longer-needed', 'requested'],
      ['does-not-fit', 'requested'],
    ]);
    expect(created.id).toBe(created.returns[0]?.id);
    const [notNeeded, doesNotFit] = await Promise.all(created.returns.map(async (ret) => shown(await call(app, byToken(ada), { method: 'GET', url: `/api/returns/${ret.id}` }))));
    expect(notNeeded).toMatchObject({ reason: 'no-longer-needed', lines: [expect.objectContaining({ partId: a, quantity: 1 })] });
    expect(doesNotFit).toMatchObject({ reason: 'does-not-fit', lines: [expect.objectContaining({ partId: b, quantity: 1 })] });
    for (const ret of created.returns) expect((await smtp.waitFor(ada.email, new RegExp(`Return ${ret.rmaNumber}`))).text).toContain(ret.rmaNumber);
  });

  it('makes all of them or none: one refused line refuses the request; a line without a reason is named', async () => {
    const { orderId, a, b } = await bought();
    const tooMany = await ask(ada, {
      orderId,
      lines: [
        { partId: a, quantity: 1, reason: 'no-longer-needed' },
        { partId: b, quantity: 3, reason: 'does-not-fit' },
      ],
    });
    expectReply(tooMany, 409, returnMessages.tooMany);
    expect(await app.db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
    // The same line twice, under two reasons, is said so (it was answered "already open", though nothing was).
    const twice = await ask(ada, {
      orderId,
      lines: [
        { partId: b, quantity: 1, reason: 'no-longer-needed' },
        { partId: b, quantity: 1, reason: 'does-not-fit' },
      ],
    });
    expectInvalid(twice, returnMessages.partTwice);
    expect(await app.db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
    const noReason = await ask(ada, { orderId, lines: [{ partId: a, quantity: 1, reason: 'defective' }, { partId: b, quantity: 1 }] });
    expect(noReason.statusCode).toBe(400);
    expect((noReason.json() as { message: string }).message).toContain(returnMessages.reasonNeeded);
  });
});

describe('warranty on the order’s lines (issue 34.6)', () => {
  it('says until when each part’s warranty runs, from delivery; none for a part without one', async () => {
    const { orderId, a, b } = await bought({ daysAgo: 100 });
    await app.db.updateTable('parts').set({ warranty_months: 12 }).where('id', '=', a).execute();
    const { delivered_at: deliveredAt } = await orderRow(app, orderId);
    const reply = await call(app, byToken(ada), { method: 'GET', url: `/api/order/${orderId}` });
    expectReply(reply, 200);
    const order = reply.json() as Order;
    // Twelve months on: the same day a year later, or Feb 28 for a delivery on Feb 29 (decision 203).
    const delivered = new Date(deliveredAt!);
    const until = new Date(delivered);
    until.setUTCFullYear(delivered.getUTCFullYear() + 1);
    if (until.getUTCMonth() !== delivered.getUTCMonth()) until.setUTCDate(0);
    expect(order.lines.find((line) => line.partId === a)?.warrantyUntil).toBe(until.toISOString());
    expect(order.lines.find((line) => line.partId === b)?.warrantyUntil).toBeNull();
    // The claim the line offers is taken; the line without a warranty is refused, as the form never offers it.
    await requested(ada, { orderId, lines: [{ partId: a, quantity: 1, reason: 'warranty' }], note: 'Grinds when braking' });
    expectReply(await ask(ada, { orderId, lines: [{ partId: b, quantity: 1, reason: 'warranty' }], note: 'Grinds' }), 409, returnMessages.noWarranty);
  });
  // Regression (was a bug): `setUTCMonth` rolled Jan 31 + 1 month over to Mar 3 (decision 203).
  it('ends a warranty on the month’s last day when it has no such day as the delivery’s', async () => {
    const { orderId, a } = await bought({ daysAgo: 100 });
    await app.db.updateTable('parts').set({ warranty_months: 1 }).where('id', '=', a).execute();
    await app.db.updateTable('orders').set({ shipped_at: new Date('2026-01-30T10:00:00Z'), delivered_at: new Date('2026-01-31T10:00:00Z') }).where('id', '=', orderId).execute();
    const reply = await call(app, byToken(ada), { method: 'GET', url: `/api/order/${orderId}` });
    expectReply(reply, 200);
    expect((reply.json() as Order).lines.find((line) => line.partId === a)?.warrantyUntil).toBe('2026-02-28T10:00:00.000Z');
  });
});

describe('what each order line may still send back (decision 164)', () => {
  const linesOf = async (orderId: string) => {
    const reply = await call(app, byToken(ada), { method: 'GET', url: `/api/order/${orderId}` });
    expectReply(reply, 200);
    return (reply.json() as Order).lines;
  };

  it('answers the windows the request is refused by, from delivery: past its 30 days a line is refused', async () => {
    const { orderId, a, b } = await bought({ daysAgo: 31 });
    const { delivered_at: deliveredAt } = await orderRow(app, orderId);
    const lines = await linesOf(orderId);
    expect(lines.find((line) => line.partId === a)).toMatchObject({
      returnUntil: new Date(deliveredAt!.getTime() + 30 * DAY).toISOString(),
      coreReturnUntil: null,
      returnable: 1,
      coresReturnable: 0,
    });
    expect(new Date(lines.find((line) => line.partId === b)!.returnUntil!).getTime()).toBeLessThan(Date.now());
    expectReply(await ask(ada, { orderId, lines: [{ partId: b, quantity: 1 }], reason: 'defective' }), 409, returnMessages.windowClosed);
  });

  it('counts every return of the order that holds its units, as a request is refused by, and nothing of an order not shipped', async () => {
    const { orderId, a, b } = await bought();
    await requested(ada, { orderId, reason: 'defective', lines: [{ partId: b, quantity: 1 }] });
    const rejected = await requested(ada, { orderId, reason: 'no-longer-needed', lines: [{ partId: a, quantity: 1 }] });
    expectReply(await reject(rejected.id, 'Used'), 200);
    // B: 2 shipped, 1 held by the open return; A: its rejected return holds nothing.
    expect((await linesOf(orderId)).map((line) => [line.partId, line.returnable])).toEqual([
      [a, 1],
      [b, 1],
    ]);
    expectReply(await ask(ada, { orderId, lines: [{ partId: a, quantity: 2 }], reason: 'defective' }), 409, returnMessages.tooMany);
    const unshipped = await bought();
    await app.db.updateTable('orders').set({ status: 'paid', shipped_at: null, delivered_at: null }).where('id', '=', unshipped.orderId).execute();
    expect((await linesOf(unshipped.orderId)).map((line) => [line.returnable, line.returnUntil])).toEqual([
      [0, null],
      [0, null],
    ]);
  });
});

describe('refunds to the cent', () => {
  async function refunded(reason: string, lines: { partId: string; quantity: number }[], orderId: string): Promise<ReturnRequest> {
    const created = await requested(ada, { orderId, lines, reason });
    if (created.status === 'requested') expectReply(await approve(created.id), 200);
    return shown(await receive(created.id, lines.map((line) => ({ ...line, action: 'restock' }))));
  }

  it('not the shop’s fault: the price and its tax; at fault: its shipping too', async () => {
    const first = await bought();
    expect(await refunded('does-not-fit', [{ partId: first.a, quantity: 1 }], first.orderId)).toMatchObject({ status: 'refunded', refundAmount: 108.25 });
    const second = await bought();
    expect(await refunded('defective', [{ partId: second.a, quantity: 1 }], second.orderId)).toMatchObject({ refundAmount: 113.25 });
    const third = await bought();
    // B's tax share is $8.25 for two; one of them: $4.12 (a part of a share rounds down).
    expect(await refunded('wrong-part-sent', [{ partId: third.b, quantity: 1 }], third.orderId)).toMatchObject({ refundAmount: 50 + 4.12 + 2.5 });
  });

  it('tells a signed-in customer the restocking fee and where returns go before they ask; nobody else', async () => {
    await setFee(12.5);
    try {
      const policy = await call(app, byCookie(ada), { method: 'GET', url: '/api/returns/policy' });
      expectReply(policy, 200);
      expect(policy.json()).toEqual({ restockingFeePercent: 12.5, sendTo: 'Returns desk, 40 Dock Street, Detroit, MI 48207, United States' });
      expectReply(await call(app, anonymous, { method: 'GET', url: '/api/returns/policy' }), 401);
    } finally {
      await setFee(0);
    }
  });

  it('no longer needed: less the restocking fee set by the admin, with a credit note', async () => {
    await setFee(10);
    expect((await call(app, byToken(admin), { method: 'GET', url: '/api/admin/settings' })).json()).toEqual({ restockingFeePercent: 10 });
    try {
      const { orderId, b } = await bought();
      const done = await refunded('no-longer-needed', [{ partId: b, quantity: 2 }], orderId);
      // $100 + $8.25 tax − $10 fee.
      expect(done).toMatchObject({ refundAmount: 98.25, restockingFee: 10, creditNoteNumber: expect.stringMatching(/^CN-\d{6}$/) });
      const note = await app.db.selectFrom('credit_notes').selectAll().where('return_id', '=', done.id).executeTakeFirstOrThrow();
      expect(note.amount_cents).toBe(9825);
      const mail = await smtp.waitFor(ada.email, new RegExp(`Return ${done.rmaNumber} refunded`));
      expect(mail.text).toContain('Refund: $98.25');
      expect(mail.text).toContain('Restocking fee: $10.00');
      // One form of each number everywhere, and the reason in words.
      expect(mail.text).toContain(`Credit note: ${done.creditNoteNumber ?? ''}\n`);
      // The credit note a click away: on the order's page, where a signed-out customer signs in first.
      const { order_number: orderNumber } = await app.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(mail.text).toContain(`Download credit note ${done.creditNoteNumber ?? ''}: ${app.config.baseUrl}/dashboard/orders/${String(orderNumber)}\n`);
      const text = await creditNoteText(orderId, done);
      expect(text).toContain(`For: return ${done.rmaNumber} (No longer needed)`);
      expect(text).toMatch(/ 2 \$50\.00 \$100\.00/);
      expect(text).toContain('Illinois sales tax 8.25 % $8.25');
      expect(text).toContain('Restocking fee (10 %) -$10.00');
      expect(text).toContain('Total credited $98.25');
      expect(text).not.toMatch(/Shipping|shares/);
    } finally {
      await setFee(0);
    }
  });

  it('shows the admin the refund in its parts before receiving, as receiving then refunds it', async () => {
    await setFee(10);
    try {
      const { orderId, a, b } = await bought();
      const created = await requested(ada, { orderId, lines: [{ partId: b, quantity: 2 }], reason: 'no-longer-needed' });
      const preview = (id: string, who: Customer = admin) => call(app, byToken(who), { method: 'GET', url: `/api/admin/returns/${id}/refund-preview` });
      // Only an approved return is about to be received; only admins see it.
      expectReply(await preview(created.id), 409, returnMessages.notReceivable);
      expectReply(await approve(created.id), 200);
      expect((await preview(created.id, ada)).statusCode).toBe(403);
      expectReply(await preview('00000000-0000-4000-8000-000000000000'), 404, returnMessages.returnNotFound);
      const shownBefore = await preview(created.id);
      expectReply(shownBefore, 200);
      expect(shownBefore.json()).toEqual({
        lines: [{ partId: b, partNumber: expect.any(String), name: expect.any(String), kind: 'part', quantity: 2, amount: 100 }],
        units: 100,
        tax: 8.25,
        shipping: 0,
        restockingFee: 10,
        restockingFeePercent: 10,
        amount: 98.25,
      });
      const done = await shown(await receive(created.id, [{ partId: b, quantity: 2, action: 'restock' }]));
      expect(done.refundAmount).toBe(98.25);

      const defective = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective' });
      expectReply(await approve(defective.id), 200);
      expect((await preview(defective.id)).json()).toMatchObject({ units: 100, tax: 8.25, shipping: 5, restockingFee: 0, amount: 113.25 });
    } finally {
      await setFee(0);
    }
    // Worn or broken parts are scrapped unless the admin says otherwise.
    expect((['core', 'warranty', 'defective', 'no-longer-needed', 'does-not-fit', 'wrong-part-sent'] as const).map(defaultReceiveAction)).toEqual([
      'scrap',
      'scrap',
      'scrap',
      'restock',
      'restock',
      'restock',
    ]);
  });

  it('the fit promise: approved at once, a fitment report opened, refunded in full with shipping', async () => {
    const { orderId, a } = await bought({ fitChecked: true });
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'does-not-fit', note: 'Bolt pattern differs' });
    expect(created.status).toBe('approved');
    // Approved at once: the request's e-mail says where to send the part.
    const mail = await smtp.waitFor(ada.email, new RegExp(`Return ${created.rmaNumber}`));
    expect(mail.text).toContain(returnMessages.whatToDo(created.rmaNumber, 'Returns desk, 40 Dock Street, Detroit, MI 48207, United States'));
    expect(mail.text).not.toContain(returnMessages.waitForApproval);
    const report = await app.db.selectFrom('fitment_reports').selectAll().where('return_id', '=', created.id).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ part_id: a, vehicle_id: vehicleId, note: 'Bolt pattern differs', status: 'open' });
    const done = await shown(await receive(created.id, [{ partId: a, quantity: 1, action: 'restock' }]));
    expect(done).toMatchObject({ status: 'refunded', fitPromise: true, refundAmount: 113.25 });
  });

  it('the fit promise holds for its line when a line it does not cover is sent back as not fitting with it', async () => {
    // A was bought for the chosen vehicle it is listed to fit; B was not.
    const { orderId, a, b } = await bought();
    await app.db.updateTable('order_lines').set({ vehicle_id: vehicleId, fit_checked: true }).where('order_id', '=', orderId).where('part_id', '=', a).execute();
    const created = await requested(ada, {
      orderId,
      lines: [
        { partId: a, quantity: 1, reason: 'does-not-fit' },
        { partId: b, quantity: 1, reason: 'does-not-fit' },
      ],
      note: 'Neither fits',
    });
    // Two returns: A's approved at once under the promise, B's waiting for an admin.
    expect(created.returns).toEqual([
      expect.objectContaining({ status: 'approved', reason: 'does-not-fit', partIds: [a] }),
      expect.objectContaining({ status: 'requested', reason: 'does-not-fit', partIds: [b] }),
    ]);
    const [promised, other] = created.returns;
    const reports = await app.db.selectFrom('fitment_reports').select(['part_id', 'return_id']).where('return_id', 'in', created.returns.map((ret) => ret.id)).execute();
    expect(reports).toEqual([{ part_id: a, return_id: promised?.id }]);
    // A comes back in full, its share of the shipping included: $100 + $8.25 tax + $5.
    const done = await shown(await receive(promised?.id ?? '', [{ partId: a, quantity: 1, action: 'restock' }]));
    expect(done).toMatchObject({ fitPromise: true, refundAmount: 113.25, lines: [expect.objectContaining({ partId: a, quantity: 1 })] });
    // B's return is the usual one: approved by an admin, its price and tax back, the shipping kept.
    expectReply(await approve(other?.id ?? ''), 200);
    const rest = await shown(await receive(other?.id ?? '', [{ partId: b, quantity: 1, action: 'restock' }]));
    expect(rest).toMatchObject({ fitPromise: false, refundAmount: 54.12 });
  });

  it('a core: its deposit back when received, within 90 days, only for a part that carried one', async () => {
    const { orderId, a, b } = await bought({ daysAgo: 60 });
    // The deposit line as checkout writes it for a part with a core deposit: $25.00 for A's line.
    await app.db
      .insertInto('order_lines')
      .values({ order_id: orderId, position: 3, kind: 'core-deposit', deposit_for: 1, part_id: a, part_number: 'CORE', name: 'Core deposit', img: '', quantity: 1, unit_price_cents: 2500, line_total_cents: 2500 })
      .execute();
    await app.db.updateTable('orders').set({ total_cents: 22_650 + 2500 }).where('id', '=', orderId).execute();
    expectReply(await ask(ada, { orderId, lines: [{ partId: b, quantity: 1 }], reason: 'core' }), 409, returnMessages.noCoreDeposit);
    const stock = await stockOf(app, a);
    const done = await refunded('core', [{ partId: a, quantity: 1 }], orderId);
    expect(done).toMatchObject({ status: 'refunded', refundAmount: 25 });
    // An old core is not a part for sale.
    expect(await stockOf(app, a)).toBe(stock);

    const late = await bought({ daysAgo: 91 });
    await app.db
      .insertInto('order_lines')
      .values({ order_id: late.orderId, position: 3, kind: 'core-deposit', deposit_for: 1, part_id: late.a, part_number: 'CORE', name: 'Core deposit', img: '', quantity: 1, unit_price_cents: 2500, line_total_cents: 2500 })
      .execute();
    expectReply(await ask(ada, { orderId: late.orderId, lines: [{ partId: late.a, quantity: 1 }], reason: 'core' }), 409, returnMessages.coreWindowClosed);
  });
  /** Ada checks out A ($100 × 1, a $45 core deposit) and B ($50 × 2): $200 of parts, the $45 deposit (untaxed), $10 shipping, $16.50 tax; delivered. */
  async function boughtWithDeposit(): Promise<Bought> {
    const a = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    const b = await insertWeighedPart(app, { priceCents: 5_000, weightGrams: 1000, available: 10 });
    await app.db.updateTable('parts').set({ core_deposit_cents: 4_500 }).where('id', '=', a).execute();
    await fillCart(app, await userIdOf(app, ada.email), [
      [a, 1],
      [b, 2],
    ]);
    const response = await postCheckout(app, ada.cookie, { addressId, shippingMethodId: methodId });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = (response.json() as { insertedId: string }).insertedId;
    await payOrder(app, ada, orderId);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', orderId).execute();
    const order = await orderRow(app, orderId);
    expect([order.shipping_cents, order.tax_cents, order.total_cents]).toEqual([1000, 1650, 27_150]);
    return { orderId, a, b };
  }

  it('an order with a core deposit returned whole refunds what was paid, to the cent (the deposit carries no tax or shipping share)', async () => {
    const { orderId, a, b } = await boughtWithDeposit();
    // The old core first: its deposit…
    const core = await refunded('core', [{ partId: a, quantity: 1 }], orderId);
    expect(core.refundAmount).toBe(45);
    // …so A returned then gives back its price, tax and shipping, not the deposit again.
    const first = await refunded('defective', [{ partId: a, quantity: 1 }, { partId: b, quantity: 1 }], orderId);
    // A: $100 + $8.25 tax + $5 shipping; one B of two: $50 + $4.12 + $2.50 (the first unit's share rounds down)…
    expect(first.refundAmount).toBe(169.87);
    // …and the second unit gets the cent left: $50 + $4.13 + $2.50.
    const second = await refunded('damaged-in-transit', [{ partId: b, quantity: 1 }], orderId);
    expect(second.refundAmount).toBe(56.63);
    const notes = await app.db.selectFrom('credit_notes').select('amount_cents').where('order_id', '=', orderId).execute();
    expect(notes.reduce((sum, note) => sum + note.amount_cents, 0)).toBe(27_150);

    // Each credit note lists what it credits, tax (rate and jurisdiction) and shipping apart.
    const firstNote = await creditNoteText(orderId, first);
    expect(firstNote).toMatch(/ 1 \$100\.00 \$100\.00/);
    expect(firstNote).toMatch(/ 1 \$50\.00 \$50\.00/);
    expect(firstNote).toContain('Lines credited $150.00');
    expect(firstNote).toContain('Illinois sales tax 8.25 % $12.37');
    expect(firstNote).toContain('Shipping (Flat) $7.50');
    expect(firstNote).toContain('Total credited $169.87');
    expect(firstNote).not.toContain('Core deposit');
    // A core return's note: the deposit, not the part's price, and no tax or shipping row.
    const coreNote = await creditNoteText(orderId, core);
    expect(coreNote).toMatch(/Core deposit.* 1 \$45\.00 \$45\.00/);
    expect(coreNote).toContain('Lines credited $45.00');
    expect(coreNote).toContain('Total credited $45.00');
    expect(coreNote).not.toContain('$100.00');
    expect(coreNote).not.toMatch(/Shipping|Tax/);
  });

  it('a part returned gives back its core deposit with it; no core of it can be sent after (decision 109)', async () => {
    const { orderId, a, b } = await boughtWithDeposit();
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'wrong-part-sent' });
    expectReply(await approve(created.id), 200);
    // The admin sees the deposit in the refund before receiving.
    const preview = await call(app, byToken(admin), { method: 'GET', url: `/api/admin/returns/${created.id}/refund-preview` });
    expectReply(preview, 200);
    expect(preview.json()).toMatchObject({
      lines: [
        { partId: a, kind: 'part', quantity: 1, amount: 100 },
        { partId: a, kind: 'core-deposit', quantity: 1, amount: 45 },
      ],
      units: 145,
      tax: 8.25,
      shipping: 5,
      amount: 158.25,
    });
    const done = await shown(await receive(created.id, [{ partId: a, quantity: 1, action: 'restock' }]));
    expect(done.refundAmount).toBe(158.25);
    // The customer's returns say the deposit went back, so the return form offers no core of it (decision 156).
    const mine = await call(app, byToken(ada), { method: 'GET', url: '/api/returns' });
    expect(mine.json<ReturnRequest[]>().find((ret) => ret.id === done.id)?.lines).toEqual([expect.objectContaining({ partId: a, quantity: 1, depositsBack: 1 })]);
    const note = await creditNoteText(orderId, done);
    expect(note).toMatch(/Core deposit.* 1 \$45\.00 \$45\.00/);
    expect(note).toContain('Lines credited $145.00');
    expect(note).toContain('Total credited $158.25');
    // The deposit went back with the part: no core of it is left to send.
    expectReply(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'core' }), 409, returnMessages.depositWentBackWithPart);
    // The rest of the order returned: every cent paid back, the deposit once.
    const rest = await refunded('defective', [{ partId: b, quantity: 2 }], orderId);
    expect(rest.refundAmount).toBe(100 + 8.25 + 5);
    const notes = await app.db.selectFrom('credit_notes').select('amount_cents').where('order_id', '=', orderId).execute();
    expect(notes.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(27_150);
  });

  it('keeps the tax on the shipping with the shipping: a return that keeps the shipping refunds the goods’ tax only (decision 109)', async () => {
    // New York at 8.25 %, shipping taxed: 2 × $100.00 + $10.00 shipping, tax 8.25 % of $210.00 = $17.33, total $227.33.
    await app.db.deleteFrom('tax_rates').where('country', '=', 'US').where('region', '=', 'NY').execute();
    await insertTaxRate(app, { country: 'US', region: 'NY', ratePpm: 82_500, appliesToShipping: true });
    const userId = await userIdOf(app, ada.email);
    const inNewYork = await insertAddress(app, userId, { region: 'NY' });
    const part = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    await fillCart(app, userId, [[part, 2]]);
    const response = await postCheckout(app, ada.cookie, { addressId: inNewYork, shippingMethodId: methodId });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = (response.json() as { insertedId: string }).insertedId;
    await payOrder(app, ada, orderId);
    await app.db.updateTable('orders').set({ status: 'delivered', shipped_at: new Date(), delivered_at: new Date() }).where('id', '=', orderId).execute();
    const order = await orderRow(app, orderId);
    expect([order.tax_cents, order.total_cents]).toEqual([1733, 22_733]);

    // Does not fit (no fit promise): the customer keeps the shipping, and the shop its tax.
    const done = await refunded('does-not-fit', [{ partId: part, quantity: 2 }], orderId);
    expect(done.refundAmount).toBe(216.5);
    const note = await creditNoteText(orderId, done);
    expect(note).toContain('Lines credited $200.00');
    expect(note).toContain('New York sales tax 8.25 % $16.50');
    expect(note).toContain('Total credited $216.50');
    expect(note).not.toMatch(/Shipping/);
    // The order keeps its tax in its two parts.
    expect((await orderRow(app, orderId)).shipping_tax_cents).toBe(83);
  });
});

describe('an order on account (decision 081)', () => {
  it('credits a core’s deposit to the company’s ledger, not a card, and says so; its rest cancelled at the same time is credited once beside it', async () => {
    const [owner, buyer] = await Promise.all([signUpCustomer(app, 'acct-owner'), signUpCustomer(app, 'acct-buyer')]);
    const company = await createTestCompany(app, admin, owner);
    await joinCompany(app, company, buyer, 'buyer', async (email) => invitationToken((await smtp.waitFor(email, /^Join /)).text));
    const part = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    await app.db.updateTable('parts').set({ core_deposit_cents: 4_500 }).where('id', '=', part).execute();
    await fillCart(app, await userIdOf(app, buyer.email), [[part, 2]]);
    const placed = await call(app, byCookie(buyer), {
      method: 'POST',
      url: '/api/checkout',
      payload: { locationId: company.locationId, shippingMethodId: company.shippingMethodId, paymentMethod: 'account', poNumber: 'PO-7' },
    });
    expectReply(placed, 200);
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    // 2 × $100 + 2 × $45 deposits (untaxed) + $5 shipping + 8.25 % of $200: $311.50, invoiced, no card.
    expect(await orderRow(app, orderId)).toMatchObject({ total_cents: 31_150, transaction_id: null, payment_method: 'account' });
    const shipped = await call(app, byToken(admin), {
      method: 'POST',
      url: `/api/admin/order/${orderId}/ship`,
      payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId: part, quantity: 1 }] },
    });
    expectReply(shipped, 200);

    const core = await requested(buyer, { orderId, lines: [{ partId: part, quantity: 1 }], reason: 'core' });
    expectReply(await approve(core.id), 200);
    // The admin receives the core while the buyer cancels the unshipped rest.
    const [received, cancelled] = await Promise.all([
      receive(core.id, [{ partId: part, quantity: 1, action: 'scrap' }]),
      call(app, byCookie(buyer), { method: 'DELETE', url: `/api/myorder?id=${orderId}` }),
    ]);
    expect(await shown(received)).toMatchObject({ status: 'refunded', refundAmount: 45, paymentMethod: 'account' });
    // The rest: one $100 unit, its $8.25 tax, its $2.50 of shipping and its $45 deposit.
    expectReply(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ deletedCount: 1, refunded: 155.75 });
    const ledger = await app.db.selectFrom('company_ledger').select(['kind', 'amount_cents']).where('order_id', '=', orderId).orderBy('amount_cents', 'desc').execute();
    expect(ledger).toEqual([
      { kind: 'invoice', amount_cents: 31_150 },
      { kind: 'credit-note', amount_cents: -4_500 },
      { kind: 'credit-note', amount_cents: -15_575 },
    ]);
    // My Returns says where it went, as the e-mail does.
    const mine = (await call(app, byCookie(buyer), { method: 'GET', url: '/api/returns' })).json() as ReturnRequest[];
    expect(mine.find((ret) => ret.id === core.id)).toMatchObject({ paymentMethod: 'account', refundAmount: 45 });
    const mail = await smtp.waitFor(buyer.email, new RegExp(`Return ${core.rmaNumber} refunded`));
    expect(mail.text).toContain('credited it to your company’s account');
    // So does the order's timeline: credited, not refunded.
    const page = await call(app, byCookie(buyer), { method: 'GET', url: `/api/orders/by-number/${(await orderRow(app, orderId)).order_number}` });
    // The return's refund, and the unshipped rest's, each saying what it was (decision 192).
    expect((page.json() as Order).timeline.filter((event) => event.kind === 'refund').map((event) => event.label).sort()).toEqual([
      expect.stringMatching(/^Credited to account \$45\.00 \(credit note CN-\d{6}\)$/),
      expect.stringMatching(/^The unshipped rest cancelled and credited to account \$155\.75 \(credit note CN-\d{6}\)$/),
    ]);
    // A card order's return says card.
    const { orderId: cardOrder, a } = await bought();
    const cardReturn = await requested(ada, { orderId: cardOrder, lines: [{ partId: a, quantity: 1 }], reason: 'defective' });
    expect(await shown(await call(app, byToken(ada), { method: 'GET', url: `/api/returns/${cardReturn.id}` }))).toMatchObject({ paymentMethod: 'card' });
  });
});

describe('admins deciding', () => {
  it('restocks received lines once; two admins receiving at once refund once', async () => {
    const { orderId, a, b } = await bought();
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }, { partId: b, quantity: 2 }], reason: 'defective' });
    expectReply(await approve(created.id), 200);
    const [stockA, stockB] = [await stockOf(app, a), await stockOf(app, b)];
    const lines = [
      { partId: a, quantity: 1, action: 'restock' },
      { partId: b, quantity: 2, action: 'scrap' },
    ];
    const audits = await auditCount(app);
    const replies = await Promise.all([receive(created.id, lines), receive(created.id, lines)]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(await stockOf(app, a)).toBe(stockA + 1);
    expect(await stockOf(app, b)).toBe(stockB);
    const notes = await app.db.selectFrom('credit_notes').selectAll().where('return_id', '=', created.id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]?.amount_cents).toBe(22_650);
    // Once more later: nothing more.
    const again = await receive(created.id, lines);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(app, a)).toBe(stockA + 1);
    expect((await auditCount(app)) - audits).toBe(2);
    const actions = await app.db.selectFrom('audit_log').select('action').where('target', '=', `return ${created.rmaNumber}`).execute();
    expect(actions.map((row) => row.action).sort()).toEqual(['return.approve', 'return.receive', 'return.refund']);
  });

  it('rejects with a reason the customer is sent; a rejected request frees its line', async () => {
    const { orderId, a } = await bought();
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'does-not-fit' });
    // An action other than restock or scrap is said, not "This request is not valid." (decision 220).
    expectReply(await receive(created.id, [{ partId: a, quantity: 1, action: 'burn' }]), 400, returnMessages.receiveAction);
    const rejected = await shown(await reject(created.id, 'Installed parts cannot be returned'));
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Installed parts cannot be returned' });
    expectReply(await reject(created.id, 'again'), 409, returnMessages.notRejectable);
    expectReply(await approve(created.id), 409, returnMessages.notApprovable);
    const mail = await smtp.waitFor(ada.email, new RegExp(`Return ${created.rmaNumber} not accepted`));
    expect(mail.text).toContain('Why: Installed parts cannot be returned');
    await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective' });
  });

  it('refuses every move the return table does not allow, and writes nothing: a requested or rejected return is not received (decision 137)', async () => {
    const { orderId, a, b } = await bought();
    const lineA = [{ partId: a, quantity: 1, action: 'restock' }];
    const asked = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective' });
    const stock = await stockOf(app, a);
    const audits = await auditCount(app);
    // Requested: received only once approved.
    expectReply(await receive(asked.id, lineA), 409, returnMessages.notReceivable);
    // Rejected: never received, approved or rejected again; no refund worked out, no stock back.
    expectReply(await reject(asked.id, 'Installed parts cannot be returned'), 200);
    expectReply(await receive(asked.id, lineA), 409, returnMessages.notReceivable);
    expectReply(await call(app, byToken(admin), { method: 'GET', url: `/api/admin/returns/${asked.id}/refund-preview` }), 409, returnMessages.notReceivable);
    expectReply(await approve(asked.id), 409, returnMessages.notApprovable);
    expectReply(await reject(asked.id, 'again'), 409, returnMessages.notRejectable);
    const row = await app.db.selectFrom('returns').selectAll().where('id', '=', asked.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', refund_cents: null, received_at: null, refunded_at: null, credit_note_number: null });
    expect(await app.db.selectFrom('return_lines').select('action').where('return_id', '=', asked.id).execute()).toEqual([{ action: null }]);
    expect(await stockOf(app, a)).toBe(stock);
    expect(await app.db.selectFrom('credit_notes').select('number').where('return_id', '=', asked.id).execute()).toEqual([]);
    // Approved: decided once; neither approved nor rejected again.
    const other = await requested(ada, { orderId, lines: [{ partId: b, quantity: 2 }], reason: 'defective' });
    expectReply(await approve(other.id), 200);
    expectReply(await approve(other.id), 409, returnMessages.notApprovable);
    expectReply(await reject(other.id, 'Too late'), 409, returnMessages.notRejectable);
    expect(await shown(await call(app, byToken(ada), { method: 'GET', url: `/api/returns/${other.id}` }))).toMatchObject({ status: 'approved', rejectionReason: null });
    // Only the reject and the approval were done, and audited.
    expect((await auditCount(app)) - audits).toBe(2);
  });

  it('lists by status, for admins only', async () => {
    const { orderId, a } = await bought();
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'defective' });
    const list = await call(app, byToken(admin), { method: 'GET', url: '/api/admin/returns?status=requested' });
    expectReply(list, 200);
    const items = list.json() as { id: string; status: string; email: string }[];
    expect(items.find((item) => item.id === created.id)).toMatchObject({ status: 'requested', email: ada.email });
    expect(items.every((item) => item.status === 'requested')).toBe(true);
    expectReply(await call(app, byToken(ada), { method: 'GET', url: '/api/admin/returns' }), 403);
    expectReply(await call(app, byToken(ada), { method: 'POST', url: `/api/admin/returns/${created.id}/approve`, payload: {} }), 403);
    expectReply(await call(app, byCookie(admin), { method: 'PUT', url: '/api/admin/settings', payload: { restockingFeePercent: 101 } }), 400);
  });

  it('pages the list in Manage All Orders’ parameters, newest first, each return on exactly one page (decision 182)', async () => {
    // Two reasons asked together make two returns of one time: the RMA number orders them.
    for (const { orderId, a, b } of [await bought(), await bought()]) {
      await requested(ada, { orderId, lines: [{ partId: a, quantity: 1, reason: 'defective' }, { partId: b, quantity: 2, reason: 'no-longer-needed' }] });
    }
    const rows = await app.db.selectFrom('returns').select(['id', 'status', 'created_at', 'rma_number']).execute();
    const newestFirst = rows
      .sort((x, y) => y.created_at.getTime() - x.created_at.getTime() || Number(y.rma_number) - Number(x.rma_number))
      .map((row) => ({ id: row.id, status: row.status }));
    expect(newestFirst.length).toBeGreaterThan(3);
    const pageOf = async (query: string) => {
      const reply = await call(app, byToken(admin), { method: 'GET', url: `/api/admin/returns?${query}` });
      expectReply(reply, 200);
      return (reply.json() as { id: string; status: string }[]).map(({ id, status }) => ({ id, status }));
    };
    // Three a page, to the end: every return once, in order; the page after the last is empty.
    const pages = [];
    for (let page = 1; page <= Math.ceil(newestFirst.length / 3) + 1; page += 1) pages.push(await pageOf(`pageSize=3&page=${page}`));
    expect(pages.flat()).toEqual(newestFirst);
    expect(pages.slice(0, -2).every((page) => page.length === 3)).toBe(true);
    expect(pages.at(-1)).toEqual([]);
    // Without pageSize, the newest 200, as before the list was paged; a status pages within it.
    expect(await pageOf('')).toEqual(newestFirst.slice(0, 200));
    expect(await pageOf('pageSize=200')).toEqual(newestFirst.slice(0, 200));
    const requestedOnes = newestFirst.filter((row) => row.status === 'requested');
    expect(await pageOf('status=requested&pageSize=2&page=2')).toEqual(requestedOnes.slice(2, 4));
    // Manage All Orders' page bounds; at most 200 a page; digits only (`0x2` was page 2, decision 188).
    for (const query of ['page=0', 'page=10001', 'pageSize=0', 'pageSize=201', 'page=two', 'page=0x2', 'pageSize=1e1', 'page=%202%20']) {
      expectReply(await call(app, byToken(admin), { method: 'GET', url: `/api/admin/returns?${query}` }), 400);
    }
  });

  it('a warranty claim replaced: a $0 order of the line, taking stock, naming the order it replaces', async () => {
    const { orderId, a } = await bought({ daysAgo: 200 });
    expectReply(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'Stopped working' }), 409, returnMessages.noWarranty);
    await app.db.updateTable('parts').set({ warranty_months: 12 }).where('id', '=', a).execute();
    expectReply(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty' }), 400, returnMessages.warrantyNeedsNote);
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'Stopped working' });
    expectReply(await approve(created.id), 400, returnMessages.resolutionNeeded);
    // A resolution the shop does not have is said in the same words, not "This request is not valid." (decision 220).
    expectReply(await approve(created.id, { resolution: 'swap' }), 400, returnMessages.resolutionNeeded);
    const stock = await stockOf(app, a);
    const done = await shown(await approve(created.id, { resolution: 'replace' }));
    expect(done).toMatchObject({ status: 'replaced', resolution: 'replace', replacementOrderId: expect.any(String) });
    expect(await stockOf(app, a)).toBe(stock - 1);
    const replacement = await orderRow(app, done.replacementOrderId!);
    expect(replacement).toMatchObject({ status: 'paid', total_cents: 0, replaces_order_id: orderId, email: ada.email });
    // Its number, for the claim's card to link the replacement's page.
    expect(done.replacementOrderNumber).toBe(String(replacement.order_number));
    const approvedMail = await smtp.waitFor(ada.email, new RegExp(`Return ${created.rmaNumber} approved: a replacement is on its way`));
    expect(approvedMail.text).toContain(`Replacement order: ${String(replacement.order_number)}\n`);
    // The claimed order's timeline names the replacement, as the e-mail does.
    const page = await call(app, byToken(ada), { method: 'GET', url: `/api/order/${orderId}` });
    expectReply(page, 200);
    expect((page.json() as Order).timeline.map((event) => event.label)).toContain(
      `Return ${created.rmaNumber} approved with a replacement, order ${String(replacement.order_number)}`,
    );
    const lines = await app.db.selectFrom('order_lines').selectAll().where('order_id', '=', replacement.id).execute();
    expect(lines).toEqual([expect.objectContaining({ part_id: a, quantity: 1, unit_price_cents: 0 })]);

    // A claim of several lines: the replacement records every unit claimed, not the first line's.
    const both = await bought({ daysAgo: 100 });
    await app.db.updateTable('parts').set({ warranty_months: 12 }).where('id', 'in', [both.a, both.b]).execute();
    const claim = await requested(ada, { orderId: both.orderId, lines: [{ partId: both.a, quantity: 1 }, { partId: both.b, quantity: 2 }], reason: 'warranty', note: 'Both failed' });
    const replaced = await shown(await approve(claim.id, { resolution: 'replace' }));
    expect(await orderRow(app, replaced.replacementOrderId!)).toMatchObject({ quantity: 3, total_cents: 0 });

    await app.db.updateTable('parts').set({ warranty_months: 6 }).where('id', '=', a).execute();
    const other = await bought({ daysAgo: 200 });
    await app.db.updateTable('parts').set({ warranty_months: 6 }).where('id', '=', other.a).execute();
    expectReply(await ask(ada, { orderId: other.orderId, lines: [{ partId: other.a, quantity: 1 }], reason: 'warranty', note: 'Broke' }), 409, returnMessages.warrantyExpired);
  });

  it('a warranty claim of a part renumbered since is replaced by the part it is sold as now, from that part’s stock (decision 175)', async () => {
    const { orderId, a } = await bought({ daysAgo: 100 });
    const renumbered = await insertWeighedPart(app, { priceCents: 10_000, weightGrams: 1000, available: 10 });
    // Renumbered: the old number's stock went with it; the old number is on the order, the claim and its page.
    await app.db.updateTable('parts').set({ warranty_months: 12, lifecycle_code: '6', replaced_by: renumbered, available_quantity: 0 }).where('id', '=', a).execute();
    const ordered = await app.db.selectFrom('order_lines').select('part_number').where('order_id', '=', orderId).where('part_id', '=', a).executeTakeFirstOrThrow();
    const claim = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'Stopped working' });
    const done = await shown(await approve(claim.id, { resolution: 'replace' }));
    expect(done).toMatchObject({ status: 'replaced', replacementOrderId: expect.any(String) });
    const current = await app.db.selectFrom('parts').select('part_number').where('id', '=', renumbered).executeTakeFirstOrThrow();
    const lines = await app.db.selectFrom('order_lines').selectAll().where('order_id', '=', done.replacementOrderId!).execute();
    expect(lines).toEqual([expect.objectContaining({ part_id: renumbered, part_number: current.part_number, quantity: 1, unit_price_cents: 0 })]);
    expect(await stockOf(app, renumbered)).toBe(9);
    expect(await stockOf(app, a)).toBe(0);
    // The claimed order still says the number it was sold under.
    expect(await app.db.selectFrom('order_lines').select('part_number').where('order_id', '=', orderId).where('part_id', '=', a).executeTakeFirstOrThrow()).toEqual(ordered);
  });

  it('a warranty replacement: its customer cannot cancel it; an admin cancels it before it ships, its stock back once and its claim open again (decision 110)', async () => {
    const { orderId, b } = await bought({ daysAgo: 100 });
    await app.db.updateTable('parts').set({ warranty_months: 12 }).where('id', '=', b).execute();
    const claim = await requested(ada, { orderId, lines: [{ partId: b, quantity: 2 }], reason: 'warranty', note: 'Both rattle' });
    const stock = await stockOf(app, b);
    const replaced = await shown(await approve(claim.id, { resolution: 'replace' }));
    const replacementId = replaced.replacementOrderId!;
    expect(await stockOf(app, b)).toBe(stock - 2);
    const mineNow = async () => shown(await call(app, byToken(ada), { method: 'GET', url: `/api/returns/${claim.id}` }));

    // Its customer's cancel is refused: the claim hangs on it, and the units stay claimed.
    expectReply(await call(app, byCookie(ada), { method: 'DELETE', url: `/api/myorder?id=${replacementId}` }), 409, apiErrors.replacementNotCancellable);
    expect(await orderRow(app, replacementId)).toMatchObject({ status: 'paid' });
    expect(await mineNow()).toMatchObject({ status: 'replaced', replacementOrderId: replacementId });
    expect(await stockOf(app, b)).toBe(stock - 2);

    // An admin's cancel: no refund (nothing was paid), the stock back, the claim requested again.
    const cancelled = await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${replacementId}/cancel` });
    expectReply(cancelled, 200);
    expect(cancelled.json()).toEqual({ deletedCount: 1 });
    expect(await orderRow(app, replacementId)).toMatchObject({ status: 'cancelled', invoice_number: null });
    expect(await stockOf(app, b)).toBe(stock);
    expect(await mineNow()).toMatchObject({ status: 'requested', resolution: null, replacementOrderId: null });
    const mail = await smtp.waitFor(ada.email, new RegExp(`Order ${String((await orderRow(app, replacementId)).order_number)} cancelled`));
    expect(mail.text).toContain(returnMessages.claimOpenAgain(claim.rmaNumber));
    // Once: a second cancel finds it ended (409, decision 135), and the stock is not given back twice.
    expectReply(
      await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${replacementId}/cancel` }),
      409,
      adminMessages.orderEnded(String((await orderRow(app, replacementId)).order_number), 'cancelled'),
    );
    expect(await stockOf(app, b)).toBe(stock);
    // While the claim is open its units stay claimed.
    expectReply(await ask(ada, { orderId, lines: [{ partId: b, quantity: 1 }], reason: 'warranty', note: 'Again' }), 409, returnMessages.alreadyRequested);

    // Decided again: a new replacement, which, once part of it has shipped, nobody cancels.
    const again = await shown(await approve(claim.id, { resolution: 'replace' }));
    expect(again).toMatchObject({ status: 'replaced', replacementOrderId: expect.any(String) });
    expect(again.replacementOrderId).not.toBe(replacementId);
    expect(await stockOf(app, b)).toBe(stock - 2);
    const shipPart = await call(app, byToken(admin), {
      method: 'POST',
      url: `/api/admin/order/${again.replacementOrderId}/ship`,
      payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId: b, quantity: 1 }] },
    });
    expectReply(shipPart, 200);
    expect(await orderRow(app, again.replacementOrderId!)).toMatchObject({ status: 'partially_shipped' });
    expectReply(await call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${again.replacementOrderId}/cancel` }), 409, apiErrors.replacementNotCancellable);
    expectReply(await call(app, byCookie(ada), { method: 'DELETE', url: `/api/myorder?id=${again.replacementOrderId}` }), 409, apiErrors.replacementNotCancellable);
    expect(await mineNow()).toMatchObject({ status: 'replaced', replacementOrderId: again.replacementOrderId });
  });

  it('a warranty claim refunded: approved with a refund, which waits for the part; a photo must exist', async () => {
    const { orderId, a } = await bought({ daysAgo: 100 });
    await app.db.updateTable('parts').set({ warranty_months: 24 }).where('id', '=', a).execute();
    const unknownPhoto = '00000000-0000-4000-8000-000000000000';
    expectReply(await ask(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'Leaks', photo: unknownPhoto }), 404, returnMessages.photoNotFound);
    const created = await requested(ada, { orderId, lines: [{ partId: a, quantity: 1 }], reason: 'warranty', note: 'Leaks' });
    expect(await shown(await approve(created.id, { resolution: 'refund' }))).toMatchObject({ status: 'approved', resolution: 'refund', refundAmount: null });
    const done = await shown(await receive(created.id, [{ partId: a, quantity: 1, action: 'scrap' }]));
    // The price and its tax; a warranty claim is not a fault of the delivery, so no shipping.
    expect(done).toMatchObject({ status: 'refunded', refundAmount: 108.25 });
  });

  it('keeps its RMA format', () => {
    expect(formatRmaNumber(123)).toBe('RMA-000123');
  });
});

describe('My Returns’ list (decision 138)', () => {
  it('holds every open return however many newer ones there are, so the return form sees it on its line', async () => {
    const { orderId, a } = await bought();
    const open = await requested(ada, { orderId, reason: 'no-longer-needed', lines: [{ partId: a, quantity: 1 }] });
    // 200 newer returns, decided (rejected): the newest 200 alone left the open one out.
    const adaId = await userIdOf(app, ada.email);
    const base = Date.now() + 60_000;
    const inserted = await app.db
      .insertInto('returns')
      .values(Array.from({ length: 200 }, (_, index) => ({ rma_number: 9_000_000 + index, order_id: orderId, user_id: adaId, reason: 'defective' as const, status: 'rejected' as const, rejection_reason: 'Test', created_at: new Date(base + index * 1000) })))
      .returning('id')
      .execute();
    try {
      const mine = await call(app, byCookie(ada), { method: 'GET', url: '/api/returns' });
      expectReply(mine, 200);
      const list = mine.json() as ReturnRequest[];
      // The 200 newest, and every open one older than them: this one among them.
      expect(list.slice(0, 200).every((item) => item.status === 'rejected')).toBe(true);
      expect(list.find((item) => item.id === open.id)).toMatchObject({ status: 'requested' });
    } finally {
      await app.db.deleteFrom('returns').where('id', 'in', inserted.map((row) => row.id)).execute();
    }
  });
});
