import { sumCents } from '@autoparts/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openItemsOf, settlementOf, type AppliedPayment, type LedgerEntry } from './entries';

/**
 * A company's ledger as the database can hold it: invoices (positive), credit notes of an invoiced
 * order, of an order not invoiced yet or of none (negative), payments (negative) and what each was
 * applied to — invoices of the ledger, or of orders whose invoice is not in it (not issued before
 * the day asked for) — in any order of entry.
 */
const ledgers = fc
  .record({
    invoices: fc.array(fc.record({ cents: fc.integer({ min: 1, max: 5_000_000 }), dueDay: fc.integer({ min: 1, max: 28 }) }), { maxLength: 8 }),
    creditNotes: fc.array(fc.record({ order: fc.integer({ min: -1, max: 9 }), cents: fc.integer({ min: 1, max: 5_000_000 }) }), { maxLength: 6 }),
    payments: fc.array(
      // What a payment was applied to is at most what it paid (`extra` is the rest).
      fc.record({ extra: fc.integer({ min: 1, max: 5_000_000 }), applied: fc.array(fc.record({ order: fc.integer({ min: 0, max: 9 }), cents: fc.integer({ min: 1, max: 5_000_000 }) }), { maxLength: 4 }) }),
      { maxLength: 6 },
    ),
    seed: fc.integer(),
  })
  .map(({ invoices, creditNotes, payments, seed }) => {
    const order = (n: number) => `order-${n}`;
    // One application per payment and order (the table's key).
    const applied: AppliedPayment[] = payments.flatMap((payment, n) =>
      [...new Map(payment.applied.map((row) => [row.order, row.cents])).entries()].map(([at, cents]) => ({ payment_id: `payment-${n}`, order_id: order(at), amount_cents: cents })),
    );
    const appliedCents = (payment: string) => sumCents(applied.filter((row) => row.payment_id === payment).map((row) => row.amount_cents));
    const entries: LedgerEntry[] = [
      ...invoices.map((invoice, n) => ({ kind: 'invoice', amount_cents: invoice.cents, order_id: order(n), invoice_number: String(1000 + n), payment_id: null, due_on: `2026-11-${String(invoice.dueDay).padStart(2, '0')}` })),
      ...creditNotes.map((note) => ({ kind: 'credit-note', amount_cents: -note.cents, order_id: note.order < 0 ? null : order(note.order), invoice_number: null, payment_id: null, due_on: null })),
      ...payments.map((payment, n) => ({ kind: 'payment', amount_cents: -(payment.extra + appliedCents(`payment-${n}`)), order_id: null, invoice_number: null, payment_id: `payment-${n}`, due_on: null })),
    ];
    // Entered in an order of the seed's.
    const shuffled = entries.map((entry, n) => ({ entry, key: Math.sin(seed + n) })).sort((a, b) => a.key - b.key).map(({ entry }) => entry);
    return { entries: shuffled, applied };
  });

describe('openItemsOf (decision 210: its sums in the money module)', () => {
  it('adds up to the balance; each invoice owes at most its amount, and a credit stands alone', () => {
    fc.assert(
      fc.property(ledgers, ({ entries, applied }) => {
        const items = openItemsOf(entries, applied);
        expect(sumCents(items.map((item) => item.cents))).toBe(sumCents(entries.map((entry) => entry.amount_cents)));
        const invoiced = new Map(entries.filter((entry) => entry.kind === 'invoice').map((entry) => [entry.order_id, entry.amount_cents]));
        const owing = items.filter((item) => item.orderId !== null);
        for (const item of owing) {
          expect(item.cents).toBeGreaterThan(0);
          expect(item.cents).toBeLessThanOrEqual(invoiced.get(item.orderId) ?? 0);
        }
        const credit = items.filter((item) => item.orderId === null);
        expect(credit.length).toBeLessThanOrEqual(1);
        if (credit[0]) {
          expect(credit[0].cents).toBeLessThan(0);
          expect(owing).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('applies a credit to the invoices due first', () => {
    const entries: LedgerEntry[] = [
      { kind: 'invoice', amount_cents: 10_000, order_id: 'late', invoice_number: '2', payment_id: null, due_on: '2026-12-20' },
      { kind: 'invoice', amount_cents: 5_000, order_id: 'early', invoice_number: '1', payment_id: null, due_on: '2026-12-01' },
      // $120 paid, $30 of it applied to the late one: $90 of credit, $50 of it to the early one.
      { kind: 'payment', amount_cents: -12_000, order_id: null, invoice_number: null, payment_id: 'p', due_on: null },
    ];
    expect(openItemsOf(entries, [{ payment_id: 'p', order_id: 'late', amount_cents: 3_000 }])).toEqual([
      { orderId: 'late', invoiceNumber: 2, dueOn: '2026-12-20', cents: 3_000 },
    ]);
  });
});

describe('settlementOf (decision 228): what settled an invoice a card payment given back whole was for', () => {
  it('says paid without a credit note, credited when its credit notes cover it, and both when they cover part of it', () => {
    expect(settlementOf(10_000, [])).toBe('paid');
    expect(settlementOf(10_000, [{ cents: 10_000, returned: false }])).toBe('cancelled');
    expect(settlementOf(10_000, [{ cents: 4_000, returned: true }, { cents: 6_000, returned: true }])).toBe('returned');
    expect(settlementOf(10_000, [{ cents: 4_000, returned: true }, { cents: 6_000, returned: false }])).toBe('credited');
    expect(settlementOf(10_000, [{ cents: 3_000, returned: false }])).toBe('paid-and-credited');
    expect(settlementOf(10_000, [{ cents: 9_999, returned: true }])).toBe('paid-and-credited');
  });
});
