import { describe, expect, it } from 'vitest';
import { allocateCents, availableCreditCents, centsToDollars, decimalTextToCents, dollarsToCents, formatPrice, overCreditLimitCents, paidInFull, parseMoneyText, sumDollars } from './money';

describe('centsToDollars', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [1999, 19.99],
    [4999, 49.99],
    [100_000, 1000],
  ])('%i cents are %d dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe('sumDollars', () => {
  it('adds in whole cents, where float dollars drift off the cent', () => {
    const amounts = [0.1, 0.2];
    expect(amounts.reduce((sum, dollars) => sum + dollars, 0)).not.toBe(0.3);
    expect(sumDollars(amounts)).toBe(0.3);
    expect(sumDollars([19.99, 4.35, 0.07])).toBe(24.41);
    expect(sumDollars([])).toBe(0);
  });
});

describe('dollarsToCents', () => {
  it.each([
    [19.99, 1999],
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point.
    [0.1 + 0.2, 30],
    // Each of these times 100 lands just below or above the integer.
    [4.35, 435],
    [1.15, 115],
    [0.29, 29],
    [8.99, 899],
    [0.07, 7],
    [1000, 100_000],
    [0, 0],
  ])('%d dollars are %i cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
    expect(Number.isInteger(dollarsToCents(dollars))).toBe(true);
  });

  it('round-trips every cent amount up to $100', () => {
    for (let cents = 0; cents <= 10_000; cents++) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });
});

describe('decimalTextToCents', () => {
  it.each([
    ['12.345', 1235],
    ['1.005', 101],
    ['2.675', 268],
    ['12.3449999', 1234],
    ['12.3450', 1235],
    ['0.0049', 0],
    ['64.5', 6450],
    ['64', 6400],
    ['999999999.995', 100_000_000_000],
  ])('reads %s as %i cents, half up from its digits', (text, cents) => {
    expect(decimalTextToCents(text)).toBe(cents);
  });

  it('rounds where the binary number would not: dollarsToCents reads 1.005 as 100', () => {
    expect(dollarsToCents(1.005)).toBe(100);
    expect(decimalTextToCents('1.005')).toBe(101);
  });

  it.each(['-1', '1e3', '', '.5', '12.', ' 12', '0x10'])('reads %j as no amount', (text) => {
    expect(decimalTextToCents(text)).toBeUndefined();
  });
});

describe('formatPrice', () => {
  it.each([
    [49.99, '$49.99'],
    [12.5, '$12.50'],
    [7, '$7.00'],
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    [1234567.89, '$1,234,567.89'],
    [-5, '-$5.00'],
  ])('shows %d as %s', (dollars, text) => {
    expect(formatPrice(dollars)).toBe(text);
  });

  it('writes every price as Intl’s en-US dollar format does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const prices = [0.01, 0.1, 0.99, 1, 9.99, 10, 99.5, 100, 999.99, 1000, 1000.01, 10000, 99999.99, 100000, 999999, 1e6, 21474836.47, -0.5, -1234.5];
    for (let cents = 0; cents < 200_000; cents += 997) prices.push(cents / 100);
    for (const price of prices) expect(formatPrice(price)).toBe(intl.format(price));
  });
});

describe('parseMoneyText', () => {
  it.each([
    ['12.50', 12.5],
    ['12,50', 12.5],
    ['12,5', 12.5],
    [' $12.50 ', 12.5],
    ['12', 12],
    ['0,99', 0.99],
    ['19.999', 19.999],
    ['-3', -3],
    ['1,000.50', 1000.5],
    ['$1,234.5', 1234.5],
    ['1,000,000', 1_000_000],
    ['10,000,000.00', 10_000_000],
  ])('reads %j as %d dollars', (text, dollars) => {
    expect(parseMoneyText(text)).toBe(dollars);
  });

  it.each(['1,250', '1.250,00', '12.5.0', '12,505', 'twelve', '', '1e3', 'Infinity', '0x10', '1,00.50', '1,0000.50', ',100.50', '1,000,00', '1,000,000,000,000.00'])('refuses %j rather than guess', (text) => {
    expect(parseMoneyText(text)).toBeUndefined();
  });
});

describe('paidInFull', () => {
  it('is a payment of the total exactly, in dollars', () => {
    expect(paidInFull({ amountCents: 4998, currency: 'usd' }, 4998)).toBe(true);
    expect(paidInFull({ amountCents: 4998, currency: 'USD' }, 4998)).toBe(true);
  });

  it.each([
    ['a cent short', 4997, 'usd'],
    ['a cent over', 4999, 'usd'],
    ['no amount', null, 'usd'],
    ['another currency', 4998, 'eur'],
    ['no currency', 4998, undefined],
  ])('is not %s', (_name, amountCents, currency) => {
    expect(paidInFull({ amountCents, currency }, 4998)).toBe(false);
  });
});

describe('a credit limit', () => {
  it('leaves the limit less the balance, never below 0, and nothing to say without a limit', () => {
    expect(availableCreditCents(100_000, 25_050)).toBe(74_950);
    expect(availableCreditCents(100_000, 120_000)).toBe(0);
    expect(availableCreditCents(100_000, -5_000)).toBe(105_000);
    expect(availableCreditCents(null, 25_050)).toBeNull();
  });

  it('is passed by an order that takes the balance above it, not one that reaches it', () => {
    expect(overCreditLimitCents(100_000, 90_000, 10_000)).toBe(false);
    expect(overCreditLimitCents(100_000, 90_000, 10_001)).toBe(true);
    expect(overCreditLimitCents(null, 90_000_000, 10_001)).toBe(false);
  });
});

describe('allocateCents', () => {
  it('gives each amount owed in turn what it owes, up to what is left, and says what no one took', () => {
    expect(allocateCents(4_000, [1_500, 2_500])).toEqual({ shares: [1_500, 2_500], leftCents: 0 });
    expect(allocateCents(3_000, [1_500, 2_500, 700])).toEqual({ shares: [1_500, 1_500, 0], leftCents: 0 });
    expect(allocateCents(5_001, [1_500, 2_500])).toEqual({ shares: [1_500, 2_500], leftCents: 1_001 });
    expect(allocateCents(0, [1_500])).toEqual({ shares: [0], leftCents: 0 });
    expect(allocateCents(999, [])).toEqual({ shares: [], leftCents: 999 });
  });

  it('never gives more than the amount, nor any one more than it owes', () => {
    for (const [amount, owed] of [[1, [1, 1, 1]], [10_007, [3_333, 3_333, 3_333]], [250, [99, 1, 300, 7]]] as const) {
      const { shares, leftCents } = allocateCents(amount, owed);
      expect(shares.reduce((sum, share) => sum + share, leftCents)).toBe(amount);
      shares.forEach((share, n) => expect(share).toBeLessThanOrEqual(owed[n] ?? 0));
      expect(leftCents === 0 || shares.every((share, n) => share === owed[n])).toBe(true);
    }
  });
});
