import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from './provider';

/** Stripe's documented test card numbers (DESIGN §6). */
const TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002' } as const;

export type TestCharge = { outcome: 'paid'; transactionId: string } | { outcome: 'declined' } | { outcome: 'unknown-card' };

/**
 * The built-in provider used when Stripe is not configured: "Test mode — no real charge". It
 * accepts 4242… and declines 4000 0000 0000 0002, like Stripe's test mode.
 */
export function createTestProvider(): PaymentProvider & { charge(cardNumber: string): TestCharge } {
  return {
    name: 'test',
    charge(cardNumber) {
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (digits === TEST_CARDS.pays) return { outcome: 'paid', transactionId: `test_${randomUUID()}` };
      if (digits === TEST_CARDS.declined) return { outcome: 'declined' };
      return { outcome: 'unknown-card' };
    },
    // Nothing was charged, so there is nothing to give back.
    async refund() {},
  };
}
