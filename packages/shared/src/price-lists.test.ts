import { describe, expect, it } from 'vitest';
import { memberPrice, percentOffCents, unitPriceCents, type PriceBreakCents } from './money';
import {
  contractPrice,
  contractRule,
  listInForce,
  memberPriceBreaks,
  priceListInputSchema,
  priceListMessages,
  retailWinsRule,
  type ContractList,
  type PricedPart,
} from './price-lists';

/**
 * The member's price of `quantity` units of `part`, composed as the API's `linePrice` composes it:
 * the lower of the contract price of `lists` and the retail price (`breaks`, the part's own).
 */
const memberPriceOf = (lists: readonly ContractList[], part: PricedPart, breaks: readonly PriceBreakCents[], quantity: number, day: string) =>
  memberPrice(contractPrice(lists, part, quantity, day), unitPriceCents(quantity, part.listPriceCents, breaks));

const brake = { id: 'brake-pad', categorySlug: 'brakes', listPriceCents: 1005 };

function list(overrides: Partial<ContractList> & Pick<ContractList, 'entries'>): ContractList {
  return { id: overrides.name ?? 'list', name: 'Fleetco brakes 2026', priority: 1, startsOn: null, endsOn: null, ...overrides };
}

describe('percentOffCents', () => {
  it.each([
    [1005, 1200, 884], // 884.4 rounds down
    [1000, 1250, 875],
    [1, 5000, 1], // 0.5 rounds half up
    [999, 10000, 0],
    [12345, 1, 12344], // 0.01 % of $123.45 is 1.2345 cents
  ])('%i cents less %i basis points is %i cents', (list, bp, cents) => {
    expect(percentOffCents(list, bp)).toBe(cents);
  });
});

describe('listInForce', () => {
  it('includes both its first and its last day', () => {
    const window = { startsOn: '2026-01-01', endsOn: '2026-12-31' };
    expect(listInForce(window, '2025-12-31')).toBe(false);
    expect(listInForce(window, '2026-01-01')).toBe(true);
    expect(listInForce(window, '2026-12-31')).toBe(true);
    expect(listInForce(window, '2027-01-01')).toBe(false);
    expect(listInForce({ startsOn: null, endsOn: null }, '1999-01-01')).toBe(true);
  });
});

