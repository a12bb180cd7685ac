import { currencyMessages, formatCreditNoteNumber, formatDay, formatInvoiceNumber, invoiceMessages, apiErrors, type OrderDetail } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { payOrder } from '../../test/admin';
import { fillCart, insertAddress, insertShippingMethod, insertTaxRate, insertWeighedPart, postCheckout, userIdOf } from '../../test/checkout';
import { cancelOrderRequest, insertPart, orderRow, placeOrder, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { pdfText } from '../../test/pdf';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';
import { createOrdersRepository } from '../orders/repository';

// Invoices and credit notes: gapless numbers taken with the payment and the refund, their PDFs
// (text read back with pdf.js) and who may download them; the receipt links the order's page, which lists its invoice.
let smtp: TestSmtpServer;
let app: FastifyInstance;
let ann: Customer;
let ben: Customer;
let admin: Customer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ env: { SMTP_URL: smtp.url, SHOP_LEGAL_NAME: 'Foundry Parts LLC', SHOP_ADDRESS: '1200 Foundry Road, Detroit, MI 48201' } });
  [ann, ben, admin] = await Promise.all([signUpCustomer(app, 'inv-ann'), signUpCustomer(app, 'inv-ben'), signUpAdmin(app, 'inv-admin')]);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function pay(customer: Customer, orderId: string, cardNumber = '4242 4242 4242 4242') {
  return app.inject({
    method: 'POST',
    url: '/api/payments/test/pay',
    headers: { cookie: customer.cookie },
    payload: { orderId, cardNumber, expiry: '12/34', cvc: '123' },
  });
}

async function invoiceNumberOf(orderId: string): Promise<number | null> {
  const row = await orderRow(app, orderId);
  return row.invoice_number === null ? null : Number(row.invoice_number);
}

function get(url: string, who: Customer | { cookie?: undefined } = {}) {
  return app.inject({ method: 'GET', url, headers: who.cookie ? { cookie: who.cookie } : {} });
}

/** An order of two lines placed at checkout, with an address, a shipping method and tax. */
async function checkedOutOrder(customer: Customer, methodName = 'Ground freight'): Promise<string> {
  const userId = await userIdOf(app, customer.email);
  const addressId = await insertAddress(app, userId, { region: 'MI', name: 'Ann Workshop' });
  const method = await insertShippingMethod(app, { name: methodName, baseCents: 995 });
  const pads = await insertWeighedPart(app, { priceCents: 4550, weightGrams: 800, name: 'Ceramic brake pads' });
  const alternator = await insertWeighedPart(app, { priceCents: 18900, weightGrams: 5000, name: 'Remanufactured alternator' });
  await fillCart(app, userId, [
    [pads, 2],
    [alternator, 1],
  ]);
  const reply = await postCheckout(app, customer.cookie, { addressId, shippingMethodId: method, poNumber: 'PO-7731' });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { insertedId: string }).insertedId;
}

