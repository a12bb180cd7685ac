import { describe, expect, it } from 'vitest';
import { cardExpired, paymentMessages, testPaymentSchema } from './payments';

const card = { orderId: 'order-1', cardNumber: '4242 4242 4242 4242', cvc: '123' };

describe('a test card’s expiry', () => {
  const november2026 = new Date('2026-11-25T12:00:00Z');

  it.each([
    ['01/20', true],
    ['10/26', true],
    ['11/26', false],
    ['12/26', false],
    ['01/27', false],
  ])('%s has expired by 25 November 2026: %s', (expiry, expired) => {
    expect(cardExpired(expiry, november2026)).toBe(expired);
  });

  it('is good through the last day of its month, in UTC', () => {
    expect(cardExpired('11/26', new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(cardExpired('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });

  it('refuses an expired card with its own message, and a malformed expiry with the format’s only', () => {
    const expired = testPaymentSchema.safeParse({ ...card, expiry: '01/20' });
    expect(expired.error?.issues.map((issue) => issue.message)).toEqual([paymentMessages.cardExpired]);

    const malformed = testPaymentSchema.safeParse({ ...card, expiry: '' });
    expect(malformed.error?.issues.map((issue) => issue.message)).toEqual(['Enter the expiry as MM/YY']);

    expect(testPaymentSchema.safeParse({ ...card, expiry: '12/99' }).success).toBe(true);
  });
});
