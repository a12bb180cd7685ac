import { describe, expect, it } from 'vitest';
import { auditSentence, type AuditLookups } from './sentence';

const partId = '0b1c5a3e-1111-4222-8333-444455556666';
const vehicleId = '1c2d3e4f-1111-4222-8333-444455556666';
const replacementId = '2d3e4f5a-1111-4222-8333-444455556666';
const companyId = '3e4f5a6b-1111-4222-8333-444455556666';
const lookups: AuditLookups = {
  parts: new Map([[partId, { name: 'Brake Caliper', partNumber: 'BRK-3001' }]]),
  orders: new Map([[replacementId, { orderNumber: '100051', email: 'jane@example.com' }]]),
  parcels: new Map(),
  reviews: new Map(),
  vehicles: new Map([[vehicleId, '2015 Ford F-150']]),
  companies: new Map([[companyId, 'Fleetco']]),
};

describe('auditSentence', () => {
  it.each([
    ['return.approve', 'return RMA-000002', { resolution: 'replace', replacementOrderId: replacementId }, 'approved RMA-000002 for a replacement (order 100051)'],
    // A company by its name, not its id (decision 187); one since gone by its id.
    ['company.payment', `company ${companyId}`, { amount: 500, reference: 'BANK-1' }, 'recorded a payment of $500.00 from “Fleetco” (reference “BANK-1”)'],
    ['company.payment', 'company 4f5a6b7c-1111-4222-8333-444455556666', { amount: 5, reference: 'X' }, 'recorded a payment of $5.00 from company 4f5a6b7c-1111-4222-8333-444455556666 (reference “X”)'],
    ['return.reject', 'return RMA-000002', { reason: 'Bought elsewhere' }, 'rejected RMA-000002: “Bought elsewhere”'],
    [
      'return.receive',
      'return RMA-000003',
      { lines: [{ partId, quantity: 1, action: 'scrap' }], refundCents: 4500, restockingFeeCents: 675 },
      'received RMA-000003: 1 × Brake Caliper (BRK-3001) scrapped; $45.00 to refund after a $6.75 restocking fee',
    ],
    ['return.refund', 'return RMA-000003', { refundCents: 4500, creditNote: 'CN-000004' }, 'refunded $45.00 on RMA-000003 (credit note CN-000004)'],
    ['fitment.remove', `part ${partId}`, { vehicleId }, 'removed the 2015 Ford F-150 from the fitment of “Brake Caliper” (BRK-3001)'],
    ['fitment-report.dismiss', `part ${partId}`, { report: 'r', vehicleId }, 'dismissed a report that “Brake Caliper” (BRK-3001) does not fit the 2015 Ford F-150: the fitment stays'],
    ['part.catalogue', `part ${partId}`, { partNumber: 'BRK-3001', category: 'brakes', oemNumbers: ['A'], specs: [] }, 'edited the catalogue details of “Brake Caliper” (BRK-3001): part number BRK-3001, category brakes, 1 OEM number, 0 specs'],
    ['part.update', 'part 9f000000-1111-4222-8333-444455556666', { coreDeposit: 45, warrantyMonths: 12 }, 'edited the part 9f000000: core deposit $45.00, warranty 12 months'],
    // Which rows, not how many (decision 152).
    [
      'part.update',
      `part ${partId}`,
      { kit: [{ partNumber: 'BRK-3011', quantity: 2 }, { partNumber: 'BRK-3012', quantity: 1 }], interchange: [{ brand: 'Bosch', partNumber: '0 986 479 B94', quantity: 2 }], expected: { kit: [] } },
      'edited “Brake Caliper” (BRK-3001): kit of 2 × BRK-3011 and 1 × BRK-3012, replaces Bosch 0 986 479 B94 (2 of theirs = 1 of ours)',
    ],
    ['part.update', `part ${partId}`, { kit: [], interchange: [] }, 'edited “Brake Caliper” (BRK-3001): not a kit, no interchange numbers'],
    ['tax-rate.add', 'tax-rate t-1', { country: 'US', region: 'IL', ratePercent: 6.25, appliesToShipping: false }, 'added a tax rate of 6.25\u00a0% for US-IL'],
    [
      'shipping-method.update',
      'shipping-method m-1',
      { name: 'Freight', estimate: '5–8 business days', countries: ['US', 'CA'], basePrice: 95, pricePerKg: 0.5, maxWeightKg: null, freeOver: null, active: true },
      'edited the shipping method “Freight”: 5–8 business days, $95.00 + $0.50 a kg, to US and CA',
    ],
    ['settings.update', 'shop settings', { restockingFeePercent: 15 }, 'set the restocking fee to 15\u00a0%'],
    ['catalogue.part-type-categories', 'part-type-categories', { mapped: 2, unmapped: 1 }, 'mapped 2 part types to categories and took the category off 1 part type'],
    ['catalogue.part-type-categories', 'part-type-categories', { mapped: 1, unmapped: 0 }, 'mapped 1 part type to categories'],
    ['catalogue.part-type-categories', 'part-type-categories', { mapped: 0, unmapped: 1 }, 'took the category off 1 part type'],
    ['order.ship', 'order 3e4f5a6b-1111-4222-8333-444455556666', { email: 'ann@example.com', carrier: 'other', trackingNumber: '' }, 'marked an order of ann@example.com shipped by another carrier, without a tracking number'],
    ['some.future-action', 'widget w-1', {}, 'made a change to the widget w-1'],
  ])('%s on %s reads as a sentence', (action, target, details, words) => {
    expect(auditSentence({ action, target, details }, lookups)).toBe(words);
  });
});
