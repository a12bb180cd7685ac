import { describe, expect, it } from 'vitest';
import { ISO_COUNTRY_CODES, shippingMessages, shippingMethodInputSchema, taxPlace, taxRateInputSchema } from './shipping';

const method = { name: 'Standard', estimate: '5–7 business days', countries: 'US, CA', basePrice: '5.99', pricePerKg: '0.89' };

describe('ISO_COUNTRY_CODES', () => {
  it('is the 249 assigned codes, each once, each a region the browser can name', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });

    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    expect(ISO_COUNTRY_CODES.filter((code) => names.of(code) === code)).toEqual([]);
    expect(ISO_COUNTRY_CODES).not.toContain('EU');
  });
});

describe('shippingMethodInputSchema', () => {
  it('reads a form as typed: figures as text, countries as a list, empty limits as none, active by default', () => {
    expect(shippingMethodInputSchema.parse({ ...method, maxWeightKg: ' ', freeOver: '' })).toEqual({
      ...method,
      countries: ['US', 'CA'],
      basePrice: 5.99,
      pricePerKg: 0.89,
      maxWeightKg: null,
      freeOver: null,
      active: true,
    });
    expect(shippingMethodInputSchema.parse({ ...method, maxWeightKg: '31,5', freeOver: 150 })).toMatchObject({ maxWeightKg: 31.5, freeOver: 150 });
  });

  it('names the first unknown country', () => {
    const result = shippingMethodInputSchema.safeParse({ ...method, countries: 'US ZZ QQ' });

    expect(result.error?.issues.map((issue) => issue.message)).toEqual([shippingMessages.countryUnknown('ZZ')]);
  });
});

describe('taxRateInputSchema', () => {
  it('keeps four decimals and a whole country as region null', () => {
    expect(taxRateInputSchema.parse({ country: 'us', region: ' il ', ratePercent: '6.2500' })).toEqual({
      country: 'US',
      region: 'IL',
      ratePercent: 6.25,
      appliesToShipping: false,
    });
    expect(taxRateInputSchema.parse({ country: 'DE', region: null, ratePercent: 19, appliesToShipping: true }).region).toBeNull();
    expect(taxRateInputSchema.safeParse({ country: 'US', ratePercent: '6.25001' }).error?.issues[0]?.message).toBe(shippingMessages.ratePercentDecimals);
  });

  it('names a place as people write it', () => {
    expect(taxPlace('US', 'IL')).toBe('US-IL');
    expect(taxPlace('DE', null)).toBe('DE (the whole country)');
  });
});
