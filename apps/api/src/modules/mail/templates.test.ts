import { returnMessages } from '@autoparts/shared';
import { describe, expect, it } from 'vitest';
import { renderMail, SUBJECT_NAME_MAX, type OrderLineMail, type OrderMail } from './templates';

// The messages as written from plain data (what the order modules pass), for what no route test
// reaches cheaply: each kind of order, each width of screen.
const shop = { baseUrl: 'https://shop.example.com', timeZone: 'America/Detroit', returnsAddress: 'Returns desk, 40 Dock Street, Detroit, MI 48207', replyTo: undefined };
const confirmed = { confirmed: true };

const line: OrderLineMail = { kind: 'part', name: 'Vented Brake Rotor', part_number: 'BR-1001', quantity: 2, unit_price_cents: 5000, line_total_cents: 10000 };
const order = (fields: Partial<OrderMail> = {}): OrderMail => ({
  id: '0b6f3a8e-5d1c-4d2b-9a1e-3f4b5c6d7e8f',
  order_number: '100042',
  email: 'ann@example.com',
  customer_name: 'Ann Workshop',
  part_id: 'p1',
  part_name: 'Vented Brake Rotor',
  address: 'Ann Workshop, 100 Main Street, Springfield, IL 62701, United States',
  subtotal_cents: 10000,
  shipping_cents: 500,
  shipping_method_name: 'Courier',
  shipping_estimate: '',
  tax_cents: 0,
  tax_rate_ppm: 0,
  ship_to: null,
  total_cents: 10500,
  po_number: null,
  created_at: new Date('2026-12-01T10:00:00Z'),
  expires_at: null,
  paid_at: new Date('2026-12-01T10:00:00Z'),
  delivered_at: null,
  transaction_id: 'pi_test_1',
  invoice_number: '42',
  payment_method: 'card',
  ...fields,
});
const onAccount = () => order({ transaction_id: null, payment_method: 'account', due_on: '2026-12-31' });

describe('an order on account’s refunds', () => {
  it('the rest cancelled is credited to the company’s account, not a card', () => {
    const message = { kind: 'order-rest-cancelled' as const, lines: [line], refundCents: 5000, creditNoteNumber: 4, cancelled: [{ line, quantity: 1 }] };
    const account = renderMail({ ...message, order: onAccount() }, shop, confirmed).text;
    expect(account).toContain('Refund: $50.00 credited to your company’s account\n');
    expect(account).not.toMatch(/card|bank/);
    const card = renderMail({ ...message, order: order() }, shop, confirmed).text;
    expect(card).toContain('Refund: $50.00 to the card it was paid with\n');
    expect(card).toContain('depending on your bank');
  });

  it('a return refunded is credited to the company’s account, not a card', () => {
    const ret = { rma_number: 7, reason: 'no-longer-needed' as const, fit_promise: false, rejection_reason: null, refund_cents: 4500, restocking_fee_cents: 500, credit_note_number: 3 };
    const parts = [{ quantity: 1, name: line.name, part_number: line.part_number }];
    const account = renderMail({ kind: 'return-refunded', order: onAccount(), ret, parts }, shop, confirmed).text;
    expect(account).toContain('We have received your return and credited it to your company’s account.');
    expect(account).toContain('Refund: $45.00\n');
    expect(account).not.toMatch(/card|bank/);
    const card = renderMail({ kind: 'return-refunded', order: order(), ret, parts }, shop, confirmed).text;
    expect(card).toContain('refunded it to the card you paid with');
  });
});

