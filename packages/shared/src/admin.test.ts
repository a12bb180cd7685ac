import { describe, expect, it } from 'vitest';
import {
  adminOrdersQuerySchema,
  adminPartsQuerySchema,
  productInputSchema,
  productUpdateSchema,
  restockSchema,
  userSummarySchema,
} from './admin';
import { catalogueInputSchema } from './catalogue';
import { catalogueMessages } from './catalogue-constants';
import { RATING_CHOICES } from './constants';
import { validation } from './messages';
import { dollarsToCents } from './money';
import { REVIEW_MAX_LENGTH, reviewInputSchema } from './reviews';

/** A valid Add a Product form, as the browser sends it: every value as text (SPEC §3). */
const form = {
  name: 'Brake pads',
  img: 'https://images.example.com/pads.png',
  description: 'Front axle set.',
  storequantity: '12',
  price: '19.99',
};

/** The messages of a failed parse, or the parsed value. */
function product(fields: Record<string, unknown>) {
  const result = productInputSchema.safeParse({ ...form, ...fields });
  return result.success ? { data: result.data } : { messages: result.error.issues.map((issue) => issue.message) };
}

describe('productInputSchema', () => {
  it('takes the form’s text values and gives numbers, trimmed text and a minimum of 1', () => {
    expect(product({ name: '  Brake pads  ' })).toEqual({
      data: {
        name: 'Brake pads',
        img: 'https://images.example.com/pads.png',
        description: 'Front axle set.',
        storequantity: 12,
        price: 19.99,
        minOrderQuantity: 1,
      },
    });
  });

  it('takes numbers as well', () => {
    expect(product({ storequantity: 12, price: 19.99, minOrderQuantity: 3 }).data).toMatchObject({
      storequantity: 12,
      price: 19.99,
      minOrderQuantity: 3,
    });
  });

  it.each([
    [{ minOrderQuantity: undefined }, 1],
    [{ minOrderQuantity: '4' }, 4],
    [{ minOrderQuantity: 2 }, 2],
  ])('gives the minimum order quantity of %j as %i', (fields, minimum) => {
    expect(product(fields).data?.minOrderQuantity).toBe(minimum);
  });

  it.each([
    [19.99, 1999],
    ['19.99', 1999],
    [0.1 + 0.2, 30],
    [4.35, 435],
    [1.15, 115],
    ['0.29', 29],
    [8.99, 899],
    [0.07, 7],
    ['0', 0],
    [' 7.5 ', 750],
    // A decimal comma is twelve dollars fifty, never $1,250.
    ['12,50', 1250],
    ['$12', 1200],
    [1_000_000, 100_000_000],
  ])('takes the price %j, which is %i cents', (price, cents) => {
    const parsed = product({ price }).data;

    expect(parsed).toBeDefined();
    expect(dollarsToCents(parsed!.price)).toBe(cents);
  });

  it.each([
    ['name', undefined, validation.nameRequired],
    ['name', '', validation.nameRequired],
    ['name', '   ', validation.nameRequired],
    ['img', undefined, 'Image is Required'],
    ['img', '', 'Image is Required'],
    ['description', undefined, validation.descriptionRequired],
    ['description', ' ', validation.descriptionRequired],
    ['storequantity', undefined, 'Store quantity is Required'],
    ['storequantity', '', 'Store quantity is Required'],
    ['price', undefined, 'Price is Required'],
    ['price', '', 'Price is Required'],
    ['price', '   ', 'Price is Required'],
  ])('calls %s %j missing', (field, value, message) => {
    expect(product({ [field]: value }).messages?.[0]).toBe(message);
  });

  it.each([
    ['price', 'abc', 'Price must be an amount like 12.50'],
    ['price', 'NaN', 'Price must be an amount like 12.50'],
    ['price', Number.NaN, 'Price must be an amount like 12.50'],
    ['price', 'Infinity', 'Price must be an amount like 12.50'],
    ['price', null, 'Price must be an amount like 12.50'],
    ['price', true, 'Price must be an amount like 12.50'],
    ['price', '1,250', 'Price must be an amount like 12.50'],
    ['storequantity', 'ten', 'Store quantity must be a number'],
    ['storequantity', Number.NaN, 'Store quantity must be a number'],
    ['minOrderQuantity', 'one', 'Minimum order quantity must be a number'],
    ['minOrderQuantity', '', 'Minimum order quantity is Required'],
    ['price', -1, 'Price cannot be negative'],
    ['price', '-0.01', 'Price cannot be negative'],
    ['storequantity', '-1', 'Store quantity cannot be negative'],
    ['minOrderQuantity', 0, 'Minimum order quantity is at least 1'],
    ['minOrderQuantity', '-2', 'Minimum order quantity is at least 1'],
    ['price', 1.005, 'Price has at most two decimals'],
    ['price', '19.999', 'Price has at most two decimals'],
    ['price', '0.001', 'Price has at most two decimals'],
    ['storequantity', 2.5, 'Store quantity must be a whole number'],
    ['storequantity', '1.5', 'Store quantity must be a whole number'],
    ['minOrderQuantity', '1.5', 'Minimum order quantity must be a whole number'],
  ])('refuses %s %j: %s', (field, value, message) => {
    expect(product({ [field]: value }).messages).toEqual([message]);
  });

  it.each([
    ['name', '\u200b\u200b', validation.nameRequired],
    ['name', ' \u200b\u2060\ufeff\u00ad ', validation.nameRequired],
    ['name', '\u200d\u3164', validation.nameRequired],
    ['description', '\u200b', validation.descriptionRequired],
  ])('refuses the %s %j, of characters that do not show', (field, value, message) => {
    expect(product({ [field]: value }).messages).toEqual([message]);
    expect(productUpdateSchema.safeParse({ [field]: value }).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('takes a name with a zero-width character beside visible ones', () => {
    expect(product({ name: 'Brake\u200bpads' }).data?.name).toBe('Brake\u200bpads');
  });

  it.each(['1e3', '1E3', '0x10', '0b1', '1_000', '1,000', '12abc'])('refuses the store quantity %j: plain digits only', (storequantity) => {
    expect(product({ storequantity }).messages).toEqual(['Store quantity must be a whole number in plain digits, like 1000']);
    expect(restockSchema.safeParse({ quantity: storequantity }).error?.issues.map((issue) => issue.message)).toEqual([
      'Quantity must be a whole number in plain digits, like 1000',
    ]);
  });

  it.each([
    ['1000', 1000],
    [' +12 ', 12],
    ['007', 7],
  ])('reads the store quantity %j as %i', (storequantity, value) => {
    expect(product({ storequantity }).data?.storequantity).toBe(value);
  });

  it('refuses a price break from "1e3" units', () => {
    expect(productUpdateSchema.safeParse({ priceBreaks: [{ minQuantity: '1e3', unitPrice: '8.50' }] }).success).toBe(false);
  });

  it('refuses a specification whose name or value does not show', () => {
    const catalogue = { category: null, partNumber: 'BRK-1', oemNumbers: [] };
    const messages = (specs: unknown) => catalogueInputSchema.safeParse({ ...catalogue, specs }).error?.issues.map((issue) => issue.message);
    expect(messages([{ name: '\u200b', value: 'Front' }])).toEqual([catalogueMessages.specBlank]);
    expect(messages([{ name: 'Position', value: '\u2060\u200b' }])).toEqual([catalogueMessages.specBlank]);
    expect(messages([{ name: 'Position', value: 'Front' }])).toBeUndefined();
  });

  it('refuses a price over a million dollars', () => {
    expect(product({ price: '1000000.01' }).messages).toHaveLength(1);
  });

  it.each([
    'https://images.example.com/pads.png',
    '/images/parts/pads.png',
    '  /images/parts/pads.png  ',
  ])('takes the image %j', (img) => {
    expect(product({ img }).data?.img).toBe(img.trim());
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example/pads.png',
    '/\\evil.example/pads.png',
    'images/pads.png',
    'ftp://images.example.com/pads.png',
    'https://images.example.com/my pads.png',
  ])('refuses the image %j', (img) => {
    expect(product({ img }).messages).toEqual(['Give an image URL (https://…) or a path on this site (/images/…)']);
  });

  it('reports every bad field at once, each with its own message', () => {
    const result = productInputSchema.safeParse({});

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', validation.nameRequired],
      ['img', 'Image is Required'],
      ['description', validation.descriptionRequired],
      ['storequantity', 'Store quantity is Required'],
      ['price', 'Price is Required'],
    ]);
  });
});

describe('productUpdateSchema', () => {
  it('takes any subset of the fields, nothing included', () => {
    expect(productUpdateSchema.parse({})).toEqual({});
    expect(productUpdateSchema.parse({ price: '2.5', availableQuantity: '0', expectedAvailableQuantity: 3 })).toEqual({
      price: 2.5,
      availableQuantity: 0,
      expectedAvailableQuantity: 3,
    });
  });

  it('takes a new stock figure only with the stock the admin saw, so sales since are never undone', () => {
    expect(productUpdateSchema.safeParse({ availableQuantity: 5 }).error?.issues[0]?.message).toBe(
      'Send the stock you saw with a new stock figure',
    );
  });

  it('drops fields that are not a part’s', () => {
    expect(productUpdateSchema.parse({ name: 'x', archived: true, id: 'y' })).toEqual({ name: 'x' });
  });

  it.each([
    [{ name: '' }, validation.nameRequired],
    [{ price: '1.234' }, 'Price has at most two decimals'],
    [{ availableQuantity: -1, expectedAvailableQuantity: 0 }, 'Available quantity cannot be negative'],
    [{ availableQuantity: 'x' }, 'Available quantity must be a number'],
    [{ minOrderQuantity: 0 }, 'Minimum order quantity is at least 1'],
    [{ img: 'javascript:alert(1)' }, 'Give an image URL (https://…) or a path on this site (/images/…)'],
  ])('refuses %j', (fields, message) => {
    expect(productUpdateSchema.safeParse(fields).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('restockSchema', () => {
  it.each([
    [1, 1],
    ['25', 25],
  ])('takes %j', (quantity, parsed) => {
    expect(restockSchema.parse({ quantity })).toEqual({ quantity: parsed });
  });

  it.each([
    [0, 'Restock at least 1'],
    [-5, 'Restock at least 1'],
    [1.5, 'Quantity must be a whole number'],
    ['', 'Quantity is Required'],
    [undefined, 'Quantity is Required'],
  ])('refuses %j: %s', (quantity, message) => {
    expect(restockSchema.safeParse({ quantity }).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('adminOrdersQuerySchema', () => {
  it('defaults to the first page of 20, any status, any e-mail', () => {
    expect(adminOrdersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('reads the query string’s text', () => {
    expect(adminOrdersQuerySchema.parse({ status: 'paid', email: ' ann ', page: '3', pageSize: '50' })).toEqual({
      status: 'paid',
      email: 'ann',
      page: 3,
      pageSize: 50,
    });
  });

  it.each([{ status: 'refunded' }, { page: '0' }, { page: 'x' }, { page: '1.5' }, { page: '10001' }, { page: '9007199254740991' }, { pageSize: '101' }, { pageSize: '0' }])(
    'refuses %j',
    (query) => {
      expect(adminOrdersQuerySchema.safeParse(query).success).toBe(false);
    },
  );

  it('stops at page 10,000, as every list, Manage Products too', () => {
    expect(adminOrdersQuerySchema.parse({ page: '10000' }).page).toBe(10_000);
    expect(adminPartsQuerySchema.safeParse({ page: '10001' }).success).toBe(false);
  });
});

describe('userSummarySchema', () => {
  it('keeps only e-mail, name, role and whether the address is confirmed', () => {
    expect(userSummarySchema.parse({ email: 'a@example.com', name: 'A', role: 'admin', emailVerified: true, id: 'x', password: 'y' })).toEqual({
      email: 'a@example.com',
      name: 'A',
      role: 'admin',
      emailVerified: true,
    });
  });
});

describe('reviewInputSchema', () => {
  it.each(RATING_CHOICES)('takes the rating %s', (ratings) => {
    expect(reviewInputSchema.parse({ description: 'Good.', ratings })).toEqual({ description: 'Good.', ratings });
  });

  it('has exactly the choices of SPEC §9', () => {
    expect(RATING_CHOICES).toEqual(['1', '2', '2.5', '3', '3.5', '4', '4.5', '5']);
  });

  it('takes no rating at all (SPEC §5: a rating is not enforced)', () => {
    expect(reviewInputSchema.parse({ description: 'Good.' })).toEqual({ description: 'Good.' });
  });

  it.each(['0', '1.5', '5.5', '6', '10', 'five', '', ' 5', 5, 4.5, null])('refuses the rating %j', (ratings) => {
    expect(reviewInputSchema.safeParse({ description: 'Good.', ratings }).error?.issues.map((issue) => issue.message)).toEqual([
      'Choose a rating from the list',
    ]);
  });

  it.each([undefined, '', '   ', 42])('calls the description %j missing', (description) => {
    expect(reviewInputSchema.safeParse({ description }).error?.issues.map((issue) => issue.message)).toEqual([
      validation.descriptionRequired,
    ]);
  });

  it(`trims the description and takes up to ${REVIEW_MAX_LENGTH} characters`, () => {
    const longest = 'x'.repeat(REVIEW_MAX_LENGTH);

    expect(reviewInputSchema.parse({ description: ` ${longest} ` }).description).toBe(longest);
    expect(reviewInputSchema.safeParse({ description: `${longest}x` }).error?.issues.map((issue) => issue.message)).toEqual([
      `Description must be at most ${REVIEW_MAX_LENGTH} characters`,
    ]);
  });

  it('drops an e-mail and a name in the input: they come from the session', () => {
    expect(reviewInputSchema.parse({ description: 'Good.', email: 'x@example.com', name: 'X' })).toEqual({ description: 'Good.' });
  });
});
