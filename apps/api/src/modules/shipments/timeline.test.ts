import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../orders/model';
import { timelineOf, type AfterSale } from './repository';

// The order's timeline as the customer's page shows it (decision 192): what each credit note
// refunded, and the order of events that share a moment, or nearly, as they were written: a
// credit note is stamped with its transaction's start (`now()`), a return's refund and an order's
// cancellation with the application's clock a few milliseconds later.
const at = (ms: number) => new Date(Date.UTC(2026, 11, 6, 20, 0, 0, ms));

function order(change: Partial<OrderRow>): OrderRow {
  return { created_at: at(0), paid_at: at(1), delivered_at: null, status: 'paid', cancelled_at: null, payment_method: 'card', ...change } as OrderRow;
}

const shipment = (ms: number): AfterSale['shipments'][number] => ({
  id: 's1',
  carrier: 'ups',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  shippedAt: at(ms).toISOString(),
  lines: [{ partId: 'p', partNumber: 'P-1', name: 'Pad', quantity: 1 }],
});

const labels = (row: OrderRow, after: AfterSale) => timelineOf(row, after).map((event) => event.label);

describe('the order timeline', () => {
  it('says a partly shipped order’s rest was cancelled, and refunded or credited', () => {
    const after: AfterSale = { shipments: [shipment(10)], returns: [], creditNotes: [{ number: 'CN-000002', amountCents: 18_773, issuedAt: at(20), returnId: null }] };
    expect(labels(order({ status: 'shipped' }), after).at(-1)).toBe('The unshipped rest cancelled and refunded $187.73 (credit note CN-000002)');
    expect(labels(order({ status: 'delivered', payment_method: 'account' }), after).at(-1)).toBe(
      'The unshipped rest cancelled and credited to account $187.73 (credit note CN-000002)',
    );
  });

  it('says a rest cancelled that cost $0.00, which issues no credit note, and once for a rest refunded (decision 198)', () => {
    const free: AfterSale = { shipments: [shipment(10)], returns: [], creditNotes: [] };
    const row = order({ status: 'shipped', rest_cancelled_at: at(30) });
    expect(timelineOf(row, free).at(-1)).toMatchObject({ kind: 'cancelled', at: at(30).toISOString(), label: 'The unshipped rest cancelled; it cost $0.00, so there is nothing to refund' });
    const refunded: AfterSale = { ...free, creditNotes: [{ number: 'CN-000004', amountCents: 500, issuedAt: at(30), returnId: null }] };
    expect(labels(row, refunded).slice(-2)).toEqual(['Shipped: 1 item by UPS, tracking 1Z 999 AA1 01 2345 6784', 'The unshipped rest cancelled and refunded $5.00 (credit note CN-000004)']);
  });

  it('puts a return’s credit note after its "refunded", though the credit note was stamped first', () => {
    const after: AfterSale = {
      shipments: [shipment(10)],
      returns: [{ id: 'r1', rmaNumber: 'RMA-000001', status: 'refunded', replacementOrderNumber: null, createdAt: at(20), decidedAt: at(30), receivedAt: at(40), refundedAt: at(52) }],
      creditNotes: [{ number: 'CN-000001', amountCents: 2_500, issuedAt: at(50), returnId: 'r1' }],
    };
    expect(labels(order({ status: 'shipped' }), after).slice(-3)).toEqual(['Return RMA-000001 received', 'Return RMA-000001 refunded', 'Refunded $25.00 (credit note CN-000001)']);
    // At the same moment, too.
    const same: AfterSale = { ...after, creditNotes: [{ ...after.creditNotes[0]!, issuedAt: at(52) }] };
    expect(labels(order({ status: 'shipped' }), same).slice(-2)).toEqual(['Return RMA-000001 refunded', 'Refunded $25.00 (credit note CN-000001)']);
  });

  it('puts a cancelled order’s credit note after "Cancelled"', () => {
    const after: AfterSale = { shipments: [], returns: [], creditNotes: [{ number: 'CN-000003', amountCents: 9_580, issuedAt: at(5), returnId: null }] };
    expect(labels(order({ status: 'cancelled', cancelled_at: at(8) }), after)).toEqual(['Order placed', 'Paid', 'Cancelled', 'Refunded $95.80 (credit note CN-000003)']);
  });

  it('keeps two returns’ events in the order they happened, each credit note with its own return', () => {
    const after: AfterSale = {
      shipments: [shipment(10)],
      returns: [
        { id: 'r1', rmaNumber: 'RMA-000001', status: 'refunded', replacementOrderNumber: null, createdAt: at(20), decidedAt: at(30), receivedAt: at(40), refundedAt: at(92) },
        { id: 'r2', rmaNumber: 'RMA-000002', status: 'refunded', replacementOrderNumber: null, createdAt: at(21), decidedAt: at(31), receivedAt: at(41), refundedAt: at(62) },
      ],
      creditNotes: [
        { number: 'CN-000001', amountCents: 2_000, issuedAt: at(60), returnId: 'r2' },
        { number: 'CN-000002', amountCents: 1_000, issuedAt: at(90), returnId: 'r1' },
      ],
    };
    expect(labels(order({ status: 'shipped' }), after).slice(-4)).toEqual([
      'Return RMA-000002 refunded',
      'Refunded $20.00 (credit note CN-000001)',
      'Return RMA-000001 refunded',
      'Refunded $10.00 (credit note CN-000002)',
    ]);
  });
});
