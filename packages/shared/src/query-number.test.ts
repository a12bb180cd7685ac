import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminOrdersQuerySchema, adminPartsQuerySchema, usersQuerySchema } from './admin';
import { auditQuerySchema } from './audit';
import { makesQuerySchema, partsPageQuerySchema, searchQuerySchema } from './catalogue';
import { isSearchPage, readQueryWholeNumber } from './catalogue-constants';
import { catalogueImportsQuerySchema } from './catalogue-data';
import { adminCertificatesQuerySchema } from './certificates';
import { companiesQuerySchema } from './companies';
import { ledgerQuerySchema } from './ledger';
import { pageQuerySchema } from './orders';
import { partChangesInputSchema } from './part-changes';
import { explainQuerySchema } from './price-lists';
import { adminReturnsQuerySchema } from './returns';

/**
 * What `Number()` (`z.coerce`) read as a whole number and a query's whole number is not: hex, an
 * exponent, a decimal point, a sign, spaces, binary and octal, nothing (decision 188). Each is 2 or
 * 10 (or 0) to `Number()`, so each would have been another address of a page the shop has.
 */
const notDigits = ['0x2', '0X2', '1e1', '2.0', '+2', '-0', ' 2', '2 ', ' 2 ', '0b10', '0o2', '2_0', '1,0', ''];

/** Every whole number of a query the shop reads, with a value in its bounds and its default when left out. */
const kinds: { name: string; schema: z.ZodType; field: string; fine: string; rest?: Record<string, string>; leftOut?: number }[] = [
  { name: 'My Orders page', schema: pageQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'Make Admin page', schema: usersQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'Manage Products page', schema: adminPartsQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'Manage Products page size', schema: adminPartsQuerySchema, field: 'pageSize', fine: '50', leftOut: 20 },
  { name: 'Manage All Orders page', schema: adminOrdersQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'Manage All Orders page size', schema: adminOrdersQuerySchema, field: 'pageSize', fine: '50', leftOut: 20 },
  { name: 'audit page', schema: auditQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'audit limit', schema: auditQuerySchema, field: 'limit', fine: '50', leftOut: 20 },
  { name: 'catalogue imports limit', schema: catalogueImportsQuerySchema, field: 'limit', fine: '5', leftOut: 50 },
  { name: 'certificates page', schema: adminCertificatesQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'companies page', schema: companiesQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'ledger limit', schema: ledgerQuerySchema, field: 'limit', fine: '10', leftOut: 500 },
  { name: 'ledger offset', schema: ledgerQuerySchema, field: 'offset', fine: '0', leftOut: 0 },
  { name: 'returns page', schema: adminReturnsQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'returns page size', schema: adminReturnsQuerySchema, field: 'pageSize', fine: '50', leftOut: 200 },
  { name: 'price explained quantity', schema: explainQuerySchema, field: 'quantity', fine: '12', rest: { partNumber: 'BRK-1' }, leftOut: 1 },
  { name: 'parts page', schema: partsPageQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'search page', schema: searchQuerySchema, field: 'page', fine: '2', leftOut: 1 },
  { name: 'year', schema: makesQuerySchema, field: 'year', fine: '2017' },
];

describe('a whole number in a query is digits only, one reading for every query (decision 188)', () => {
  for (const { name, schema, field, fine, rest = {}, leftOut } of kinds) {
    it(`${name}: ${fine} is ${fine}, ${notDigits.length} spellings Number() read are refused${leftOut === undefined ? '' : `, left out it is ${leftOut}`}`, () => {
      const parse = (value: string | undefined) => schema.safeParse({ ...rest, ...(value !== undefined && { [field]: value }) });
      expect((parse(fine).data as Record<string, unknown>)[field]).toBe(Number(fine));
      expect(notDigits.filter((value) => parse(value).success)).toEqual([]);
      if (leftOut !== undefined) expect((parse(undefined).data as Record<string, unknown>)[field]).toBe(leftOut);
    });
  }

  it('a refusal keeps its field’s words: the search page and the quantity say theirs', () => {
    expect(searchQuerySchema.safeParse({ page: '0x2' }).error?.issues.map((issue) => issue.message)).toEqual(['Pages run from 1 to 100']);
    expect(explainQuerySchema.safeParse({ partNumber: 'BRK-1', quantity: '1e1' }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['quantity']);
  });

  it('a part’s interchange and kit quantities: a number or digits only', () => {
    const changes = (quantity: unknown) => partChangesInputSchema.safeParse({ lifecycle: '2', replacedBy: null, interchange: [{ brand: 'Rival', partNumber: 'RV-7', quantity }], kit: [{ partNumber: 'PAD-2', quantity }] });
    expect(changes(2).data).toMatchObject({ interchange: [{ quantity: 2 }], kit: [{ quantity: 2 }] });
    expect(changes('2').data).toMatchObject({ interchange: [{ quantity: 2 }], kit: [{ quantity: 2 }] });
    expect(notDigits.filter((value) => changes(value).success)).toEqual([]);
  });

  it('the browser reads /shop’s page as the API does', () => {
    expect(['1', '2', '100', '007'].map(isSearchPage)).toEqual([true, true, true, true]);
    expect([...notDigits, '0', '101', 'x'].filter(isSearchPage)).toEqual([]);
    expect([readQueryWholeNumber('12'), readQueryWholeNumber(null), readQueryWholeNumber(undefined), readQueryWholeNumber('0x2')]).toEqual([12, Number.NaN, Number.NaN, Number.NaN]);
  });
});
