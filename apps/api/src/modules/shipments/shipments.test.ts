import { apiErrors, formatCreditNoteNumber, invoiceMessages, shipmentMessages, timelineMessages, type OrderDetail } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byCookie, byToken, call, expectInvalid, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { issueCreditNote } from '../invoices/repository';
import { fillCart, insertAddress, insertShippingMethod, insertTaxRate, insertWeighedPart, postCheckout, userIdOf } from '../../test/checkout';
import { cancelOrderRequest, orderRow, signUpAdmin, signUpCustomer, stockOf, type Customer } from '../../test/orders';
import { pdfText } from '../../test/pdf';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { eventually } from '../../test/wait';

// Shipments with tracking, delivery and cancelling the rest: the real app on PGlite, the real SMTP
// test server, and the Stripe stand-in at the payment boundary.
let app: FastifyInstance;
let smtp: TestSmtpServer;
let stripeApi: StripeStandIn;
let admin: Customer;
let otherAdmin: Customer;
let ada: Customer;
let addressId: string;
let methodId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stripeApi = await startStripeStandIn();
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.url },
  });
  [admin, otherAdmin, ada] = await Promise.all([signUpAdmin(app, 'ship-admin'), signUpAdmin(app, 'ship-admin-2'), signUpCustomer(app, 'ship-ada')]);
  addressId = await insertAddress(app, await userIdOf(app, ada.email), { region: 'IL', isDefault: true });
  methodId = await insertShippingMethod(app, { name: 'Ship test ground', baseCents: 1000 });
  // The demo shop's own rate for Illinois gives way to this test's.
  await app.db.deleteFrom('tax_rates').where('country', '=', 'US').where('region', '=', 'IL').execute();
  await insertTaxRate(app, { country: 'US', region: 'IL', ratePpm: 72_500 });
});

afterAll(async () => {
  await app?.close();
  await stripeApi?.stop();
  await smtp?.close();
});

let paymentNumber = 0;

/**
 * Ada's paid order of 3 × $10.00 (line 1) and 2 × $25.00 (line 2), shipped by ground for $10.00,
 * with 7.25 % tax on the parts: $80.00 + $10.00 + $5.80 = $95.80.
 */
async function paidOrder(priceCentsOfA = 1000) {
  const [a, b] = [await insertWeighedPart(app, { priceCents: priceCentsOfA, weightGrams: 100, available: 20 }), await insertWeighedPart(app, { priceCents: 2500, weightGrams: 100, available: 20 })];
  await fillCart(app, await userIdOf(app, ada.email), [
    [a, 3],
    [b, 2],
  ]);
  const response = await postCheckout(app, ada.cookie, { addressId, shippingMethodId: methodId });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = (response.json() as { insertedId: string }).insertedId;
  // As Stripe's verified webhook records a payment.
  await app.db
    .updateTable('orders')
    .set({ status: 'paid', payment_provider: 'stripe', transaction_id: `pi_ship_${++paymentNumber}`, paid_at: new Date() })
    .where('id', '=', orderId)
    .execute();
  return { orderId, a, b };
}

const ship = (orderId: string, body?: object, who: Customer = admin) =>
  call(app, byToken(who), { method: 'POST', url: `/api/admin/order/${orderId}/ship`, ...(body ? { payload: body } : {}) });
