import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coreDepositInputSchema, warrantyEnds } from './after-sale';

describe('warrantyEnds (decision 203)', () => {
  it.each([
    ['2027-01-31T10:00:00.000Z', 1, '2027-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2028-02-29T23:30:00.000Z', 12, '2029-02-28T23:30:00.000Z'],
    ['2027-03-31T00:00:00.000Z', 1, '2027-04-30T00:00:00.000Z'],
    ['2027-08-31T08:15:00.000Z', 6, '2028-02-29T08:15:00.000Z'],
    ['2027-01-15T10:00:00.000Z', 1, '2027-02-15T10:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', 2, '2027-02-28T12:00:00.000Z'],
    ['2026-11-30T12:00:00.000Z', 3, '2027-02-28T12:00:00.000Z'],
    ['2027-02-28T12:00:00.000Z', 1, '2027-03-28T12:00:00.000Z'],
    ['2027-05-31T12:00:00.000Z', 240, '2047-05-31T12:00:00.000Z'],
  ])('%s + %i months ends %s: the same day, or the month’s last', (since, months, ends) => {
    expect(warrantyEnds(new Date(since), months).toISOString()).toBe(ends);
  });

  it('ends in the month `months` later, never past the day it started on, at the same time of day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: 1, max: 240 }), (since, months) => {
        const end = warrantyEnds(since, months);
        expect(end.getUTCFullYear() * 12 + end.getUTCMonth()).toBe(since.getUTCFullYear() * 12 + since.getUTCMonth() + months);
        expect(end.getUTCDate()).toBeLessThanOrEqual(since.getUTCDate());
        const nextDay = new Date(end);
        nextDay.setUTCDate(end.getUTCDate() + 1);
        // Short of its day only at the month's end.
        if (end.getUTCDate() < since.getUTCDate()) expect(nextDay.getUTCDate()).toBe(1);
        expect(end.getTime() % 86_400_000).toBe(since.getTime() % 86_400_000);
      }),
    );
  });
});

describe('coreDepositInputSchema', () => {
  // Regression (decision 210): its range said "$0.01 to $10,000", not as the shop writes an amount.
  it('says its cap as every money input says one, and its least amount as the shop writes amounts', () => {
    const messageOf = (input: unknown) => coreDepositInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(messageOf('12000')).toBe('Core deposit is at most $10,000.00');
    expect(messageOf(0)).toBe('Core deposit is at least $0.01 (leave it empty for none)');
    expect(coreDepositInputSchema.parse('10,000.00')).toBe(10_000);
    expect(coreDepositInputSchema.parse('')).toBeNull();
  });
});
