/**
 * Payment providers sit behind one interface (DESIGN §6). Each has its own way to take a payment
 * (Stripe Checkout's redirect and webhook; the test provider's card form), and both end in the
 * orders repository's `markPaid`, the one "payment succeeded" path.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /**
   * Gives back `amountCents` of a captured payment (all of it when absent); safe to call twice
   * with one `key` (default: the order's full refund).
   */
  refund(payment: { orderId: string; transactionId: string; amountCents?: number; key?: string }): Promise<void>;
  /** Closes a hosted payment page opened for an order (Stripe's Checkout Session), if the provider has one. */
  expireCheckout?(sessionId: string): Promise<void>;
}
