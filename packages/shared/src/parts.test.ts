import { describe, expect, it } from 'vitest';
import { dollarsToCents } from './money';
import { partPricingMessages, priceBreaksInputSchema, priceBreaksProblem, weightKgInputSchema } from './parts';

const messagesOf = (input: unknown) => priceBreaksInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('priceBreaksInputSchema', () => {
  it('reads tiers typed as text, in any order, and gives them back by quantity', () => {
    expect(priceBreaksInputSchema.parse([{ minQuantity: '50', unitPrice: '7,90' }, { minQuantity: 10, unitPrice: '$8.50' }])).toEqual([
      { minQuantity: 10, unitPrice: 8.5 },
      { minQuantity: 50, unitPrice: 7.9 },
    ]);
    expect(priceBreaksInputSchema.parse([])).toEqual([]);
  });

  it('names each bad row by its place, and a bad set by its tiers', () => {
    expect(messagesOf([{ minQuantity: '', unitPrice: '' }])).toEqual([partPricingMessages.tierQuantity(1), partPricingMessages.tierPrice(1)]);
    expect(messagesOf([{ minQuantity: 10, unitPrice: 9 }, { minQuantity: 1, unitPrice: 8 }])).toEqual([partPricingMessages.tierQuantity(2)]);
    expect(messagesOf([{ minQuantity: 10, unitPrice: 9 }, { minQuantity: 10, unitPrice: 8 }])).toContain(partPricingMessages.tierTwice(10));
    expect(messagesOf([{ minQuantity: 10, unitPrice: 8 }, { minQuantity: 5, unitPrice: 7 }])).toEqual([partPricingMessages.tierNotFalling(10, 5)]);
    expect(messagesOf(Array.from({ length: 21 }, (_, index) => ({ minQuantity: 100 - index, unitPrice: 1 + index })))).toContain(partPricingMessages.tooManyTiers);
  });
});

describe('priceBreaksProblem', () => {
  it('holds every tier below the list price', () => {
    expect(priceBreaksProblem([{ minQuantity: 10, unitPrice: 8.5 }], 9.99)).toBeUndefined();
    expect(priceBreaksProblem([{ minQuantity: 10, unitPrice: 9.99 }], 9.99)).toBe(partPricingMessages.tierNotBelowList(10, 9.99));
    expect(partPricingMessages.tierNotBelowList(10, 9.99)).toBe('The tier from 10 must cost less than the list price ($9.99)');
  });

  // Regression (decision 210): compared as doubles, a tier a hair below the list price (or the tier
  // before it) passed, though both are the same cents once stored.
  it('compares prices in the cents they are kept in: a tier the same cent as the list price, or as the tier before, is refused', () => {
    const listPrice = 12.300000000000002;
    expect(listPrice).toBeGreaterThan(12.3);
    expect(dollarsToCents(listPrice)).toBe(dollarsToCents(12.3));
    expect(priceBreaksProblem([{ minQuantity: 10, unitPrice: 12.3 }], listPrice)).toBe(partPricingMessages.tierNotBelowList(10, listPrice));
    expect(priceBreaksProblem([{ minQuantity: 10, unitPrice: 8.500000000000002 }, { minQuantity: 20, unitPrice: 8.5 }])).toBe(partPricingMessages.tierNotFalling(20, 10));
    expect(priceBreaksProblem([{ minQuantity: 10, unitPrice: 12.29 }], listPrice)).toBeUndefined();
  });

  it('lets one tier at or below the minimum order be every order\u2019s price, and names one below it that could never be charged', () => {
    const tiers = [{ minQuantity: 50, unitPrice: 7 }, { minQuantity: 10, unitPrice: 8 }];
    expect(priceBreaksProblem(tiers, 10, 49)).toBeUndefined();
    expect(priceBreaksProblem(tiers, 10, 50)).toBe(partPricingMessages.tierNeverCharged(10, 50, 50));
    expect(priceBreaksProblem(tiers, 10)).toBeUndefined();
  });
});

describe('weightKgInputSchema', () => {
  it('takes kilograms to the gram, as typed', () => {
    expect(weightKgInputSchema.parse('1.25')).toBe(1.25);
    expect(weightKgInputSchema.parse('0,5')).toBe(0.5);
    expect(weightKgInputSchema.parse(1000)).toBe(1000);
    expect(weightKgInputSchema.safeParse(1.0005).error?.issues[0]?.message).toBe(partPricingMessages.weightDecimals);
    expect(weightKgInputSchema.safeParse(-0.001).error?.issues[0]?.message).toBe(partPricingMessages.weightRange);
    expect(weightKgInputSchema.safeParse('a lot').error?.issues[0]?.message).toBe(partPricingMessages.weightNumber);
  });
});