describe('invoice numbers', () => {
  it('are consecutive across payments; a declined or repeated payment, or an unpaid order, takes none', async () => {
    const partId = await insertPart(app, { available: 100 });
    const orders = await Promise.all([1, 2, 3, 4].map(() => placeOrder(app, ann, partId, 1)));
    const [a, b, c, d] = orders as [string, string, string, string];

    await payOrder(app, ann, a);
    const first = await invoiceNumberOf(a);
    expect(first).not.toBeNull();

    // Declined: the order stays unpaid and no number is taken.
    const declined = await pay(ann, b, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(await invoiceNumberOf(b)).toBeNull();

    // Paid twice at once, and the provider's word repeated: one number.
    const twice = await Promise.all([pay(ann, b), pay(ann, b)]);
    expect(twice.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const repository = createOrdersRepository(app.db, app.mail, app.jobs);
    expect(await repository.markPaid(b, 'test', 'test_repeated')).toBeUndefined();
    expect(await invoiceNumberOf(b)).toBe((first ?? 0) + 1);

    await payOrder(app, ann, c);
    expect(await invoiceNumberOf(c)).toBe((first ?? 0) + 2);
    // Still unpaid: no invoice, and no number.
    expect(await invoiceNumberOf(d)).toBeNull();

    const detail = (await get(`/api/order/${c}`, ann)).json() as OrderDetail;
    expect(detail.invoiceNumber).toBe(formatInvoiceNumber((first ?? 0) + 2));
    expect(detail.creditNotes).toEqual([]);
  });
});

describe('the invoice PDF', () => {
  it('lists the seller, buyer, ship-to, lines, shipping, tax, total and payment', async () => {
    await insertTaxRate(app, { country: 'US', region: 'MI', ratePpm: 60_000 });
    const orderId = await checkedOutOrder(ann);
    await payOrder(app, ann, orderId);
    const row = await orderRow(app, orderId);
    const number = formatInvoiceNumber(Number(row.invoice_number));

    const reply = await get(`/api/order/${orderId}/invoice.pdf`, ann);

    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename=${number}.pdf`);
    expect(reply.headers['cache-control']).toMatch(/^private/);
    expect(reply.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(reply.rawPayload);
    expect(text).toContain('INVOICE');
    expect(text).toContain(`Number: ${number}`);
    expect(text).toContain(`Order: ${row.order_number}`);
    expect(text).toContain('Purchase order: PO-7731');
    // Bill to: the buyer with the company of the address.
    expect(text).toContain(`Bill to ${row.customer_name} Ada Motors ${ann.email}`);
    // Seller, buyer, ship-to.
    expect(text).toContain('Foundry Parts LLC');
    expect(text).toContain('1200 Foundry Road, Detroit, MI 48201');
    expect(text).toContain(row.customer_name);
    expect(text).toContain(ann.email);
    expect(text).toContain('Ann Workshop');
    expect(text).toContain('100 Main Street');
    expect(text).toContain('Springfield, MI 62701');
    // Lines: 2 × $45.50 and 1 × $189.00.
    expect(text).toMatch(/Ceramic brake pads .* 2 \$45\.50 \$91\.00/);
    expect(text).toMatch(/Remanufactured alternator .* 1 \$189\.00 \$189\.00/);
    // Subtotal, shipping, tax (6 % of the parts), total: as the order holds them.
    expect(row.subtotal_cents).toBe(28_000);
    expect(row.shipping_cents).toBe(995);
    expect(row.tax_cents).toBe(1680);
    expect(row.total_cents).toBe(28_000 + 995 + 1680);
    expect(text).toContain('Subtotal $280.00');
    expect(text).toContain('Shipping (Ground freight) $9.95');
    // The tax with its jurisdiction, the country in words.
    expect(text).toContain('Michigan sales tax 6 % $16.80');
    expect(text).toContain('Springfield, MI 62701, United States');
    expect(text).toContain('Total $306.75');
    // The payment.
    expect(text).toContain(`Transaction: ${row.transaction_id}`);
    // Its days as the pages and the e-mails write them ("Dec 6, 2026"), not as the database keeps them (decision 155).
    expect(text).toContain(`Paid by card (test payments) on ${formatDay(row.paid_at ?? new Date(0))}`);
    expect(text).toContain(`Date: ${formatDay(row.invoiced_at ?? row.paid_at ?? new Date(0))}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The currency; no word of duties for an order shipped within the US (issue 34.13).
    expect(text).toContain(currencyMessages.usDollars);
    expect(text).not.toContain(currencyMessages.dutiesAbroad);

    // An admin may download it too, and gets the same document.
    const byAdmin = await get(`/api/order/${orderId}/invoice.pdf`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(await pdfText(byAdmin.rawPayload)).toBe(text);
  });

  it('says for an order shipped abroad that duties and local taxes may be due on delivery (issue 34.13)', async () => {
    const userId = await userIdOf(app, ann.email);
    const addressId = await insertAddress(app, userId, { country: 'CA', region: 'ON' });
    const method = await insertShippingMethod(app, { name: 'Canada Post', baseCents: 1500, countries: ['CA'] });
    await fillCart(app, userId, [[await insertWeighedPart(app, { priceCents: 4550, weightGrams: 800 }), 1]]);
    const placed = await postCheckout(app, ann.cookie, { addressId, shippingMethodId: method });
    expect(placed.statusCode, placed.body).toBe(200);
    const { insertedId: orderId } = placed.json() as { insertedId: string };
    await payOrder(app, ann, orderId);

    const text = await pdfText((await get(`/api/order/${orderId}/invoice.pdf`, ann)).rawPayload);
    expect(text).toContain(`${currencyMessages.usDollars} ${currencyMessages.dutiesAbroad}`);
  });

  it('lists a core deposit line as a line of its own', async () => {
    const orderId = await checkedOutOrder(ben, 'Freight for deposits');
    // As checkout writes a deposit line: the alternator's line is the deposit's here.
    await app.db.updateTable('order_lines').set({ kind: 'core-deposit', deposit_for: 1 }).where('order_id', '=', orderId).where('position', '=', 2).execute();
    await payOrder(app, ben, orderId);

    const text = await pdfText((await get(`/api/order/${orderId}/invoice.pdf`, ben)).rawPayload);

    expect(text).toMatch(/Ceramic brake pads .* 2 \$45\.50 \$91\.00/);
    expect(text).toMatch(/Core deposit: Remanufactured alternator .* 1 \$189\.00 \$189\.00/);
  });

  it('writes a long part name and part number whole, wrapped within their columns, never cut', async () => {
    const name = 'Remanufactured alternator 160 A with clutch pulley, for 2011–2016 Ford F-250/F-350 Super Duty 6.7L Power Stroke diesel';
    const partId = await insertPart(app, { name, priceCents: 18_999 });
    // 40 characters, the longest a part number may be.
    const partNumber = 'AC-DELCO-REMAN-19474006-HD-160A-PULLEY-X';
    await app.db.updateTable('parts').set({ part_number: partNumber }).where('id', '=', partId).execute();
    const orderId = await placeOrder(app, ben, partId, 1);
    await payOrder(app, ben, orderId);

    const text = await pdfText((await get(`/api/order/${orderId}/invoice.pdf`, ben)).rawPayload);

    // The name's lines follow one another, then the part number's pieces, then the amounts.
    expect(text).toContain(`${name} `);
    expect(text).not.toContain('...');
    const [, numberCells] = /Power Stroke diesel (.*?) 1 \$189\.99 \$189\.99/.exec(text) ?? [];
    expect(numberCells?.replace(/ /g, '')).toBe(partNumber);
  });

  it('is for the owner and admins only; an unpaid order has none', async () => {
    const partId = await insertPart(app, { available: 10 });
    const paid = await placeOrder(app, ann, partId, 1);
    await payOrder(app, ann, paid);
    const unpaid = await placeOrder(app, ann, partId, 1);

    expect((await get(`/api/order/${paid}/invoice.pdf`)).statusCode).toBe(401);
    const stranger = await get(`/api/order/${paid}/invoice.pdf`, ben);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: apiErrors.orderNotFound });
    const none = await get(`/api/order/${unpaid}/invoice.pdf`, ann);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: invoiceMessages.noInvoice });
    expect((await get(`/api/order/not-an-id/invoice.pdf`, ann)).statusCode).toBe(404);
    // A token works as well as the session cookie.
    const byToken = await app.inject({ method: 'GET', url: `/api/order/${paid}/invoice.pdf`, headers: { authorization: `Bearer ${ann.token}` } });
    expect(byToken.statusCode).toBe(200);
  });
});

