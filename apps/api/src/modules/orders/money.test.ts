import { RETURN_REASONS, SHOP_AT_FAULT_REASONS, taxCents } from '@autoparts/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coreRefund, lineShares, proportionalShares, restockingFeeCents, restRefund, returnRefund, unitsCents, type MoneyLine, type MoneyOrder } from './money';

/** An order as checkout makes one: parts, each maybe followed by its untaxed core deposit; tax on the parts (and the shipping when the rate says so). */
const orders = fc
  .record({
    parts: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 12 }),
        unitPriceCents: fc.integer({ min: 1, max: 400_000 }),
        depositCents: fc.option(fc.integer({ min: 1, max: 30_000 }), { nil: null }),
        shipped: fc.nat(),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    shippingCents: fc.integer({ min: 0, max: 50_000 }),
    taxPpm: fc.integer({ min: 0, max: 250_000 }),
    taxesShipping: fc.boolean(),
  })
  .map(({ parts, shippingCents, taxPpm, taxesShipping }) => {
    const lines: MoneyLine[] = [];
    const shipped = new Map<number, number>();
    for (const part of parts) {
      const position = lines.length + 1;
      lines.push({ position, kind: 'part', depositFor: null, quantity: part.quantity, lineTotalCents: part.quantity * part.unitPriceCents });
      shipped.set(position, part.shipped % (part.quantity + 1));
      if (part.depositCents !== null) {
        lines.push({ position: position + 1, kind: 'core-deposit', depositFor: position, quantity: part.quantity, lineTotalCents: part.quantity * part.depositCents });
      }
    }
    const partsCents = lines.filter((line) => line.kind === 'part').reduce((sum, line) => sum + line.lineTotalCents, 0);
    const depositCents = lines.filter((line) => line.kind === 'core-deposit').reduce((sum, line) => sum + line.lineTotalCents, 0);
    const tax = taxCents(taxPpm, partsCents + (taxesShipping ? shippingCents : 0));
    const order: MoneyOrder = { lines, shippingCents, taxCents: tax, totalCents: partsCents + depositCents + shippingCents + tax };
    return { order, shipped };
  });

/** Splits `units` into chunks by the given cuts (each chunk at least one unit). */
function chunks(units: number, cuts: readonly number[]): number[] {
  const sizes: number[] = [];
  let left = units;
  for (const cut of cuts) {
    if (left === 0) break;
    const size = 1 + (cut % left);
    sizes.push(size);
    left -= size;
  }
  if (left > 0) sizes.push(left);
  return sizes;
}

const cutLists = fc.array(fc.nat(), { maxLength: 5 });

describe('the money module', () => {
  it('shares add up to the total exactly, the larger remainder first', () => {
    expect(proportionalShares(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(proportionalShares(1_001, [2_500, 7_500])).toEqual([250, 751]);
    expect(proportionalShares(7, [0, 0])).toEqual([7, 0]);
    expect(unitsCents(1_000, 3, 0, 1) + unitsCents(1_000, 3, 1, 2) + unitsCents(1_000, 3, 2, 3)).toBe(1_000);
    expect(restockingFeeCents(1_050, 150_000)).toBe(158);
  });

  it('gives deposit lines no share of tax or shipping (checkout taxes and ships the parts only)', () => {
    const order: MoneyOrder = {
      shippingCents: 1_000,
      taxCents: 625,
      totalCents: 10_000 + 5_000 + 1_000 + 625,
      lines: [
        { position: 1, kind: 'part', depositFor: null, quantity: 1, lineTotalCents: 10_000 },
        { position: 2, kind: 'core-deposit', depositFor: 1, quantity: 1, lineTotalCents: 5_000 },
      ],
    };
    expect([...lineShares(order)]).toEqual([[1, { taxCents: 625, shippingCents: 1_000 }]]);
    const part = returnRefund(order, { reason: 'defective', fitPromise: false, restockingFeePpm: 0, units: [{ position: 1, from: 0, quantity: 1 }] }, 0);
    const core = coreRefund(order, [{ position: 1, from: 0, quantity: 1 }], part.amountCents);
    expect([part.amountCents, core.amountCents]).toEqual([11_625, 5_000]);
    expect(core.lines).toEqual([{ position: 2, kind: 'core-deposit', quantity: 1, cents: 5_000 }]);
  });

  it('refunds an order returned whole (rest cancelled, shipped units and cores back in any chunks) to the cent', () => {
    fc.assert(
      fc.property(orders, cutLists, cutLists, fc.constantFrom(...SHOP_AT_FAULT_REASONS, 'does-not-fit' as const), ({ order, shipped }, partCuts, coreCuts, reason) => {
        let refunded = 0;
        const rest = restRefund(order, shipped, refunded);
        refunded += rest.amountCents;
        for (const line of order.lines.filter((candidate) => candidate.kind === 'part')) {
          const sent = shipped.get(line.position) ?? 0;
          let from = 0;
          for (const quantity of chunks(sent, partCuts)) {
            const refund = returnRefund(order, { reason, fitPromise: reason === 'does-not-fit', restockingFeePpm: 150_000, units: [{ position: line.position, from, quantity }] }, refunded);
            expect(refund.restockingFeeCents).toBe(0);
            refunded += refund.amountCents;
            from += quantity;
          }
          from = 0;
          for (const quantity of chunks(sent, coreCuts)) {
            refunded += coreRefund(order, [{ position: line.position, from, quantity }], refunded).amountCents;
            from += quantity;
          }
        }
        expect(refunded).toBe(order.totalCents);
      }),
      { seed: 20261129, numRuns: 400 },
    );
  });

  it('never gives back more than was paid, over any returns of any reason, each adding up to its parts', () => {
    fc.assert(
      fc.property(
        orders,
        fc.boolean(),
        fc.array(fc.record({ reason: fc.constantFrom(...RETURN_REASONS), fitPromise: fc.boolean(), feePpm: fc.integer({ min: 0, max: 1_000_000 }), pick: fc.nat(), size: fc.nat() }), { maxLength: 8 }),
        ({ order, shipped }, cancelRest, returns) => {
          let refunded = 0;
          if (cancelRest) refunded += restRefund(order, shipped, refunded).amountCents;
          const parts = order.lines.filter((line) => line.kind === 'part');
          const taken = new Map<string, number>();
          for (const ret of returns) {
            const line = parts[ret.pick % parts.length] as MoneyLine;
            const key = `${ret.reason === 'core' ? 'core' : 'part'}:${line.position}`;
            const from = taken.get(key) ?? 0;
            const left = (shipped.get(line.position) ?? 0) - from;
            if (left <= 0) continue;
            const units = [{ position: line.position, from, quantity: 1 + (ret.size % left) }];
            taken.set(key, from + (units[0]?.quantity ?? 0));
            const refund =
              ret.reason === 'core'
                ? coreRefund(order, units, refunded)
                : returnRefund(order, { reason: ret.reason, fitPromise: ret.fitPromise, restockingFeePpm: ret.feePpm, units }, refunded);
            const made = refund.lines.reduce((sum, item) => sum + item.cents, 0) + refund.taxCents + refund.shippingCents - refund.restockingFeeCents;
            expect(refund.amountCents).toBeGreaterThanOrEqual(0);
            expect(refund.amountCents).toBeLessThanOrEqual(made);
            refunded += refund.amountCents;
            expect(refunded).toBeLessThanOrEqual(order.totalCents);
          }
        },
      ),
      { seed: 20261129, numRuns: 500 },
    );
  });
});
