import { z } from 'zod';
import { cartLineSchema } from './cart';
import { cartMessages } from './cart-constants';
import { withoutDirectionControls } from './form-fields';
import { quantityBelowMinimum } from './messages';
import { ACCOUNT_REFUSALS, accountMessages, PAYMENT_METHODS } from './ledger';
import { formatPrice } from './money';
import { idempotencyKeySchema } from './orders';
import { visibleText } from './text';

export const PO_NUMBER_MAX_LENGTH = 50;
export const ORDER_NOTE_MAX_LENGTH = 500;
/** Ids are uuids; anything much longer is refused before it reaches the database. */
const idSchema = z.string().trim().min(1).max(100);

/** What checkout says (decision 052); each refusal names the line or field and why. */
export const checkoutMessages = {
  emptyCart: 'Your cart is empty: add parts before checking out.',
  addressRequired: 'Choose an address to ship to.',
  addressNotFound: 'This address is not in your address book.',
  locationNotFound: 'This location is not one of your company’s.',
  /**
   * A company's location asked for by someone of no company: most often a member removed, or who
   * left, while their checkout was open (decision 212). The page then drops the company's choices.
   */
  noCompany: 'You are not a member of a company now, so you cannot ship to its locations or order on its account. Choose an address of your own: the shop’s own prices apply to you.',
  shippingRequired: 'Choose a shipping method.',
  shippingUnavailable:
    'This shipping method is not available for this address and cart. Choose another one.',
  noShippingMethod: 'No shipping method reaches this address with this cart. Choose another address, or change the cart.',
  linesRefused: 'Some lines of your cart cannot be ordered as they are, so nothing was ordered. Change them and try again.',
  // The cart's words for the same line, shown on the same screen.
  partGone: cartMessages.archived,
  soldOut: cartMessages.soldOut,
  onlyLeft: (available: number) => `Only ${available} left in stock: lower the quantity to ${available} or less.`,
  belowMinimum: (minimum: number) => `${quantityBelowMinimum(minimum)}: raise the quantity to ${minimum} or more.`,
  paymentMethod: 'Payment method is card or account.',
  poNumberTooLong: `A purchase-order number has at most ${PO_NUMBER_MAX_LENGTH} characters.`,
  noteTooLong: `A note has at most ${ORDER_NOTE_MAX_LENGTH} characters.`,
  totalChanged: (total: number) =>
    `The total has changed to ${formatPrice(total)} since it was shown to you, so nothing was ordered. Check the new total and place the order again.`,
  /** Why a method that ships to the address does not take this cart: "Up to 30 kg; this cart weighs 41.5 kg". */
  tooHeavy: (maxKg: number, cartKg: number) => `Up to ${formatKg(maxKg)} kg; this cart weighs ${formatKg(cartKg)} kg`,
} as const;