describe('contractPrice', () => {
  const tiered = list({
    entries: [
      {
        partId: null,
        categorySlug: 'brakes',
        percentOffBp: 1200,
        tiers: [
          { minQuantity: 50, unitPriceCents: 700 },
          { minQuantity: 10, percentOffBp: 2000 },
        ],
      },
    ],
  });

  it.each([
    [1, 884, undefined],
    [9, 884, undefined],
    [10, 804, 10],
    [49, 804, 10],
    [50, 700, 50],
  ])('%i units: %i cents each (tier %s)', (quantity, cents, tier) => {
    const price = contractPrice([tiered], brake, quantity, '2026-06-01');
    expect(price?.unitPriceCents).toBe(cents);
    expect(price?.tier?.minQuantity).toBe(tier);
  });

  it('leaves a part no list prices alone', () => {
    expect(contractPrice([tiered], { ...brake, categorySlug: 'filters' }, 1, '2026-06-01')).toBeUndefined();
    expect(contractPrice([tiered], { ...brake, categorySlug: null }, 1, '2026-06-01')).toBeUndefined();
  });

  it('takes the first list by priority that prices the part, whatever the order given', () => {
    const first = list({ id: 'a', name: 'A', priority: 1, entries: [{ partId: null, categorySlug: 'filters', unitPriceCents: 1, tiers: [] }] });
    const second = list({ id: 'b', name: 'B', priority: 2, entries: [{ partId: 'brake-pad', categorySlug: null, unitPriceCents: 900, tiers: [] }] });
    const third = list({ id: 'c', name: 'C', priority: 3, entries: [{ partId: 'brake-pad', categorySlug: null, unitPriceCents: 500, tiers: [] }] });
    expect(contractPrice([third, second, first], brake, 1, '2026-06-01')?.list.id).toBe('b');
    expect(contractPrice([first, third], brake, 1, '2026-06-01')?.unitPriceCents).toBe(500);
  });

  it('passes over a list out of its dates', () => {
    const expired = list({ id: 'old', name: 'Old', priority: 1, endsOn: '2026-05-31', entries: [{ partId: 'brake-pad', categorySlug: null, unitPriceCents: 100, tiers: [] }] });
    const later = list({ id: 'new', name: 'New', priority: 2, startsOn: '2026-06-01', entries: [{ partId: 'brake-pad', categorySlug: null, unitPriceCents: 800, tiers: [] }] });
    expect(contractPrice([expired, later], brake, 1, '2026-05-31')?.unitPriceCents).toBe(100);
    expect(contractPrice([expired, later], brake, 1, '2026-06-01')?.unitPriceCents).toBe(800);
  });

  it("prefers the part's own entry to its category's within a list", () => {
    const both = list({
      entries: [
        { partId: null, categorySlug: 'brakes', percentOffBp: 5000, tiers: [] },
        { partId: 'brake-pad', categorySlug: null, unitPriceCents: 950, tiers: [] },
      ],
    });
    expect(contractPrice([both], brake, 1, '2026-06-01')?.unitPriceCents).toBe(950);
  });

  it('says why in words', () => {
    const price = contractPrice([tiered], brake, 12, '2026-06-01');
    expect(price && contractRule(price)).toBe('Fleetco brakes 2026, category brakes, \u221220\u00a0%, tier 10+');
    const fixed = contractPrice([list({ entries: [{ partId: 'brake-pad', categorySlug: null, unitPriceCents: 950, tiers: [] }] })], brake, 1, '2026-06-01');
    expect(fixed && contractRule(fixed)).toBe('Fleetco brakes 2026, $9.50 each');
  });
});

