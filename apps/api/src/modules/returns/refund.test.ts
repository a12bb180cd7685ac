import { RETURN_REASONS } from '@autoparts/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeRefund, type RefundOrderLine } from './refund';

/** An order as checkout makes one: lines, shipping and tax, the total their sum. */
const orders = fc
  .record({
    lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), unitPriceCents: fc.integer({ min: 1, max: 500_000 }) }), { minLength: 1, maxLength: 8 }),
    shippingCents: fc.integer({ min: 0, max: 50_000 }),
    taxPpm: fc.integer({ min: 0, max: 250_000 }),
    deposits: fc.array(fc.boolean(), { maxLength: 8 }),
  })
  .map(({ lines, shippingCents, taxPpm, deposits }) => {
    const parts: RefundOrderLine[] = lines.map((line, index) => ({
      position: index + 1,
      kind: 'part',
      depositFor: null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.quantity * line.unitPriceCents,
    }));
    const cores: RefundOrderLine[] = parts
      .filter((_, index) => deposits[index])
      .map((part, index) => ({ position: parts.length + index + 1, kind: 'core-deposit', depositFor: part.position, quantity: part.quantity, unitPriceCents: 2500, lineTotalCents: part.quantity * 2500 }));
    const all = [...parts, ...cores];
    const subtotal = all.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const taxCents = Math.round((subtotal * taxPpm) / 1_000_000);
    return { lines: all, order: { shippingCents, taxCents, totalCents: subtotal + shippingCents + taxCents } };
  });

describe('computeRefund', () => {
  it('never gives back more than was paid, over any sequence of returns of any reason', () => {
    fc.assert(
      fc.property(
        orders,
        fc.array(fc.record({ reason: fc.constantFrom(...RETURN_REASONS), fitPromise: fc.boolean(), feePpm: fc.integer({ min: 0, max: 1_000_000 }), pick: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 6 }),
        ({ order, lines }, returns) => {
          const parts = lines.filter((line) => line.kind === 'part');
          let refunded = 0;
          for (const ret of returns) {
            const returned = ret.pick.map((n) => {
              const line = parts[n % parts.length]!;
              return { position: line.position, quantity: 1 + (n % line.quantity) };
            });
            const { amountCents, restockingFeeCents } = computeRefund({ order, lines, returned, reason: ret.reason, fitPromise: ret.fitPromise, restockingFeePpm: ret.feePpm, alreadyRefundedCents: refunded });
            expect(Number.isInteger(amountCents)).toBe(true);
            expect(amountCents).toBeGreaterThanOrEqual(0);
            expect(restockingFeeCents).toBeGreaterThanOrEqual(0);
            refunded += amountCents;
            expect(refunded).toBeLessThanOrEqual(order.totalCents);
          }
        },
      ),
      { seed: 20261126, numRuns: 500 },
    );
  });

  it('gives back the whole order, to the cent, when every line comes back for the shop’s fault', () => {
    fc.assert(
      fc.property(orders, ({ order, lines }) => {
        const parts = lines.filter((line) => line.kind === 'part');
        // Deposits come back apart, with their cores.
        fc.pre(lines.every((line) => line.kind === 'part'));
        const { amountCents } = computeRefund({
          order,
          lines,
          returned: parts.map((line) => ({ position: line.position, quantity: line.quantity })),
          reason: 'defective',
          fitPromise: false,
          restockingFeePpm: 0,
          alreadyRefundedCents: 0,
        });
        expect(amountCents).toBe(order.totalCents);
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });
});
