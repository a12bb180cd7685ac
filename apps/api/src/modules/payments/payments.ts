import type { Config } from '../../env';
import type { PaymentProvider } from './provider';
import { createStripeProvider, type StripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

export type Payments =
  | { mode: 'stripe'; provider: StripeProvider }
  | { mode: 'test'; provider: ReturnType<typeof createTestProvider> };

/** PAYMENTS chooses: Stripe by default when it is configured, else the built-in test provider (DESIGN §6). */
export function createPayments(config: Config): Payments {
  return config.payments === 'stripe' && config.stripe
    ? { mode: 'stripe', provider: createStripeProvider(config.stripe) }
    : { mode: 'test', provider: createTestProvider() };
}

export type { PaymentProvider };
