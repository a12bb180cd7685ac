import { describe, expect, it } from 'vitest';
import { percentToPpm, shippingCents, taxCents, unitPriceCents } from './money';

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
