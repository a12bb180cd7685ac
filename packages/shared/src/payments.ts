import { z } from 'zod';

export const paymentModeSchema = z.enum(['stripe', 'test']);

export const testModeLabel = 'Test mode — no real charge';

export const paymentMessages = {
  declined: 'Your card was declined. No money was taken; try another card.',
  unknownTestCard: 'In test mode use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).',
  paid: 'Payment received. Thank you!',
  stripeUnavailable: 'The payment service could not be reached. Please try again in a moment.',
  cardExpired: 'This card has expired: check the expiry date, or use another card.',
  /** Back from Stripe's page without paying (an order's or a company's invoices). */
  stripeCancelled: 'Payment was cancelled; you can try again.',
} as const;

/**
 * Whether a card's MM/YY expiry has passed: a card is good through the last day of its month.
 * Months are counted in UTC, so a card ending this month is taken everywhere until it ends in UTC.
 */
export function cardExpired(expiry: string, now = new Date()): boolean {
  const [month = 0, year = 0] = expiry.split('/').map(Number);
  return (2000 + year) * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** The test provider's card form (DESIGN §6). */
export const testPaymentSchema = z.object({
  orderId: z.string().max(64),
  cardNumber: z
    .string()
    .trim()
    .min(1, 'Card number is required')
    .regex(/^[0-9 -]{12,23}$/, 'Enter the card number as digits'),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'Enter the expiry as MM/YY', abort: true })
    .refine((expiry) => !cardExpired(expiry), paymentMessages.cardExpired),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
});
export type TestPaymentInput = z.infer<typeof testPaymentSchema>;

export const paymentReplySchema = z.object({ paid: z.boolean(), transactionId: z.string() });
export const checkoutRequestSchema = z.object({ orderId: z.string() });
export const checkoutReplySchema = z.object({ url: z.string() });