const deliver = (orderId: string) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/order/${orderId}/deliver` });
const orderPage = async (orderId: string): Promise<OrderDetail> => {
  const response = await call(app, byToken(ada), { method: 'GET', url: `/api/order/${orderId}` });
  expectReply(response, 200);
  return response.json();
};

async function mailsAbout(orderId: string): Promise<ReceivedMail[]> {
  await eventually(async () => (await app.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute()).length === 0);
  const { order_number: number } = await orderRow(app, orderId);
  return smtp.received.filter((mail) => mail.to === ada.email && mail.text.includes(`Order: ${number}\n`));
}

describe('shipping an order in parts', () => {
  it('ships part with UPS, then the rest; the customer sees each parcel, its link and the timeline, and gets an e-mail for each and for delivery', async () => {
    const { orderId, a, b } = await paidOrder();
    const audits = await auditCount(app);

    const first = await ship(orderId, { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId: a, quantity: 1 }] });
    expectReply(first, 200);
    expect(first.json()).toEqual({ modifiedCount: 1, shipmentId: expect.any(String), status: 'partially_shipped' });
    expect((await orderRow(app, orderId)).status).toBe('partially_shipped');

    let page = await orderPage(orderId);
    expect(page.status).toBe('partially_shipped');
    expect(page.shipments).toEqual([
      {
        id: first.json().shipmentId,
        carrier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: expect.any(String),
        lines: [expect.objectContaining({ partId: a, quantity: 1 })],
      },
    ]);

    // No lines: everything left goes.
    const rest = await ship(orderId, { carrier: 'fedex', trackingNumber: '612999AA1012' });
    expectReply(rest, 200);
    expect(rest.json()).toMatchObject({ status: 'shipped' });
    page = await orderPage(orderId);
    expect(page.shipments[1]?.lines).toEqual([expect.objectContaining({ partId: a, quantity: 2 }), expect.objectContaining({ partId: b, quantity: 2 })]);
    expectReply(await ship(orderId, { carrier: 'ups', trackingNumber: '1Z999AA10123456785' }), 409, shipmentMessages.notShippable);

    expectReply(await deliver(orderId), 200);
    expectReply(await deliver(orderId), 409, shipmentMessages.notDeliverable);
    page = await orderPage(orderId);
    expect(page).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String), paid: true });
    expect(page.timeline.map((event) => event.kind)).toEqual(['placed', 'paid', 'shipment', 'shipment', 'delivered']);
    expect(page.timeline[2]).toMatchObject({ url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', label: 'Shipment 1: 1 item by UPS, tracking 1Z 999 AA1 01 2345 6784' });
    expect(await auditCount(app)).toBe(audits + 3);

    const mails = await mailsAbout(orderId);
    const number = String((await orderRow(app, orderId)).order_number);
    const partly = mails.find((mail) => mail.subject.startsWith(`Part of order ${number} shipped`));
    // Grouped as UPS prints it; the link takes it as typed.
    expect(partly?.text).toContain('Tracking number: 1Z 999 AA1 01 2345 6784');
    expect(partly?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(partly?.html).toContain('UPS');
    expect(mails.find((mail) => mail.subject.startsWith(`Order ${number} shipped`))?.text).toContain('Carrier: FedEx');
    expect(mails.filter((mail) => mail.subject.startsWith(`Order ${number} delivered`))).toHaveLength(1);
  });

  it('records a parcel once: the same tracking number again for the order (a double click, a retry) is a 409 and ships nothing more', async () => {
    const { orderId, a } = await paidOrder();
    const parcel = { carrier: 'ups', trackingNumber: '1Z999AA10123456790', lines: [{ partId: a, quantity: 1 }] };
    const [one, two] = await Promise.all([ship(orderId, parcel), ship(orderId, parcel)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect([one, two].find((reply) => reply.statusCode === 409)?.json()).toEqual({ message: shipmentMessages.trackingTaken });
    // As typed another way (spaces, lower case), it is the same number.
    expectReply(await ship(orderId, { ...parcel, trackingNumber: '1z 999 aa1 01 2345 6790' }), 409, shipmentMessages.trackingTaken);
    const shipped = await app.db.selectFrom('shipment_lines').select('quantity').where('order_id', '=', orderId).execute();
    expect(shipped).toEqual([{ quantity: 1 }]);
    // Another parcel of the order, with its own number, ships.
    expectReply(await ship(orderId, { ...parcel, trackingNumber: '1Z999AA10123456791' }), 200);
    // The same number on another order is that order's business.
    const other = await paidOrder();
    expectReply(await ship(other.orderId, { ...parcel, lines: [{ partId: other.a, quantity: 1 }] }), 200);
  });

  it('keeps the old "mark shipped" (no body): everything ships with carrier other', async () => {
    const { orderId } = await paidOrder();
    expectReply(await ship(orderId), 200);
    const page = await orderPage(orderId);
    expect(page.status).toBe('shipped');
    expect(page.shipments).toEqual([expect.objectContaining({ carrier: 'other', trackingNumber: '', trackingUrl: null })]);
  });

  it('refuses what cannot ship, naming the field or line, and changes nothing', async () => {
    const { orderId, a } = await paidOrder();
    const ups = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };
    expectInvalid(await ship(orderId, { carrier: 'pigeon', trackingNumber: '1Z999AA10123456784' }), shipmentMessages.carrier);
    expectInvalid(await ship(orderId, { carrier: 'ups', trackingNumber: 'no spaces!' }), shipmentMessages.trackingNumber);
    expectReply(await ship(orderId, { ...ups, lines: [{ partId: a, quantity: 1 }, { partId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }), 400, shipmentMessages.unknownLine(1));
    expectReply(await ship(orderId, { ...ups, lines: [{ partId: a, quantity: 4 }] }), 409, shipmentMessages.tooMany(0, 3));
    expectReply(await ship(orderId, { ...ups, lines: [{ partId: a, quantity: 1 }, { partId: a, quantity: 1 }] }), 400, shipmentMessages.duplicateLine(1));
    // A parcel of nothing, or a line of no whole units, in the shop's words, not "This request is not valid."
    expectReply(await ship(orderId, { ...ups, lines: [{ partId: a, quantity: 0 }] }), 400, shipmentMessages.lineQuantity);
    expectReply(await ship(orderId, { ...ups, lines: [{ partId: a, quantity: -1 }] }), 400, shipmentMessages.lineQuantity);
    expectReply(await ship(orderId, { ...ups, lines: [{ partId: a, quantity: 1.5 }] }), 400, shipmentMessages.lineQuantity);
    expectReply(await ship(orderId, { ...ups, lines: [{ partId: a, quantity: '1' }] }), 400, shipmentMessages.lineQuantity);
    expectReply(await ship(orderId, { ...ups, lines: [] }), 400, shipmentMessages.noUnits);
    expectReply(await ship('00000000-0000-4000-8000-000000000000', ups), 404, apiErrors.orderNotFound);
    expectReply(await call(app, byToken(ada), { method: 'POST', url: `/api/admin/order/${orderId}/ship`, payload: ups }), 403);
    expectReply(await deliver(orderId), 409, shipmentMessages.notDeliverable);
    expect(await app.db.selectFrom('shipments').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
    expect((await orderRow(app, orderId)).status).toBe('paid');

    await app.db.updateTable('orders').set({ status: 'unpaid' }).where('id', '=', orderId).execute();
    expectReply(await ship(orderId, ups), 409, shipmentMessages.notShippable);
  });

  it.each([
    ['ups', '1Z 999 AA1 01 2345 6784', '1Z999AA10123456784'],
    ['usps', '9400-1000-0000-0000-0000-00', '9400100000000000000000'],
  ])('takes a %s tracking number as the carrier prints it (%j) and keeps it as %j', async (carrier, typed, kept) => {
    const { orderId } = await paidOrder();

    expectReply(await ship(orderId, { carrier, trackingNumber: typed }), 200);

    const row = await app.db.selectFrom('shipments').select('tracking_number').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row.tracking_number).toBe(kept);
    expect((await orderPage(orderId)).shipments).toEqual([expect.objectContaining({ trackingNumber: kept })]);
  });

  it('never ships more than was ordered when two admins ship at once', async () => {
    const { orderId, a } = await paidOrder();
    const body = { carrier: 'dhl', trackingNumber: 'JD014600006281' };
    const replies = await Promise.all([
      ship(orderId, { ...body, lines: [{ partId: a, quantity: 2 }] }),
      ship(orderId, { ...body, lines: [{ partId: a, quantity: 2 }] }, otherAdmin),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const shipped = await app.db.selectFrom('shipment_lines').select('quantity').where('order_id', '=', orderId).execute();
    expect(shipped.reduce((sum, row) => sum + row.quantity, 0)).toBe(2);
  });
});

describe('cancelling a partly shipped order', () => {
  it('refunds the unshipped units with their share of tax and shipping, to the cent, restocks only them, and issues a credit note', async () => {
    const { orderId, a, b } = await paidOrder();
    expect((await orderRow(app, orderId)).total_cents).toBe(9580);
    expectReply(await ship(orderId, { carrier: 'usps', trackingNumber: '9400111899223', lines: [{ partId: a, quantity: 1 }, { partId: b, quantity: 2 }] }), 200);
    const [stockA, stockB] = [await stockOf(app, a), await stockOf(app, b)];

    const response = await cancelOrderRequest(app, ada.cookie, orderId);

    // 2 × $10.00 left: $20.00 and its part of A's shares (money module: A's line has $2.18 of the
    // $5.80 tax and $3.75 of the $10.00 shipping; units 2–3 of 3 take $2.18 − ⌊$2.18 / 3⌋ = $1.46 and $2.50).
    expectReply(response, 200);
    expect(response.json()).toEqual({ deletedCount: 1, refunded: 23.96 });
    const refunds = stripeApi.requestsTo('/v1/refunds').filter((request) => request.body.payment_intent === `pi_ship_${paymentNumber}`);
    expect(refunds.map((request) => [request.body.amount, request.idempotencyKey])).toEqual([['2396', `cancel-rest-${orderId}`]]);
    expect([await stockOf(app, a), await stockOf(app, b)]).toEqual([stockA + 2, stockB]);
    const notes = await app.db.selectFrom('credit_notes').select(['number', 'amount_cents']).where('order_id', '=', orderId).execute();
    expect(notes.map((note) => note.amount_cents)).toEqual([2396]);
    // Its credit note lists only what it credits: A's two unshipped units, their tax and shipping.
    const note = await call(app, byCookie(ada), { method: 'GET', url: `/api/order/${orderId}/credit-notes/${Number(notes[0]?.number)}.pdf` });
    expect(note.statusCode, note.body).toBe(200);
    const text = await pdfText(note.rawPayload);
    expect(text).toContain('For: cancellation of the unshipped rest of the order');
    expect(text).toMatch(/ 2 \$10\.00 \$20\.00/);
    expect(text).not.toContain('$25.00');
    expect(text).toContain('Lines credited $20.00');
    expect(text).toMatch(/sales tax [\d.]+ % \$1\.46/);
    expect(text).toContain('Shipping (Ship test ground) $2.50');
    expect(text).toContain('Total credited $23.96');
    const page = await orderPage(orderId);
    expect(page.status).toBe('shipped');
    // The timeline says what happened: the rest cancelled, and refunded (decision 192).
    expect(page.timeline.at(-1)).toMatchObject({
      kind: 'refund',
      label: expect.stringMatching(/^The unshipped rest cancelled and refunded \$23\.96 \(credit note CN-\d{6}\)$/),
    });

    // What went cannot be cancelled.
    expectReply(await cancelOrderRequest(app, ada.cookie, orderId), 409, apiErrors.shippedNotCancellable);
    const restMails = (await mailsAbout(orderId)).filter((mail) => mail.subject.startsWith('The rest of order'));
    expect(restMails).toHaveLength(1);
    // Its message names the credit note, with the refund, and a click away on the order's page, as a cancellation's does.
    const creditNote = formatCreditNoteNumber(Number(notes[0]?.number));
    expect(restMails[0]?.text).toContain('Refund: $23.96 to the card it was paid with\n');
    expect(restMails[0]?.text).toContain(`Credit note: ${creditNote}\n`);
    expect(restMails[0]?.text).toContain(`${invoiceMessages.downloadCreditNote(creditNote)}: ${app.config.baseUrl}/dashboard/orders/${(await orderRow(app, orderId)).order_number}\n`);
  });

  it('cancels a rest that cost $0.00 without a refund or a credit note, and says so in the timeline and the mail (decision 198)', async () => {
    // Line 1 is a free part: once line 2 has gone whole, the rest (3 × $0.00, with no share of the
    // tax or shipping, shared by value) is worth nothing.
    const { orderId, a, b } = await paidOrder(0);
    expectReply(await ship(orderId, { carrier: 'usps', trackingNumber: '9400111899225', lines: [{ partId: b, quantity: 2 }] }), 200);
    const stockA = await stockOf(app, a);
    const response = await cancelOrderRequest(app, ada.cookie, orderId);
    expectReply(response, 200);
    expect(response.json()).toEqual({ deletedCount: 1, refunded: 0 });
    expect(stripeApi.requestsTo('/v1/refunds').filter((request) => request.body.payment_intent === `pi_ship_${paymentNumber}`)).toEqual([]);
    expect(await app.db.selectFrom('credit_notes').select('number').where('order_id', '=', orderId).execute()).toEqual([]);
    expect(await stockOf(app, a)).toBe(stockA + 3);
    const page = await orderPage(orderId);
    expect(page.status).toBe('shipped');
    expect(page.timeline.at(-1)).toMatchObject({ kind: 'cancelled', label: timelineMessages.restCancelledNothingToRefund });
    expect(timelineMessages.restCancelledNothingToRefund).toBe('The unshipped rest cancelled; it cost $0.00, so there is nothing to refund');
    const [restMail] = (await mailsAbout(orderId)).filter((mail) => mail.subject.startsWith('The rest of order'));
    expect(restMail?.text).toContain('Refund: none: what was cancelled cost $0.00\n');
    expect(restMail?.text).not.toContain('The refund is on its way');
    expect(restMail?.text).not.toContain('Credit note');
  });

  it('an admin cancels the rest the same way, audited', async () => {
    const { orderId, a } = await paidOrder();
    expectReply(await ship(orderId, { carrier: 'ups', trackingNumber: '1Z999AA10123456700', lines: [{ partId: a, quantity: 3 }] }), 200);
    const audits = await auditCount(app);
    const response = await call(app, byCookie(admin), { method: 'POST', url: `/api/admin/order/${orderId}/cancel` });
    expectReply(response, 200);
    // 2 × $25.00: $50.00 + $3.62 tax (the tie of the half cent goes to the earlier line) + $6.25 shipping.
    expect(response.json()).toEqual({ deletedCount: 1, refunded: 59.87 });
    expect(await auditCount(app)).toBe(audits + 1);
    expectReply(await ship(orderId, { carrier: 'ups', trackingNumber: '1Z999AA10123456701' }), 409, shipmentMessages.notShippable);
  });

  it('a paid order cancelled whole: its timeline says Cancelled, then the refund (decision 192)', async () => {
    const { orderId } = await paidOrder();
    expectReply(await cancelOrderRequest(app, ada.cookie, orderId), 200);
    const page = await orderPage(orderId);
    expect(page.timeline.slice(-2).map((event) => [event.kind, event.label])).toEqual([
      ['cancelled', 'Cancelled'],
      ['refund', expect.stringMatching(/^Refunded \$95\.80 \(credit note CN-\d{6}\)$/)],
    ]);
  });

  it('answers with this cancel’s refund only, not the order’s earlier ones', async () => {
    const { orderId, a, b } = await paidOrder();
    expectReply(await ship(orderId, { carrier: 'usps', trackingNumber: '9400111899224', lines: [{ partId: a, quantity: 1 }, { partId: b, quantity: 2 }] }), 200);
    // An earlier refund on the order (as a returned line's would be): $5.00.
    await app.db.transaction().execute((trx) => issueCreditNote(trx, app.mail, { orderId, returnId: null, amountCents: 500 }));
    const response = await cancelOrderRequest(app, ada.cookie, orderId);
    expectReply(response, 200);
    expect(response.json()).toEqual({ deletedCount: 1, refunded: 23.96 });
  });
});