describe('priceListInputSchema', () => {
  const valid = { name: 'Fleetco', priority: 1, entries: [{ category: 'brakes', percentOff: 12 }] };
  it('takes a list with a category entry', () => {
    expect(priceListInputSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['both a part and a category', { entries: [{ partId: 'x', category: 'brakes', percentOff: 12 }] }, priceListMessages.target],
    ['a part by id and by number', { entries: [{ partId: 'x', partNumber: 'BRK-1', percentOff: 12 }] }, priceListMessages.target],
    ['an empty category', { entries: [{ category: '', percentOff: 12 }] }, priceListMessages.category],
    ['an empty part number (the form’s words, not the API’s field names)', { entries: [{ partNumber: ' ', percentOff: 12 }] }, 'Enter a part number'],
    ['a priority typed as words', { priority: 'first' }, priceListMessages.priority],
    ['both a price and a percentage', { entries: [{ category: 'brakes', percentOff: 12, unitPrice: 3 }] }, 'unit price or a percent off'],
    ['a percentage over 100', { entries: [{ category: 'brakes', percentOff: 101 }] }, 'Percent off'],
    ['three decimals of a percent', { entries: [{ category: 'brakes', percentOff: 12.345 }] }, 'Percent off'],
    ['a day that does not exist', { startsAt: '2026-02-30' }, 'YYYY-MM-DD'],
    ['dates the wrong way round', { startsAt: '2026-02-02', endsAt: '2026-02-01' }, 'end date'],
    ['a category twice', { entries: [{ category: 'brakes', percentOff: 1 }, { category: 'brakes', percentOff: 2 }] }, 'appears once'],
    ['a tier of 1', { entries: [{ category: 'brakes', percentOff: 1, tiers: [{ minQuantity: 1, percentOff: 2 }] }] }, 'quantity of 2'],
    // A mistyped field is named, not dropped: the list would be saved without its last day (decision 133).
    ['a field it does not have', { endsOn: '2026-12-31' }, 'A price list has no field endsOn; its fields are name, priority, startsAt, endsAt, entries.'],
  ])('refuses %s', (_case, change, message) => {
    const parsed = priceListInputSchema.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });
});

describe('memberPriceOf: a member never pays more than anyone else for the same quantity (decision 104)', () => {
  // The audit's case: $8.99, 12 % off its category, a retail break of $5.99 from 100.
  const filter = { id: 'flt-1001', categorySlug: 'filters', listPriceCents: 899 };
  const retailBreaks = [{ minQuantity: 100, unitPriceCents: 599 }];
  const fleetco = list({ name: 'Fleetco 2026', entries: [{ partId: null, categorySlug: 'filters', percentOffBp: 1200, tiers: [] }] });

  it.each([
    [1, 791, false],
    [99, 791, false],
    [100, 599, true],
    [500, 599, true],
  ])('%i units: %i cents each (retail wins: %s)', (quantity, cents, retailWins) => {
    const price = memberPriceOf([fleetco], filter, retailBreaks, quantity, '2026-06-01');
    expect(price.unitPriceCents).toBe(cents);
    expect(price.retailWins).toBe(retailWins);
    expect(price.contract?.unitPriceCents).toBe(791);
    expect(price.unitPriceCents).toBeLessThanOrEqual(unitPriceCents(quantity, filter.listPriceCents, retailBreaks));
  });

  it('charges the list price, not a fixed contract price above it; the contract on a tie', () => {
    const cable = { id: 'elc-1001', categorySlug: null, listPriceCents: 18900 };
    const dear = list({ entries: [{ partId: 'elc-1001', categorySlug: null, unitPriceCents: 25000, tiers: [] }] });
    expect(memberPriceOf([dear], cable, [], 1, '2026-06-01')).toMatchObject({ unitPriceCents: 18900, retailCents: 18900, retailWins: true });
    const even = list({ entries: [{ partId: 'elc-1001', categorySlug: null, unitPriceCents: 18900, tiers: [] }] });
    expect(memberPriceOf([even], cable, [], 1, '2026-06-01')).toMatchObject({ unitPriceCents: 18900, retailWins: false });
    expect(memberPrice(undefined, 500)).toEqual({ unitPriceCents: 500, retailCents: 500, contract: undefined, retailWins: true });
  });

  it('gives the member price breaks from which the browser works out the same price at every quantity', () => {
    const tiered = list({ entries: [{ partId: null, categorySlug: 'filters', percentOffBp: 1200, tiers: [{ minQuantity: 50, unitPriceCents: 650 }, { minQuantity: 200, unitPriceCents: 500 }] }] });
    const priceAt = (quantity: number) => memberPriceOf([tiered], filter, retailBreaks, quantity, '2026-06-01').unitPriceCents;
    const breaks = memberPriceBreaks(priceAt, [50, 200, 100]);
    expect(breaks).toEqual([
      { minQuantity: 50, unitPriceCents: 650 },
      { minQuantity: 100, unitPriceCents: 599 },
      { minQuantity: 200, unitPriceCents: 500 },
    ]);
    for (const quantity of [1, 49, 50, 99, 100, 199, 200, 1000]) expect(unitPriceCents(quantity, priceAt(1), breaks)).toBe(priceAt(quantity));
    // A start where the price does not change is left out.
    expect(memberPriceBreaks(() => 500, [10])).toEqual([]);
  });

  it('says which won, in words', () => {
    const price = memberPriceOf([fleetco], filter, retailBreaks, 100, '2026-06-01');
    if (!price.contract) throw new Error('no contract price');
    expect(retailWinsRule({ retailCents: price.retailCents, contract: price.contract }, retailBreaks[0])).toBe(
      'Retail price break 100+ ($5.99) is lower than the contract price of $7.91 (Fleetco 2026, category filters, \u221212\u00a0%), so the member pays it',
    );
  });
});