describe('a return received that gives nothing back', () => {
  it('says so, not that $0.00 is on its way to a card or an account (a free warranty replacement’s part)', () => {
    const ret = { rma_number: 9, reason: 'warranty' as const, fit_promise: false, rejection_reason: null, refund_cents: 0, restocking_fee_cents: 0, credit_note_number: null };
    const parts = [{ quantity: 1, name: line.name, part_number: line.part_number }];
    const replacement = order({ subtotal_cents: 0, shipping_cents: 0, total_cents: 0, transaction_id: null, invoice_number: null });
    for (const which of [replacement, { ...replacement, payment_method: 'account' as const }]) {
      const mail = renderMail({ kind: 'return-refunded', order: which, ret, parts }, shop, confirmed);
      expect(mail.subject).toBe('Return RMA-000009 received');
      expect(mail.text).toContain(returnMessages.receivedNothingToRefund);
      expect(mail.text).toContain('Refund: None\n');
      expect(mail.text).not.toMatch(/\$0\.00|card|bank|credited/);
      expect(mail.text).toContain('My Returns: https://shop.example.com/dashboard/returns\n');
    }
  });
});

describe('an order delivered', () => {
  it('links Return items, where a return is asked for, beside the order’s page', () => {
    const mail = renderMail({ kind: 'order-delivered', order: order({ delivered_at: new Date('2026-12-04T15:00:00Z') }), lines: [line] }, shop, confirmed);
    expect(mail.text).toContain('you can ask to return it within 30 days: Return items below.');
    expect(mail.text).toContain('Return items: https://shop.example.com/dashboard/returns?order=0b6f3a8e-5d1c-4d2b-9a1e-3f4b5c6d7e8f\n');
    expect(mail.text).toContain('View order 100042: https://shop.example.com/dashboard/orders/100042\n');
    expect(mail.html).toContain('href="https://shop.example.com/dashboard/returns?order=0b6f3a8e-5d1c-4d2b-9a1e-3f4b5c6d7e8f"');
  });
});

describe('a reply', () => {
  const ret = { rma_number: 8, reason: 'no-longer-needed' as const, fit_promise: false, rejection_reason: 'Opened and used', refund_cents: null, restocking_fee_cents: 0, credit_note_number: null };
  const parts = [{ quantity: 1, name: line.name, part_number: line.part_number }];

  it('is asked for only when it reaches someone (MAIL_REPLY_TO): the default sender is a no-reply address', () => {
    const without = renderMail({ kind: 'return-rejected', order: order(), ret, parts }, shop, confirmed).text;
    expect(without).toContain('Please do not send the parts.\n');
    expect(without).not.toMatch(/reply/i);
    const withIt = renderMail({ kind: 'return-rejected', order: order(), ret, parts }, { ...shop, replyTo: 'help@example.com' }, confirmed).text;
    expect(withIt).toContain('Please do not send the parts. Reply to this message if you have questions.\n');
  });
});

describe('the page', () => {
  it('is declared light only, so a mail app in dark mode does not invert half of its pairs of colours', () => {
    const html = renderMail({ kind: 'order-placed', order: order(), lines: [line] }, shop, confirmed).html;
    expect(html).toContain('<meta name="color-scheme" content="light">');
    expect(html).toContain('<meta name="supported-color-schemes" content="light">');
  });
});

describe('a subject', () => {
  it('says a long part’s name shortened at a word, and how many more lines, so a list shows what happened to which order', () => {
    const long = 'Front Axle Vented Brake Rotor Pair with Coated Hat and Directional Cooling Vanes, 320 mm, Premium Series';
    const lines = [{ ...line, name: long }, line];
    const placed = renderMail({ kind: 'order-placed', order: order({ part_name: long }), lines }, shop, confirmed);
    expect(placed.subject).toBe('Order 100042 placed: Front Axle Vented Brake Rotor Pair with Coated… + 1 more');
    // The message itself names the part in full.
    expect(placed.text).toContain(`2 × ${long} (BR-1001)`);
    const oneWord = 'R'.repeat(200);
    expect(renderMail({ kind: 'order-paid', order: order({ part_name: oneWord }), lines: [{ ...line, name: oneWord }] }, shop, confirmed).subject).toBe(`Receipt for order 100042: ${'R'.repeat(49)}…`);
    // A name of the bound is said whole.
    const fifty = 'B'.repeat(SUBJECT_NAME_MAX);
    expect(renderMail({ kind: 'order-paid', order: order({ part_name: fifty }), lines: [line] }, shop, confirmed).subject).toBe(`Receipt for order 100042: ${fifty}`);
  });
});
