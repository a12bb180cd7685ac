import { describe, expect, it } from 'vitest';
import {
  coreRefund,
  depositsToGiveBack,
  lineShares,
  lineTotalCents,
  orderTax,
  orderTotalCents,
  proportionalShares,
  restRefund,
  returnRefund,
  shippingCents,
  stillRefundable,
  sumCents,
  taxCents,
  unitPriceCents,
  unitsCents,
  type MoneyLine,
  type MoneyOrder,
} from './money';
import { seededRandom } from './seeded-random';

/**
 * The money rules' invariants (decision 135) over many generated orders: no new dependency, a
 * seeded generator in a loop, so that a failure names its case and comes back on every run.
 */
const CASES = 2000;

type Random = ReturnType<typeof seededRandom>;

interface Generated {
  order: MoneyOrder;
  parts: { position: number; quantity: number; deposit?: number }[];
  partsCents: number;
  depositCents: number;
  shipping: number;
  tax: { taxCents: number; shippingTaxCents: number };
  ratePpm: number;
  appliesToShipping: boolean;
}

/** An order as checkout prices one: price breaks, core deposits, shipping by weight (maybe free), tax once. */
function generatedOrder(random: Random): Generated {
  const lines: MoneyLine[] = [];
  const parts: Generated['parts'] = [];
  let weightGrams = 0;
  const count = random.int(1, 6);
  for (let index = 0; index < count; index += 1) {
    const quantity = random.int(1, 40);
    const listCents = random.int(1, 250_000);
    const breaks = random.chance(0.5) ? [{ minQuantity: random.int(2, 20), unitPriceCents: random.int(1, listCents) }] : [];
    const unit = unitPriceCents(quantity, listCents, breaks);
    const position = lines.length;
    lines.push({ position, kind: 'part', depositFor: null, quantity, lineTotalCents: lineTotalCents(unit, quantity) });
    weightGrams += random.int(0, 30_000) * quantity;
    const deposit = random.chance(0.3) ? random.int(1, 30_000) : undefined;
    if (deposit !== undefined) lines.push({ position: position + 1, kind: 'core-deposit', depositFor: position, quantity, lineTotalCents: lineTotalCents(deposit, quantity) });
    parts.push({ position, quantity, ...(deposit === undefined ? {} : { deposit }) });
  }
  const partsCents = sumCents(lines.filter((line) => line.kind === 'part').map((line) => line.lineTotalCents));
  const depositCents = sumCents(lines.filter((line) => line.kind === 'core-deposit').map((line) => line.lineTotalCents));
  const method = {
    basePriceCents: random.int(0, 5_000),
    pricePerKgCents: random.int(0, 900),
    maxWeightGrams: null,
    freeOverCents: random.chance(0.3) ? random.int(1, 500_000) : null,
  };
  const shipping = shippingCents(method, weightGrams, partsCents) ?? 0;
  const ratePpm = random.chance(0.2) ? 0 : random.int(1, 150_000);
  const appliesToShipping = random.chance(0.5);
  const tax = orderTax(ratePpm, partsCents, shipping, appliesToShipping);
  const totalCents = orderTotalCents({ partsCents, depositCents, shippingCents: shipping, taxCents: tax.taxCents });
  return {
    order: { shippingCents: shipping, taxCents: tax.taxCents, shippingTaxCents: tax.shippingTaxCents, totalCents, lines },
    parts,
    partsCents,
    depositCents,
    shipping,
    tax,
    ratePpm,
    appliesToShipping,
  };
}

function eachCase(seed: number, check: (random: Random, index: number) => void) {
  const random = seededRandom(seed);
  for (let index = 0; index < CASES; index += 1) check(random, index);
}

describe('an order’s total', () => {
  it('is its lines, deposits, shipping and tax, in whole cents, the tax rounded once and half up', () => {
    eachCase(135, (random) => {
      const { order, partsCents, depositCents, shipping, tax, ratePpm, appliesToShipping } = generatedOrder(random);
      const linesCents = sumCents(order.lines.map((line) => line.lineTotalCents));
      expect(order.totalCents).toBe(linesCents + shipping + tax.taxCents);
      expect(linesCents).toBe(partsCents + depositCents);
      for (const cents of [order.totalCents, shipping, tax.taxCents, tax.shippingTaxCents]) expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
      // Rounded once: within half a cent of the exact tax of everything taxed, a half rounded up.
      const taxed = partsCents + (appliesToShipping ? shipping : 0);
      const exact = (ratePpm * taxed) / 1_000_000;
      expect(tax.taxCents).toBe(taxCents(ratePpm, taxed));
      expect(Math.abs(tax.taxCents - exact)).toBeLessThanOrEqual(0.5);
      if (tax.taxCents - exact === -0.5) throw new Error('a half cent rounded down');
      expect(tax.shippingTaxCents).toBe(appliesToShipping ? tax.taxCents - taxCents(ratePpm, partsCents) : 0);
    });
  });

  it('less what is deducted is the same sum with it taken away', () => {
    eachCase(136, (random) => {
      const amounts = { partsCents: random.int(0, 1e7), depositCents: random.int(0, 1e6), shippingCents: random.int(0, 1e5), taxCents: random.int(0, 1e6) };
      const deductedCents = random.int(0, amounts.partsCents);
      expect(orderTotalCents({ ...amounts, deductedCents })).toBe(orderTotalCents(amounts) - deductedCents);
    });
  });
});