describe('credit notes', () => {
  it('cancelling a paid order issues one for its total, listed on the order and downloadable', async () => {
    const partId = await insertPart(app, { available: 10, priceCents: 2599, name: 'Oil filter' });
    const orderId = await placeOrder(app, ann, partId, 2);
    await payOrder(app, ann, orderId);
    const before = await app.db.selectFrom('credit_notes').select((eb) => eb.fn.max('number').as('last')).executeTakeFirst();

    const cancelled = await cancelOrderRequest(app, ann.cookie, orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Cancelled once more: no second credit note.
    expect((await cancelOrderRequest(app, ann.cookie, orderId)).statusCode).toBe(404);

    const notes = await app.db.selectFrom('credit_notes').selectAll().where('order_id', '=', orderId).execute();
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    expect(Number(note.number)).toBe(Number(before?.last ?? 0) + 1);
    expect(note.amount_cents).toBe(5198);
    const number = formatCreditNoteNumber(Number(note.number));

    const detail = (await get(`/api/order/${orderId}`, ann)).json() as OrderDetail;
    expect(detail.creditNotes).toEqual([{ number, amount: 51.98, issuedAt: note.issued_at.toISOString() }]);
    const history = (await get('/api/orders/history', ann)).json() as OrderDetail[];
    expect(history.find((order) => order._id === orderId)?.creditNotes.map((entry) => entry.number)).toEqual([number]);

    const reply = await get(`/api/order/${orderId}/credit-notes/${number}.pdf`, ann);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename=${number}.pdf`);
    const text = await pdfText(reply.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Number: ${number}`);
    expect(text).toContain(`Invoice: ${detail.invoiceNumber}`);
    expect(text).toContain('For: cancellation of the order');
    expect(text).toContain(`Date: ${formatDay(note.issued_at)}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toMatch(/Oil filter .* 2 \$25\.99 \$51\.98/);
    expect(text).toContain('Total credited $51.98');
    expect(text).toContain('Foundry Parts LLC');

    // By its digits too; not through another order, nor for a stranger.
    expect((await get(`/api/order/${orderId}/credit-notes/${Number(note.number)}.pdf`, admin)).statusCode).toBe(200);
    const otherOrder = await placeOrder(app, ann, partId, 1);
    const wrongOrder = await get(`/api/order/${otherOrder}/credit-notes/${number}.pdf`, ann);
    expect(wrongOrder.statusCode).toBe(404);
    expect(wrongOrder.json()).toEqual({ message: invoiceMessages.creditNoteNotFound });
    expect((await get(`/api/order/${orderId}/credit-notes/${number}.pdf`, ben)).statusCode).toBe(404);
    expect((await get(`/api/order/${orderId}/credit-notes/${number}.pdf`)).statusCode).toBe(401);
    expect((await get(`/api/order/${orderId}/credit-notes/nonsense.pdf`, ann)).statusCode).toBe(404);
  });

  it('cancelling an unpaid order issues none', async () => {
    const partId = await insertPart(app, { available: 10 });
    const orderId = await placeOrder(app, ann, partId, 1);
    expect((await cancelOrderRequest(app, ann.cookie, orderId)).statusCode).toBe(200);
    expect(await app.db.selectFrom('credit_notes').select('number').where('order_id', '=', orderId).execute()).toEqual([]);
  });
});

describe('the receipt e-mail', () => {
  it('names the invoice and links the order’s page, which lists it', async () => {
    const partId = await insertPart(app, { available: 10, name: 'Receipt spark plug' });
    const orderId = await placeOrder(app, ben, partId, 1);
    await payOrder(app, ben, orderId);
    const row = await orderRow(app, orderId);
    const number = formatInvoiceNumber(Number(row.invoice_number));

    const receiptOf = () => smtp.received.find((mail) => mail.to === ben.email && mail.subject.startsWith(`Receipt for order ${row.order_number}:`));
    await eventually(async () => receiptOf() !== undefined);
    const receipt = receiptOf();
    if (!receipt) throw new Error('no receipt arrived');
    expect(receipt.text).toContain(`Invoice: ${number}`);
    // The button opens the order's page, which lists the invoice's download: a customer signed
    // out (on a phone, say) signs in there and comes back, where the PDF's address would answer
    // a bare 401.
    expect(receipt.text).toContain(`${invoiceMessages.downloadInvoice}: ${app.config.baseUrl}/dashboard/orders/${row.order_number}\n`);
    expect(receipt.text).not.toContain('/invoice.pdf');
    expect(receipt.html).not.toContain('/invoice.pdf');
    const link = linkIn(receipt, `${app.config.baseUrl}/dashboard/orders/${row.order_number}`);
    expect(receipt.html).toContain(link);
    const detail = (await get(`/api/order/${orderId}`, ben)).json() as OrderDetail;
    expect(detail.invoiceNumber).toBe(number);
  });
});
