import { describe, expect, it } from 'vitest';
import { groupedNumber, listInWords } from './text';
import type { z } from 'zod';
import { addressInputSchema } from './addresses';
import { placeCheckoutSchema } from './checkout';
import { companyCreateSchema } from './companies';
import { directionControlMessage } from './form-fields';
import { placeOrderSchema } from './orders';
import { createReturnSchema, rejectReturnSchema } from './returns';
import { reviewInputSchema } from './reviews';

/** The message of `field` when `schema` reads `input`, or undefined when it has none. */
function messageOf(schema: z.ZodType, input: object, field: string): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const address = { name: 'Jane Doe', line1: '100 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US', phone: '+1 217 555 0100' };
const order = { partId: 'p', customername: 'Jane Doe', address: '100 Main St', orderQuantity: 1 };
const checkout = { shippingMethodId: 'standard' };
const company = { name: 'Acme', ownerEmail: 'owner@example.com' };
const returned = { orderId: 'o', lines: [{ partId: 'p', quantity: 1 }], reason: 'damaged' };

/** Each free text another person reads: its schema, what it takes, its field and its label. */
const fields: Array<{ schema: z.ZodType; base: object; field: string; label: string }> = ([
  [placeOrderSchema, order, 'customername', 'Name'],
  [placeOrderSchema, order, 'address', 'Address'],
  [addressInputSchema, address, 'name', 'Name'],
  [addressInputSchema, address, 'company', 'Company'],
  [addressInputSchema, address, 'line1', 'Address line 1'],
  [addressInputSchema, address, 'line2', 'Address line 2'],
  [addressInputSchema, address, 'city', 'City'],
  [placeCheckoutSchema, checkout, 'note', 'Note'],
  [reviewInputSchema, {}, 'description', 'Description'],
  [companyCreateSchema, company, 'name', 'Company name'],
  [companyCreateSchema, company, 'taxId', 'Tax id'],
  [createReturnSchema, returned, 'note', 'Note'],
  [rejectReturnSchema, {}, 'reason', 'Reason'],
] as const).map(([schema, base, field, label]) => ({ schema, base, field, label }));

describe('text-direction controls in text another person reads (decision 216)', () => {
  it.each(fields)('$label ($field) is refused with an embedding, override or isolate control, in its label’s words', ({ schema, base, field, label }) => {
    // "Trojan source": U+202E makes "Paid in full 0.00$" read backwards to the admin.
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(messageOf(schema, { ...base, [field]: `Jane ${control}eoD` }, field), `U+${control.codePointAt(0)?.toString(16)}`).toBe(directionControlMessage(label));
    }
    expect(directionControlMessage(label)).toBe(`${label} can’t contain text-direction control characters`);
  });

  it.each(fields)('$label ($field) keeps the left-to-right and right-to-left marks that real writing uses', ({ schema, base, field }) => {
    expect(messageOf(schema, { ...base, [field]: 'שלום\u200F 12\u200E' }, field)).toBeUndefined();
  });
});

describe('listInWords', () => {
  it('writes none, one, two and more items as the shop’s sentences do', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['INV-000003'])).toBe('INV-000003');
    expect(listInWords(['INV-000003', 'INV-000004'])).toBe('INV-000003 and INV-000004');
    expect(listInWords(['A', 'B', 'C'])).toBe('A, B and C');
  });
});

describe('groupedNumber', () => {
  it('writes a whole number as en-US’s toLocaleString does, without Intl', () => {
    const numbers = [0, 7, 99, 999, 1000, 9999, 10_000, 123_456, 1_000_000, 2_147_483_647, 1_000_000_000];
    for (let n = 0; n < 3_000_000; n += 9973) numbers.push(n);
    for (const n of numbers) expect(groupedNumber(n)).toBe(n.toLocaleString('en-US'));
  });
});
