import { describe, expect, it } from 'vitest';
import { addressInputSchema, addressLines, addressMessages, countries, countryOf, type AddressInput } from './addresses';
import { validation } from './messages';
import { phoneSchema } from './phone';

const illinois: AddressInput = {
  name: 'Jane Doe',
  line1: '100 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '+1 217 555 0100',
};

/** The messages of a refused address, by field. */
function problems(input: object): Record<string, string> {
  const result = addressInputSchema.safeParse({ ...illinois, ...input });
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const country = (code: string) => countryOf(code)!;

describe('addressInputSchema', () => {
  it('takes a US address and keeps it in its usual form', () => {
    expect(addressInputSchema.parse({ ...illinois, region: 'us-il', phone: '(217) 555-0100' })).toEqual({
      name: 'Jane Doe',
      company: '',
      line1: '100 Main St',
      line2: '',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
      phone: '+1 217 555 0100',
      isDefault: false,
    });
  });

  it.each([
    ['US', 'IL', '62701-1234', '62701-1234'],
    ['CA', 'ON', 'k1a0b1', 'K1A 0B1'],
    ['MX', 'CMX', '06600', '06600'],
    ['AU', 'NSW', '2000', '2000'],
    ['GB', null, 'sw1a 1aa', 'SW1A 1AA'],
    ['GB', '', 'EC1A1BB', 'EC1A 1BB'],
    ['DE', undefined, '10115', '10115'],
    ['FR', null, '75008', '75008'],
    ['NL', null, '1012ab', '1012 AB'],
  ])('takes %s with region %s and postal code %s', (code, region, postalCode, kept) => {
    const parsed = addressInputSchema.parse({ ...illinois, country: code, region, postalCode, phone: '' });
    expect(parsed.postalCode).toBe(kept);
    expect(parsed.region).toBe(country(code).regions ? region : null);
  });

  it.each([
    ['US', '6270'],
    ['US', '62701-12'],
    ['CA', 'D1A 0B1'],
    ['GB', '12345'],
    ['NL', '0123 AB'],
    ['NL', '1234 SS'],
    ['AU', '20000'],
    ['DE', '1011'],
  ])('refuses in %s the postal code %s, naming the form', (code, postalCode) => {
    const region = country(code).regions?.list[0]?.code ?? null;
    expect(problems({ country: code, region, postalCode, phone: '' })).toEqual({ postalCode: addressMessages.postalCode(country(code)) });
  });

  it('refuses a region not in the country’s list, a missing one, and one where the country has none', () => {
    expect(problems({ region: 'ON' })).toEqual({ region: addressMessages.regionRequired(country('US')) });
    expect(problems({ region: null })).toEqual({ region: 'State: choose one from the list for United States' });
    expect(problems({ country: 'CA', region: 'IL', postalCode: 'K1A 0B1', phone: '' })).toEqual({
      region: 'Province or territory: choose one from the list for Canada',
    });
    expect(problems({ country: 'DE', region: 'BY', postalCode: '10115', phone: '' })).toEqual({ region: addressMessages.regionNone(country('DE')) });
  });

  it('lists every US state and DC, every Canadian province and territory, the Mexican and Australian states', () => {
    expect(country('US').regions?.list).toHaveLength(51);
    expect(country('CA').regions?.list).toHaveLength(13);
    expect(country('MX').regions?.list).toHaveLength(32);
    expect(country('AU').regions?.list).toHaveLength(8);
    expect(countries.map((entry) => entry.code).toSorted()).toEqual(['AU', 'CA', 'DE', 'FR', 'GB', 'MX', 'NL', 'US']);
  });

  it('refuses a country the shop does not ship to', () => {
    expect(problems({ country: 'ZZ' })).toEqual({ country: addressMessages.countryUnknown });
    expect(problems({ country: 'USA' })).toEqual({ country: addressMessages.countryUnknown });
  });

  it('requires name, line 1, city and postal code, and bounds each field, naming it', () => {
    expect(problems({ name: ' ', line1: '', city: '', postalCode: '' })).toEqual({
      name: addressMessages.nameRequired,
      line1: addressMessages.line1Required,
      city: addressMessages.cityRequired,
      postalCode: addressMessages.postalCodeRequired,
    });
    expect(problems({ postalCode: '' })).toEqual({ postalCode: addressMessages.postalCodeRequired });
    expect(problems({ company: 'x'.repeat(101), line2: 'y'.repeat(101) })).toEqual({
      company: 'Company must be at most 100 characters',
      line2: 'Address line 2 must be at most 100 characters',
    });
  });

  it('says everything wrong at once: the country’s checks run while other fields are refused', () => {
    const blank = { name: '', line1: '', city: '', region: '', postalCode: '', country: 'US', phone: '' };
    const result = addressInputSchema.safeParse(blank);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      // The fields' own checks first: the API's 400 names the first, as it did.
      ['name', addressMessages.nameRequired],
      ['line1', addressMessages.line1Required],
      ['city', addressMessages.cityRequired],
      ['region', 'State: choose one from the list for United States'],
      ['postalCode', addressMessages.postalCodeRequired],
    ]);
    expect(problems({ name: '', region: 'ON', postalCode: '6270', phone: '555-abc' })).toEqual({
      name: addressMessages.nameRequired,
      region: addressMessages.regionRequired(country('US')),
      postalCode: addressMessages.postalCode(country('US')),
      phone: validation.phoneCharacters,
    });
    // A field refused by its own check is not checked again; the others still are.
    expect(problems({ postalCode: '1'.repeat(13), region: 'ON', city: 42 })).toEqual({
      city: expect.any(String),
      postalCode: 'Postal code must be at most 12 characters',
      region: addressMessages.regionRequired(country('US')),
    });
    // Without a country the shop knows, nothing is checked against one.
    expect(problems({ country: 'USA', name: '', postalCode: 'nonsense' })).toEqual({
      name: addressMessages.nameRequired,
      country: addressMessages.countryUnknown,
    });
    expect(addressInputSchema.safeParse('an address').success).toBe(false);
    expect(addressInputSchema.safeParse(null).success).toBe(false);
  });

  it('reads a national phone number in the address’s country, and keeps it international', () => {
    const london = { ...illinois, country: 'GB', region: null, postalCode: 'SW1A 1AA' };
    expect(addressInputSchema.parse({ ...london, phone: '020 7946 0958' }).phone).toBe('+44 20 7946 0958');
    expect(addressInputSchema.parse({ ...illinois, phone: '+1 217 555 0100' }).phone).toBe('+1 217 555 0100');
    expect(problems({ phone: '555-abc' })).toEqual({ phone: validation.phoneCharacters });
    expect(problems({ phone: 'call +1 217 555 0100' })).toEqual({ phone: validation.phoneCharacters });
    expect(problems({ phone: '+1 217 55' })).toEqual({ phone: validation.phoneDigits });
  });
});

