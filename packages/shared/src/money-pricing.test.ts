import { describe, expect, it } from 'vitest';
import { PRICE_MAX } from './catalogue-constants';
import {
  bpToPercent,
  centsToDollars,
  dollarsToCents,
  memberPrice,
  percentOffCents,
  percentToBp,
  percentToPpm,
  priceBreaksToCents,
  priceBreaksToDollars,
  rateCents,
  shippingCents,
  taxCents,
  unitPriceCents,
} from './money';

describe('unitPriceCents', () => {
  const breaks = [
    { minQuantity: 50, unitPriceCents: 790 },
    { minQuantity: 10, unitPriceCents: 850 },
  ];
  it.each([
    [1, 999],
    [9, 999],
    [10, 850],
    [49, 850],
    [50, 790],
    [500, 790],
  ])('%i units cost %i cents each', (quantity, cents) => {
    expect(unitPriceCents(quantity, 999, breaks)).toBe(cents);
  });
});

describe('shippingCents', () => {
  const method = { basePriceCents: 599, pricePerKgCents: 150, maxWeightGrams: 30_000, freeOverCents: 10_000 };
  it('is the base price plus the price per kg of the exact weight, rounded half up', () => {
    expect(shippingCents(method, 2_333, 5_000)).toBe(599 + 350); // 349.95 -> 350
    expect(shippingCents(method, 1_003, 5_000)).toBe(599 + 150); // 150.45 -> 150
    expect(shippingCents(method, 0, 5_000)).toBe(599);
  });
  it('is free from the free-over subtotal on, and unavailable past the maximum weight', () => {
    expect(shippingCents(method, 2_000, 10_000)).toBe(0);
    expect(shippingCents(method, 2_000, 9_999)).toBe(599 + 300);
    expect(shippingCents(method, 30_001, 10_000)).toBeUndefined();
  });
});

describe('taxCents', () => {
  it('rounds half up to the cent once', () => {
    expect(taxCents(percentToPpm(6.25), 1_000)).toBe(63); // 62.5 -> 63
    expect(taxCents(percentToPpm(6.25), 999)).toBe(62); // 62.4375
    expect(taxCents(percentToPpm(8.875), 12_345)).toBe(1_096); // 1095.62
    expect(taxCents(0, 12_345)).toBe(0);
  });
});

describe('price breaks between dollars and cents: one conversion each way', () => {
  it('gives back the cents the API sent for any price up to the cap, so none comes out a cent off', () => {
    // What the API sends is `centsToDollars` of a stored price, through JSON (which keeps a double
    // exactly); what the browser and the member's prices read back is `dollarsToCents` of it, the
    // two functions `priceBreaksToDollars` and `priceBreaksToCents` apply to each break.
    // Why none can be off: c / 100 is within half a unit in the last place of the true value, so
    // (c / 100) × 100 is within c × 2⁻⁵² of c, under 0.000001 for any c up to the cap: `Math.round`
    // gives c back. Tried here on the first and the last million cents below the cap (all 10⁸
    // take 15 s in the test runner, 0.3 s in plain Node: none off).
    let off = 0;
    const top = PRICE_MAX * 100;
    for (const from of [0, top - 1_000_000]) {
      for (let cents = from; cents <= from + 1_000_000; cents += 1) if (dollarsToCents(centsToDollars(cents)) !== cents) off += 1;
    }
    expect(off).toBe(0);
    expect(priceBreaksToCents(priceBreaksToDollars([{ minQuantity: 2, unitPriceCents: 100_000_000 }, { minQuantity: 3, unitPriceCents: 1 }]))).toEqual([
      { minQuantity: 2, unitPriceCents: 100_000_000 },
      { minQuantity: 3, unitPriceCents: 1 },
    ]);
  });

  it('keeps each break\'s quantity', () => {
    expect(priceBreaksToCents([{ minQuantity: 10, unitPrice: 8.5 }, { minQuantity: 50, unitPrice: 7.9 }])).toEqual([
      { minQuantity: 10, unitPriceCents: 850 },
      { minQuantity: 50, unitPriceCents: 790 },
    ]);
  });
});

describe('a contract\'s rate (decision 080)', () => {
  it('charges its fixed price, or the list price less its percentage off, rounded half up once', () => {
    expect(rateCents({ unitPriceCents: 799 }, 1005)).toBe(799);
    expect(rateCents({ percentOffBp: 1200 }, 1005)).toBe(884);
    expect(rateCents({ percentOffBp: 10_000 }, 1005)).toBe(0);
  });

  it.each([10_001, -1, 12.5, Number.NaN])('refuses a percentage off of %s basis points rather than price a part below nothing or between two cents', (bp) => {
    // 100.01 % off $10.05 was −$0.00…, 12.5 basis points a price between two cents.
    expect(() => percentOffCents(1005, bp)).toThrow(RangeError);
    expect(() => rateCents({ percentOffBp: bp }, 1005)).toThrow(RangeError);
  });

  it('writes basis points as the API\'s percentage and back, exactly', () => {
    for (let bp = 1; bp <= 10_000; bp += 1) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });

  it('lets a member pay the lower of contract and retail, the contract on a tie (decision 104)', () => {
    expect(memberPrice({ unitPriceCents: 700 }, 650)).toEqual({ unitPriceCents: 650, retailCents: 650, contract: { unitPriceCents: 700 }, retailWins: true });
    expect(memberPrice({ unitPriceCents: 650 }, 650)).toMatchObject({ unitPriceCents: 650, retailWins: false });
  });
});
