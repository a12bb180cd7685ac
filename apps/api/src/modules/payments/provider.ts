/**
 * Payment providers sit behind one interface (DESIGN §6). Each has its own way to take a payment
 * (Stripe Checkout's redirect and webhook; the test provider's card form), and both end in the
 * orders repository's `markPaid`, the one "payment succeeded" path.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Gives a captured payment back in full; safe to call twice for one order. */
  refund(payment: { orderId: string; transactionId: string }): Promise<void>;
}