describe('splitting an order', () => {
  it('into shares of its tax and shipping over its lines creates and loses no cent', () => {
    eachCase(137, (random) => {
      const { order } = generatedOrder(random);
      const shares = [...lineShares(order).values()];
      expect(sumCents(shares.map((share) => share.taxCents))).toBe(order.taxCents - order.shippingTaxCents);
      expect(sumCents(shares.map((share) => share.shippingCents))).toBe(order.shippingCents);
      expect(sumCents(shares.map((share) => share.shippingTaxCents))).toBe(order.shippingTaxCents);
    });
  });

  it('into parcels (shipments, returns) of any sizes gives each line’s amount back exactly', () => {
    eachCase(138, (random) => {
      const quantity = random.int(1, 60);
      const cents = random.int(0, 5_000_000);
      let from = 0;
      const parcels: number[] = [];
      while (from < quantity) {
        const to = Math.min(quantity, from + random.int(1, quantity));
        parcels.push(unitsCents(cents, quantity, from, to));
        from = to;
      }
      expect(sumCents(parcels)).toBe(cents);
      expect(parcels.every((parcel) => parcel >= 0)).toBe(true);
    });
  });

  it('in proportion to any weights adds up to the whole', () => {
    eachCase(139, (random) => {
      const total = random.int(0, 10_000_000);
      const weights = Array.from({ length: random.int(1, 8) }, () => (random.chance(0.2) ? 0 : random.int(1, 1_000_000)));
      const shares = proportionalShares(total, weights);
      expect(sumCents(shares)).toBe(total);
      expect(shares.every((share) => Number.isSafeInteger(share) && share >= 0)).toBe(true);
    });
  });
});

describe('refunds and credit notes', () => {
  it('never give back more than was paid, however an order is shipped, returned and cancelled, and give all of it back when everything comes back', () => {
    eachCase(140, (random) => {
      const { order, parts } = generatedOrder(random);
      const shipped = new Map(parts.map((part) => [part.position, random.int(0, part.quantity)]));
      const returned = new Map(parts.map((part) => [part.position, 0]));
      const depositsBack = new Map(parts.map((part) => [part.position, 0]));
      let refunded = 0;
      // Returns of shipped units, in chunks, by a shop-at-fault reason (everything of them goes back).
      for (let round = 0; round < 4; round += 1) {
        const part = parts[random.int(0, parts.length - 1)]!;
        const left = (shipped.get(part.position) ?? 0) - (returned.get(part.position) ?? 0);
        if (left <= 0) continue;
        const quantity = random.int(1, left);
        const deposits = depositsToGiveBack(order, part.position, quantity, shipped.get(part.position) ?? 0, depositsBack.get(part.position) ?? 0);
        const refund = returnRefund(
          order,
          { reason: 'defective', fitPromise: false, restockingFeePpm: 0, units: [{ position: part.position, from: returned.get(part.position) ?? 0, quantity }], ...(deposits ? { deposits: [deposits] } : {}) },
          refunded,
        );
        expect(refund.amountCents).toBeGreaterThanOrEqual(0);
        expect(refund.amountCents).toBeLessThanOrEqual(stillRefundable(order, refunded));
        refunded += refund.amountCents;
        returned.set(part.position, (returned.get(part.position) ?? 0) + quantity);
        depositsBack.set(part.position, (depositsBack.get(part.position) ?? 0) + (deposits?.quantity ?? 0));
      }
      // A core return of whatever deposits are still held for shipped units gives no more than is left.
      const cores = parts.flatMap((part) => {
        const range = depositsToGiveBack(order, part.position, part.quantity, shipped.get(part.position) ?? 0, depositsBack.get(part.position) ?? 0);
        return range ? [range] : [];
      });
      const core = coreRefund(order, cores, refunded);
      expect(core.amountCents).toBeLessThanOrEqual(stillRefundable(order, refunded));
      // Cancelling the unshipped rest.
      const rest = restRefund(order, shipped, refunded + core.amountCents);
      expect(rest.amountCents).toBeLessThanOrEqual(stillRefundable(order, refunded + core.amountCents));
      const all = refunded + core.amountCents + rest.amountCents;
      expect(all).toBeLessThanOrEqual(order.totalCents);
      // Then the rest of the shipped units come back too: the whole order has been given back, to the cent.
      let back = all;
      for (const part of parts) {
        const from = returned.get(part.position) ?? 0;
        const quantity = (shipped.get(part.position) ?? 0) - from;
        if (quantity <= 0) continue;
        const refund = returnRefund(order, { reason: 'wrong-part-sent', fitPromise: false, restockingFeePpm: 0, units: [{ position: part.position, from, quantity }] }, back);
        back += refund.amountCents;
      }
      expect(back).toBeLessThanOrEqual(order.totalCents);
      const depositsHeldForShipped = sumCents(
        cores.map((range) => unitsCents(order.lines.find((line) => line.depositFor === range.position)!.lineTotalCents, parts.find((part) => part.position === range.position)!.quantity, range.from, range.from + range.quantity)),
      );
      expect(back).toBe(order.totalCents - depositsHeldForShipped + core.amountCents);
    });
  });
});