/** Kilograms as people read them: "30", "41.5", "0.125". */
function formatKg(kg: number): string {
  return kg.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/** `POST /api/checkout/quote`. */
/** Where a checkout ships: one of the account's addresses, or a location of the member's company (decision 075). */
const destination = {
  addressId: idSchema.optional().describe('one of the account’s addresses; not needed with `locationId`'),
  locationId: idSchema.optional().describe('a location of the member’s company: the order ships there and records it'),
};
/** One of them is needed (400 `checkoutMessages.addressRequired` otherwise, said by the route: a refined object could not be picked from). */
export const checkoutQuoteRequestSchema = z.object({ ...destination, shippingMethodId: idSchema.optional() });

export const shippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  estimate: z.string(),
  price: z.number(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** A method that ships to the address but not this cart, and why (`checkoutMessages.tooHeavy`). */
export const unavailableShippingSchema = z.object({
  id: z.string(),
  name: z.string(),
  estimate: z.string(),
  reason: z.string(),
});
export type UnavailableShipping = z.infer<typeof unavailableShippingSchema>;

export const checkoutQuoteSchema = z.object({
  /** The cart's lines as checkout prices them; `problem` says why one cannot be ordered as it is. */
  lines: z.array(cartLineSchema),
  subtotal: z.number(),
  /** Each method that delivers this cart's weight to the address's country, with its price. */
  shippingMethods: z.array(shippingOptionSchema),
  /** The methods that ship to the address's country but not this cart, each saying why. */
  unavailableShippingMethods: z.array(unavailableShippingSchema),
  /**
   * The one asked for when it is available, else the only one offered; null when none is chosen:
   * the buyer chooses among several (issue 34.5). `shipping` is then 0, and `tax` and `total`
   * leave the shipping out.
   */
  shippingMethodId: z.string().nullable(),
  shipping: z.number(),
  tax: z.number(),
  /** Why `tax` is 0: a verified resale certificate of the location for its state (decision 082). */
  taxExemption: z.string().nullable(),
  total: z.number(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/** `POST /api/checkout`: the form of /checkout, the same rules in the browser and on the server. */
export const placeCheckoutSchema = z.object({
  addressId: z.string({ error: checkoutMessages.addressRequired }).trim().min(1, checkoutMessages.addressRequired).max(100).optional(),
  locationId: destination.locationId,
  shippingMethodId: z
    .string({ error: checkoutMessages.shippingRequired })
    .trim()
    .min(1, checkoutMessages.shippingRequired)
    .max(100),
  /** 'account': the company's invoice, due by its terms (decision 081); 'card' (the default): paid now. */
  paymentMethod: z.enum(PAYMENT_METHODS, checkoutMessages.paymentMethod).default('card'),
  /** As a reader sees it (`visibleText`): one of zero-width characters only is no PO number, and "PO\u202e42" is "PO42". */
  poNumber: z.string().overwrite(visibleText).trim().max(PO_NUMBER_MAX_LENGTH, checkoutMessages.poNumberTooLong).optional(),
  note: withoutDirectionControls(z.string().trim().max(ORDER_NOTE_MAX_LENGTH, checkoutMessages.noteTooLong), 'Note').optional(),
  /** The quote's total the buyer saw, in dollars: when the order's would differ, nothing is placed (409 'changed'). */
  quotedTotal: z.number().nonnegative().optional(),
  /** This attempt's key: sent again, the order it placed is the answer, and nothing else is placed (decision 162). */
  idempotencyKey: idempotencyKeySchema.optional(),
});
/** The checkout form's own fields (the rest it chooses, not types). */
export const checkoutExtrasSchema = placeCheckoutSchema.pick({ poNumber: true, note: true });

/**
 * The checkout form's fields for a member of a company that requires a PO number: it is required on
 * every order placed for the company, by card as on account (decision 106), with the server's words
 * (`POST /api/checkout` answers 409 `reason: 'po-required'`, checked under the company's row).
 */
export function checkoutExtrasFor(poRequired: boolean) {
  return poRequired
    ? checkoutExtrasSchema.refine((extras) => Boolean(extras.poNumber), { path: ['poNumber'], message: accountMessages.refusals['po-required'] })
    : checkoutExtrasSchema;
}

/** What a client sends (`paymentMethod` may be left out: card). */
export type PlaceCheckoutInput = z.input<typeof placeCheckoutSchema>;

export const placeCheckoutReplySchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  orderNumber: z.string(),
  /** The order's total in dollars. */
  total: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** An order on account's invoice is due on this day (YYYY-MM-DD); null for a card order. */
  dueOn: z.string().nullable(),
});
export type PlaceCheckoutReply = z.infer<typeof placeCheckoutReplySchema>;

/**
 * A refused checkout (409): nothing was ordered; `lines` names each line's problem. With
 * `reason: 'changed'`, the total differs from `quotedTotal`, and `quote` is the cart priced now;
 * `reason: 'too-many-unpaid'`, the buyer's unpaid orders reached the cap (`unpaidCapMessage`): one
 * is to be paid or cancelled in My Orders first; any other `reason` says why the company may not
 * order on account (decision 081).
 */
export const checkoutRefusalSchema = z.object({
  message: z.string(),
  lines: z.array(z.object({ partId: z.string(), message: z.string() })),
  reason: z.enum(['changed', 'too-many-unpaid', ...ACCOUNT_REFUSALS]).optional(),
  quote: checkoutQuoteSchema.optional(),
});
export type CheckoutRefusal = z.infer<typeof checkoutRefusalSchema>;