describe('phoneSchema (the profile’s phone)', () => {
  it.each([
    ['+1 217 555 0100', '+1 217 555 0100'],
    ['(217) 555-0100', '+1 217 555 0100'],
    ['217.555.0100', '+1 217 555 0100'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['020 7946 0958', '020 7946 0958'],
    ['01712345678', '01712345678'],
    ['555-0100', '555-0100'],
    ['+99  1234 5678', '+99 1234 5678'],
  ])('takes %j, 7 to 15 digits as people write them, and keeps it as %j', (typed, kept) => {
    expect(phoneSchema.parse(typed)).toBe(kept);
  });

  it.each([
    ['555-abc', validation.phoneCharacters],
    ['call 217 555 0100', validation.phoneCharacters],
    ['1e5', validation.phoneCharacters],
    ['＋1 217 555 0100', validation.phoneCharacters],
    ['217 + 555', validation.phoneCharacters],
    ['12 34', validation.phoneDigits],
    ['555 010', validation.phoneDigits],
    ['+44 20 7946 0958 1234 5', validation.phoneDigits],
  ])('refuses %j saying what is wrong', (typed, message) => {
    expect(phoneSchema.safeParse(typed).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('never asks for an area code', () => {
    expect(validation.phoneDigits).toContain('7 to 15 digits; numbers outside the US with their country code, e.g. +44 20 7946 0958');
    expect(Object.values(validation).join(' ')).not.toMatch(/area code/);
  });
});

describe('addressLines', () => {
  it('writes an address as a label, without empty lines', () => {
    expect(addressLines({ ...illinois, company: 'Acme', line2: '', region: 'IL', postalCode: '62701', country: 'US' })).toEqual([
      'Jane Doe',
      'Acme',
      '100 Main St',
      'Springfield, IL 62701',
      'United States',
    ]);
  });
});
