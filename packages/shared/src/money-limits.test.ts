import { describe, expect, it } from 'vitest';
import { productInputSchema } from './admin';
import { coreDepositInputSchema } from './after-sale';
import { CORE_DEPOSIT_MAX } from './after-sale-constants';
import { PRICE_MAX } from './catalogue-constants';
import { searchQuerySchema } from './catalogue';
import { priceBreaksInputSchema } from './parts';
import { priceListTierInputSchema } from './price-lists';
import { shippingMethodInputSchema, SHIPPING_PRICE_MAX } from './shipping';

/** The messages a schema gives `value`, as the form under its field and the API's 400 say them. */
function said(result: { success: boolean; error?: { issues: readonly { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

/**
 * Every money input over its cap says the cap, as the shop writes an amount (decision 198): a
 * price break's said "give a price like 8.50", a contract's unit price "at most 1,000,000", a
 * shipping price "at most 100000" and a search's price filter "0 or more".
 */
describe('a money input over its limit says the limit, in one wording', () => {
  const over = PRICE_MAX + 0.01;
  it.each([
    ['a product’s price', () => said(productInputSchema.shape.price.safeParse(over)), 'Price is at most $1,000,000.00'],
    ['a price break’s price', () => said(priceBreaksInputSchema.safeParse([{ minQuantity: 5, unitPrice: String(over) }])), 'Tier 1: the price is at most $1,000,000.00'],
    ['a contract’s unit price', () => said(priceListTierInputSchema.safeParse({ minQuantity: 5, unitPrice: over })), 'Unit price is at most $1,000,000.00'],
    ['a shipping method’s base price', () => said(shippingMethodInputSchema.shape.basePrice.safeParse(SHIPPING_PRICE_MAX + 0.01)), 'Base price is at most $100,000.00'],
    ['a core deposit', () => said(coreDepositInputSchema.safeParse(CORE_DEPOSIT_MAX + 0.01)), 'Core deposit is at most $10,000.00'],
    ['a search’s price filter', () => said(searchQuerySchema.safeParse({ maxPrice: String(over) })), 'Give a price in dollars from $0.00 to $1,000,000.00'],
  ])('%s', (_input, messages, expected) => {
    expect(messages()).toEqual([expected]);
  });

  it('takes the cap itself', () => {
    expect(productInputSchema.shape.price.safeParse(PRICE_MAX).success).toBe(true);
    expect(priceBreaksInputSchema.safeParse([{ minQuantity: 5, unitPrice: String(PRICE_MAX) }]).success).toBe(true);
    expect(priceListTierInputSchema.safeParse({ minQuantity: 5, unitPrice: PRICE_MAX }).success).toBe(true);
  });
});
