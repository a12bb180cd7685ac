import { RETURN_REASONS } from './after-sale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coreRefund,
  depositsToGiveBack,
  givenBack,
  lineShares,
  orderTax,
  proportionalShares,
  restockingFeeCents,
  restRefund,
  returnRefund,
  unitsCents,
  type MoneyLine,
  type MoneyOrder,
  SHOP_AT_FAULT_REASONS,
} from './money';

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
    const tax = orderTax(taxPpm, partsCents, shippingCents, taxesShipping);
    const order: MoneyOrder = { lines, shippingCents, ...tax, totalCents: partsCents + depositCents + shippingCents + tax.taxCents };
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
      shippingTaxCents: 0,
      totalCents: 10_000 + 5_000 + 1_000 + 625,
      lines: [
        { position: 1, kind: 'part', depositFor: null, quantity: 1, lineTotalCents: 10_000 },
        { position: 2, kind: 'core-deposit', depositFor: 1, quantity: 1, lineTotalCents: 5_000 },
      ],
    };
    expect([...lineShares(order)]).toEqual([[1, { taxCents: 625, shippingCents: 1_000, shippingTaxCents: 0 }]]);
    const core = coreRefund(order, [depositsToGiveBack(order, 1, 1, 1, 0) ?? { position: 1, from: 0, quantity: 0 }], 0);
    expect(core.lines).toEqual([{ position: 2, kind: 'core-deposit', quantity: 1, cents: 5_000 }]);
    // The core back first: returning the part then gives back its price, tax and shipping, no deposit again.
    const deposits = [depositsToGiveBack(order, 1, 1, 1, 1) ?? { position: 1, from: 0, quantity: 0 }];
    const part = returnRefund(order, { reason: 'defective', fitPromise: false, restockingFeePpm: 0, units: [{ position: 1, from: 0, quantity: 1 }], deposits }, core.amountCents);
    expect([core.amountCents, part.amountCents]).toEqual([5_000, 11_625]);
    expect(part.lines).toEqual([{ position: 1, kind: 'part', quantity: 1, cents: 10_000 }]);
  });

  it('a part returned gives back its deposit with it, once; a core of it then gives nothing (decision 109)', () => {
    const order: MoneyOrder = {
      shippingCents: 1_000,
      taxCents: 1_250,
      shippingTaxCents: 0,
      totalCents: 20_000 + 9_000 + 1_000 + 1_250,
      lines: [
        { position: 1, kind: 'part', depositFor: null, quantity: 2, lineTotalCents: 20_000 },
        { position: 2, kind: 'core-deposit', depositFor: 1, quantity: 2, lineTotalCents: 9_000 },
      ],
    };
    // One of two shipped: one deposit held; a no-longer-needed return pays its fee on the price only.
    const deposits = [depositsToGiveBack(order, 1, 1, 1, 0) ?? { position: 1, from: 0, quantity: 0 }];
    const part = returnRefund(order, { reason: 'no-longer-needed', fitPromise: false, restockingFeePpm: 100_000, units: [{ position: 1, from: 0, quantity: 1 }], deposits }, 0);
    expect(part.lines).toEqual([
      { position: 1, kind: 'part', quantity: 1, cents: 10_000 },
      { position: 2, kind: 'core-deposit', quantity: 1, cents: 4_500 },
    ]);
    expect([part.taxCents, part.shippingCents, part.restockingFeeCents, part.amountCents]).toEqual([625, 0, 1_000, 10_000 + 4_500 + 625 - 1_000]);
    // No deposit of a shipped unit is held any more; the unshipped unit's goes back with its rest.
    expect(depositsToGiveBack(order, 1, 1, 1, 1)).toEqual({ position: 1, from: 1, quantity: 0 });
    expect(coreRefund(order, [{ position: 1, from: 1, quantity: 0 }], part.amountCents).amountCents).toBe(0);
    expect(restRefund(order, new Map([[1, 1]]), part.amountCents).lines).toContainEqual({ position: 2, kind: 'core-deposit', quantity: 1, cents: 4_500 });
  });

  it('keeps the tax on shipping for the shipping: a return without the shipping takes none of it (decision 109)', () => {
    // Illinois 8.25 % taxing shipping: 2 × $100.00 and $10.00 shipping, tax $17.33 (of it $0.83 on the shipping), total $227.33.
    const tax = orderTax(82_500, 20_000, 1_000, true);
    expect(tax).toEqual({ taxCents: 1_733, shippingTaxCents: 83 });
    const order: MoneyOrder = { shippingCents: 1_000, ...tax, totalCents: 22_733, lines: [{ position: 1, kind: 'part', depositFor: null, quantity: 2, lineTotalCents: 20_000 }] };
    const units = [{ position: 1, from: 0, quantity: 2 }];
    const doesNotFit = returnRefund(order, { reason: 'does-not-fit', fitPromise: false, restockingFeePpm: 0, units }, 0);
    expect([doesNotFit.taxCents, doesNotFit.shippingCents, doesNotFit.amountCents]).toEqual([1_650, 0, 21_650]);
    // The shop's fault (or the fit promise): the shipping and its tax too, the whole order.
    const defective = returnRefund(order, { reason: 'defective', fitPromise: false, restockingFeePpm: 0, units }, 0);
    expect([defective.taxCents, defective.shippingCents, defective.amountCents]).toEqual([1_733, 1_000, 22_733]);
    expect(returnRefund(order, { reason: 'does-not-fit', fitPromise: true, restockingFeePpm: 0, units }, 0).amountCents).toBe(22_733);

    // 3 × $0.33 and 3 × $0.01 with $10.00 shipping: the goods' tax is $0.08, all of it the $0.99 line's.
    const cheapTax = orderTax(82_500, 102, 1_000, true);
    expect(cheapTax).toEqual({ taxCents: 91, shippingTaxCents: 83 });
    const cheap: MoneyOrder = {
      shippingCents: 1_000,
      ...cheapTax,
      totalCents: 102 + 1_000 + 91,
      lines: [
        { position: 1, kind: 'part', depositFor: null, quantity: 3, lineTotalCents: 99 },
        { position: 2, kind: 'part', depositFor: null, quantity: 3, lineTotalCents: 3 },
      ],
    };
    const pennies = returnRefund(cheap, { reason: 'does-not-fit', fitPromise: false, restockingFeePpm: 0, units: [{ position: 2, from: 0, quantity: 3 }] }, 0);
    expect([pennies.lines[0]?.cents, pennies.taxCents, pennies.amountCents]).toEqual([3, 0, 3]);
    // A rate that does not tax shipping: all the tax is the goods'.
    expect(orderTax(82_500, 20_000, 1_000, false)).toEqual({ taxCents: 1_650, shippingTaxCents: 0 });
  });

  it('refunds an order returned whole (rest cancelled, shipped units and cores back in any chunks and order) to the cent', () => {
    fc.assert(
      fc.property(
        orders,
        cutLists,
        cutLists,
        fc.constantFrom(...SHOP_AT_FAULT_REASONS, 'does-not-fit' as const),
        fc.nat(),
        ({ order, shipped }, partCuts, coreCuts, reason, coresFirst) => {
          let refunded = 0;
          const rest = restRefund(order, shipped, refunded);
          refunded += rest.amountCents;
          for (const line of order.lines.filter((candidate) => candidate.kind === 'part')) {
            const sent = shipped.get(line.position) ?? 0;
            // Some cores come back before the parts (any number of them), the parts then, the other cores last.
            const early = sent === 0 ? 0 : coresFirst % (sent + 1);
            let deposits = 0;
            let cores = 0;
            const core = (quantity: number) => {
              const range = depositsToGiveBack(order, line.position, quantity, sent, deposits);
              refunded += coreRefund(order, range ? [range] : [], refunded).amountCents;
              deposits += range?.quantity ?? 0;
              cores += quantity;
            };
            for (const quantity of chunks(early, coreCuts)) core(quantity);
            let from = 0;
            for (const quantity of chunks(sent, partCuts)) {
              const range = depositsToGiveBack(order, line.position, quantity, sent, deposits);
              const refund = returnRefund(
                order,
                { reason, fitPromise: reason === 'does-not-fit', restockingFeePpm: 150_000, units: [{ position: line.position, from, quantity }], deposits: range ? [range] : [] },
                refunded,
              );
              expect(refund.restockingFeeCents).toBe(0);
              refunded += refund.amountCents;
              deposits += range?.quantity ?? 0;
              from += quantity;
            }
            for (const quantity of chunks(sent - cores, coreCuts)) core(quantity);
          }
          expect(refunded).toBe(order.totalCents);
        },
      ),
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
          const depositsBack = new Map<number, number>();
          for (const ret of returns) {
            const line = parts[ret.pick % parts.length] as MoneyLine;
            const key = `${ret.reason === 'core' ? 'core' : 'part'}:${line.position}`;
            const from = taken.get(key) ?? 0;
            const left = (shipped.get(line.position) ?? 0) - from;
            if (left <= 0) continue;
            const units = [{ position: line.position, from, quantity: 1 + (ret.size % left) }];
            taken.set(key, from + (units[0]?.quantity ?? 0));
            const range = depositsToGiveBack(order, line.position, units[0]?.quantity ?? 0, shipped.get(line.position) ?? 0, depositsBack.get(line.position) ?? 0);
            depositsBack.set(line.position, (depositsBack.get(line.position) ?? 0) + (range?.quantity ?? 0));
            const deposits = range ? [range] : [];
            const refund =
              ret.reason === 'core'
                ? coreRefund(order, deposits, refunded)
                : returnRefund(order, { reason: ret.reason, fitPromise: ret.fitPromise, restockingFeePpm: ret.feePpm, units, deposits }, refunded);
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

  it('says what an order’s credit notes gave back: refunded, or credited to the company’s account (decision 109)', () => {
    expect(givenBack({ paymentMethod: 'card', paid: true }, [2_000, 1_050])).toEqual({ refundedCents: 3_050, creditedToAccountCents: null });
    expect(givenBack({ paymentMethod: 'card', paid: true }, [])).toEqual({ refundedCents: 0, creditedToAccountCents: null });
    expect(givenBack({ paymentMethod: 'card', paid: false }, [])).toEqual({ refundedCents: null, creditedToAccountCents: null });
    expect(givenBack({ paymentMethod: 'account', paid: true }, [22_650])).toEqual({ refundedCents: null, creditedToAccountCents: 22_650 });
  });
});
