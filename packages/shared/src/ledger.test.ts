import { describe, expect, it } from 'vitest';
import { addDays, ageBalance, ageingBucketOf, daysBetween, isIsoDay, onAccountLabel } from './ledger';

describe('the ageing of a balance', () => {
  it('puts an amount in its bucket by whole days past due, the bounds included where the names say', () => {
    const asOf = '2026-11-30';
    expect(ageingBucketOf('2026-11-30', asOf)).toBe('current');
    expect(ageingBucketOf('2026-12-15', asOf)).toBe('current');
    expect(ageingBucketOf('2026-11-29', asOf)).toBe('1-30');
    expect(ageingBucketOf('2026-10-31', asOf)).toBe('1-30');
    expect(ageingBucketOf('2026-10-30', asOf)).toBe('31-60');
    expect(ageingBucketOf('2026-10-01', asOf)).toBe('31-60');
    expect(ageingBucketOf('2026-09-30', asOf)).toBe('61-90');
    expect(ageingBucketOf('2026-09-01', asOf)).toBe('61-90');
    expect(ageingBucketOf('2026-08-31', asOf)).toBe('90+');
    expect(ageingBucketOf(null, asOf)).toBe('current');
  });

  it('adds every open amount into its bucket; the buckets add up to the balance, a credit included', () => {
    const open = [
      { dueOn: '2026-12-10', cents: 10_000 },
      { dueOn: '2026-11-20', cents: 2_500 },
      { dueOn: '2026-11-01', cents: 1_000 },
      { dueOn: '2026-07-01', cents: 700 },
      { dueOn: null, cents: -1_200 },
    ];
    const aged = ageBalance(open, '2026-11-30');
    expect(aged).toEqual({ current: 8_800, '1-30': 3_500, '31-60': 0, '61-90': 0, '90+': 700 });
    expect(Object.values(aged).reduce((a, b) => a + b, 0)).toBe(open.reduce((a, b) => a + b.cents, 0));
  });
});

describe('days', () => {
  it('counts across months and leap years, and refuses days that do not exist', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-1-01')).toBe(false);
  });

  it('names the terms at checkout in words', () => {
    expect(onAccountLabel('net30')).toBe('On account (net 30)');
    expect(onAccountLabel('receipt')).toBe('On account (due on receipt)');
  });
});
