import { z } from 'zod';
import { queryWholeNumber, withoutDirectionControls } from './form-fields';
import { quantityBelowMinimum, validation } from './messages';
import { itemLines, lineKindSchema, shipmentSchema, timelineEventSchema, type LineKind } from './after-sale';
import { creditNoteSummarySchema } from './invoices';
import { addressLines, regionName, countryOf } from './addresses';
import { formatPercent, formatPrice, ppmToPercent } from './money';
import { hasVisibleText } from './text';
import { PAYMENT_METHODS } from './ledger';

export const ADDRESS_MAX_LENGTH = 500;
/** Far above any stock; keeps quantities and totals inside the database's integers. */
export const ORDER_QUANTITY_MAX = 1_000_000;

export const orderStatusSchema = z.enum(['unpaid', 'paid', 'partially_shipped', 'shipped', 'delivered', 'cancelled', 'expired']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** How the shop names an order's status, to customers and admins alike. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const addressTooLong = `Address must be at most ${ADDRESS_MAX_LENGTH} characters`;
const quantityWhole = 'Order Quantity must be a whole number';

/** The limits an order quantity is checked against: the part's (SPEC §5, §9). */
export interface QuantityLimits {
  minOrderQuantity: number;
  availableQuantity: number;
}

/**
 * The name and address of SPEC's order, the same in the form and `POST /order`: each needs a
 * character a reader can see ('Address is Required' for "\u200b", which `trim()` keeps), and
 * has no text-direction control (the admin reads them; decision 216).
 */
const whoAndWhere = {
  customername: withoutDirectionControls(z.string().trim().max(100).refine(hasVisibleText, validation.nameRequired), 'Name'),
  address: withoutDirectionControls(
    z.string({ error: validation.addressRequired }).trim().max(ADDRESS_MAX_LENGTH, addressTooLong).refine(hasVisibleText, validation.addressRequired),
    'Address',
  ),
};

/**
 * The Place Order form (SPEC §2, §5): the same rules in the browser, for its messages, and on the
 * server, which checks the quantity again against the part in the order's transaction.
 */
export function placeOrderFormSchema(limits: QuantityLimits) {
  return z.object({ ...whoAndWhere, orderQuantity: quantitySchema(limits) });
}

function quantitySchema({ minOrderQuantity, availableQuantity }: QuantityLimits) {
  return z
    .number({ error: validation.quantityRequired })
    .int(quantityWhole)
    .min(minOrderQuantity, quantityBelowMinimum(minOrderQuantity))
    .max(availableQuantity, validation.quantityAboveStock);
}

/**
 * The key of one Place order attempt (decision 162): `POST /order` and `POST /api/checkout` sent
 * again with the same key by the same account — a retry after the connection dropped before the
 * reply came — are answered the order the first placed, and place none. The shop's forms make one
 * per order they mean to place (`newIdempotencyKey`) and keep it until an order is placed.
 */
export const idempotencyKeySchema = z.string().regex(/^[\w-]{16,100}$/, 'idempotencyKey: 16 to 100 letters, digits, - or _');

/** A new attempt's key: 128 random bits as 32 hex digits (`crypto.getRandomValues`, in any browser context and in Node). */
export function newIdempotencyKey(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * `POST /order` (SPEC §7 plus `partId`). Name, img and price come from the part and the e-mail
 * from the session: those fields may be sent, as the original client did, and are ignored.
 */
export const placeOrderSchema = z.object({
  partId: z.string().max(64),
  ...whoAndWhere,
  orderQuantity: z
    .number({ error: validation.quantityRequired })
    .int(quantityWhole)
    // The part's own minimum is not known yet: SPEC's words alone ("— at least 1" named a wrong one).
    .positive(validation.quantityBelowMinimum)
    .max(ORDER_QUANTITY_MAX, validation.quantityAboveStock),
  /**
   * The unit price the form showed for this quantity, in dollars (the buyer's own: the list price,
   * the break the quantity reaches, or the member's price). When the order's would differ, nothing
   * is placed: 409 `reason: 'changed'` with the `unitPrice` now. The shop's form always sends it;
   * without it the order is placed at the server's price (decision 060, amended).
   */
  quotedUnitPrice: z.number().nonnegative().max(1_000_000).optional(),
  /** This attempt's key: sent again, the order it placed is the answer (decision 162). */
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** `POST /order`'s words beyond SPEC's: said under 'Check Again'. */
export const placeOrderMessages = {
  priceChangedHeading: 'The price has changed',
  priceChanged: (unitPrice: number) =>
    `The price of this part has changed to ${formatPrice(unitPrice)} each since it was shown to you, so nothing was ordered. Check the new total and place the order again.`,
} as const;

/**
 * A refused `POST /order` (409): with `reason: 'changed'`, the price moved and `unitPrice` is the
 * one now; with `reason: 'too-many-unpaid'`, the buyer's unpaid orders reached the cap
 * (`unpaidCapMessage`): one is to be paid or cancelled in My Orders first.
 */
export const placeOrderRefusalSchema = z.object({
  message: z.string(),
  reason: z.enum(['changed', 'too-many-unpaid']).optional(),
  unitPrice: z.number().optional(),
});
export type PlaceOrderRefusal = z.infer<typeof placeOrderRefusalSchema>;

export const placeOrderReplySchema = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string(),
});

/** `POST /order`'s reply: SPEC's, with the order's human number as its e-mail gives it (decision 052). */
export const orderPlacedReplySchema = placeOrderReplySchema.extend({ orderNumber: z.string() });

/** One line of an order, as it was when ordered (money in dollars). */
export const orderLineSchema = z.object({
  /** A part, or a core deposit (the part's `partId`, the part line's quantity). */
  kind: lineKindSchema,
  /** The fit promise: the garage's vehicle the part was bought for, checked to fit it; null when not. */
  vehicleId: z.string().nullable(),
  fitChecked: z.boolean(),
  partId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** Until when the part's warranty runs (ISO time, from delivery or its last shipment); null without one or before it ships. */
  warrantyUntil: z.string().nullable(),
  /**
   * Until when the part may be sent back for any reason but a warranty or a core (ISO time,
   * `RETURN_WINDOW_DAYS` from delivery or its last shipment); null before it ships and on a core
   * deposit line (added, decision 164). The server refuses a request after it (409, `windowClosed`).
   */
  returnUntil: z.string().nullable(),
  /** Until when the old core of a part that carried a deposit may go back (`CORE_RETURN_WINDOW_DAYS`); null without a deposit or before it ships (added, decision 164). */
  coreReturnUntil: z.string().nullable(),
  /**
   * How many units of the part may still be sent back by count, by `unitsLeftToReturn` over every
   * return of the order (what shipped less what earlier returns hold); 0 on a core deposit line
   * (added, decision 164). The windows above are apart.
   */
  returnable: z.number().int(),
  /** How many old cores of the part may still go back for their deposits; 0 without a deposit (added, decision 164). */
  coresReturnable: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An address as an order keeps it: the ship-to of an order placed at checkout. */
export const shipToSchema = z.object({
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type ShipTo = z.infer<typeof shipToSchema>;

/** A ship-to in one line, as `address` (SPEC's free text) and the e-mails show it: the country in words. */
export function shipToText(address: ShipTo): string {
  return addressLines(address).join(', ');
}

/**
 * The tax line of an order with its jurisdiction, where it was shipped: "Illinois sales tax 6.25 %"
 * (a US state's), "Ontario tax 13 %", "France tax 20 %"; "Tax" alone without a ship-to or rate.
 */
export function taxLabel(ratePpm: number, shipTo: Pick<ShipTo, 'country' | 'region'> | null): string {
  if (!ratePpm || !shipTo) return 'Tax';
  const place = shipTo.region ? regionName(shipTo.country, shipTo.region) : (countryOf(shipTo.country)?.name ?? shipTo.country);
  return `${place} ${shipTo.country === 'US' ? 'sales tax' : 'tax'} ${formatPercent(ppmToPercent(ratePpm))}`;
}

/** What the checkout, an order's page and its invoice say under the figures (issue 34.13). */
export const currencyMessages = {
  usDollars: 'All prices are in US dollars (USD).',
  dutiesAbroad: 'Shipping outside the United States: duties, import taxes and local taxes may be due on delivery, paid by the recipient.',
} as const;

/** The currency, and for a ship-to outside the US what may be due on delivery (none known: the currency alone). */
export function currencyNotes(shipToCountry: string | null | undefined): string[] {
  return [currencyMessages.usDollars, ...(shipToCountry && shipToCountry !== 'US' ? [currencyMessages.dutiesAbroad] : [])];
}

/**
 * An order as its customer sees it (SPEC §3; `price` is the order's total in dollars). SPEC's
 * fields describe the whole order: `name` is the first line's part, with "+ N more" when there are
 * more items (a core deposit is not one), `orderQuantity` all units, `partId`/`img`/`unitPrice`
 * the first line's. The rest is the order in full (decision 052): its human number, lines,
 * subtotal, shipping, tax and ship-to.
 */
export const orderSchema = z.object({
  _id: z.string(),
  partId: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  unitPrice: z.number(),
  orderQuantity: z.number().int(),
  address: z.string(),
  email: z.string(),
  customername: z.string(),
  paid: z.boolean(),
  status: orderStatusSchema,
  transactionId: z.string().nullable(),
  /** Which provider took the payment (`stripe`, `test`), once paid. */
  paymentProvider: z.string().nullable(),
  createdAt: z.string(),
  /** Until when an unpaid order holds its stock (ISO time); null once it is no longer unpaid. */
  expiresAt: z.string().nullable(),
  /** The human order number ("100042"), as e-mails and Manage All Orders show it. */
  orderNumber: z.string(),
  lines: z.array(orderLineSchema),
  subtotal: z.number(),
  /** The shipping method chosen (null when none was: an order placed without an address book). */
  shipping: z.object({ method: z.string().nullable(), estimate: z.string().nullable(), price: z.number() }),
  tax: z.number(),
  /** The tax with its jurisdiction and rate, as the invoice prints it ("Illinois sales tax 6.25 %"); "Tax" without a rate. */
  taxLabel: z.string(),
  total: z.number(),
  /** The address it ships to when placed at checkout; null when `address` is typed text. */
  shippingAddress: shipToSchema.nullable(),
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  /** The parcels it went in, oldest first, each with its tracking link (decision 055). */
  shipments: z.array(shipmentSchema),
  /** When an admin marked it delivered (ISO time). */
  deliveredAt: z.string().nullable(),
  /** What happened to it, oldest first: placed, paid, each shipment, delivered, returns, refunds. */
  timeline: z.array(timelineEventSchema),
  /** "INV-000123" once paid (decision 056); null before. Its PDF: `documentPaths.invoice`. */
  invoiceNumber: z.string().nullable(),
  /** One per refund, oldest first (decision 056). */
  creditNotes: z.array(creditNoteSummarySchema),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * Whether the order's placer may still cancel it or ask to return its parts (decision 138): always,
 * except an order on account once they are no longer its company's buyer or owner (decision 133;
 * the server refuses them then, `mayActOnAccountOrder`). My Orders and the order's page offer
 * Cancel and "Return items" only when it is true.
 */
const mayAct = z.boolean();

/** `GET /myorder/{email}`: one page of My Orders, each order with `mayAct` (decision 138: added). */
export const myOrderSchema = orderSchema.extend({ mayAct });
export type MyOrder = z.infer<typeof myOrderSchema>;
export const myOrderListSchema = z.array(myOrderSchema);

/**
 * `GET /orders/by-number/{orderNumber}`, the order's page: the order, and whether the caller placed
 * it. A member of its company may read another member's order (decision 106); paying, cancelling,
 * returning and buying again stay with its placer, so the page offers them only when `yours`. An
 * order on account says so with its invoice's due date (`orderStanding`), as the Company page does.
 */
export const orderPageSchema = orderSchema.extend({
  yours: z.boolean(),
  /** How it was paid: `account`, invoiced to its company (decision 081), or card (decision 136: added). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** On account, its invoice's due date (YYYY-MM-DD); null otherwise. */
  dueOn: z.string().nullable(),
  /** The caller placed it (`yours`) and may still cancel it or return its parts (decision 138: added). */
  mayAct,
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** `GET /order/{id}`: the order and its part, for the payment page (SPEC §2). */
export const orderDetailSchema = orderSchema.extend({
  description: z.string(),
  availableQuantity: z.number().int(),
  minOrderQuantity: z.number().int(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderIdParamsSchema = z.object({ id: z.string() });
/** `GET /orders/by-number/{orderNumber}`: an order's number as printed ("100042"). */
export const orderNumberParamsSchema = z.object({ orderNumber: z.string().max(32) });
export const orderIdQuerySchema = z.object({ id: z.string() });

export const cancelReplySchema = z.object({
  deletedCount: z.number().int(),
  /** What the customer was given back, in dollars, when the cancelled order had been paid. */
  refunded: z.number().optional(),
});

/**
 * The Order history (`GET /orders/history`): the customer's cancelled and expired orders, which
 * leave My Orders (SPEC §4), each with when it ended and what was refunded.
 */
export const orderHistoryEntrySchema = orderSchema.extend({
  /** When it was cancelled or expired (ISO time). */
  endedAt: z.string(),
  /**
   * Dollars refunded to how it was paid: the sum of its credit notes (0: paid, nothing given back,
   * as for a $0 replacement); null when it was never paid, or was on account.
   */
  refunded: z.number().nullable(),
  /** An order on account: dollars its credit notes credited to the company's account; null for any other. */
  creditedToAccount: z.number().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
export const orderHistorySchema = z.array(orderHistoryEntrySchema);

/**
 * What one account may hold unpaid at once: far above a workshop's real orders, far
 * below emptying the shop. Unpaid orders expire after UNPAID_ORDER_MINUTES.
 */
export const UNPAID_ORDERS_MAX = 10;
export const UNPAID_UNITS_MAX = 200;
export const unpaidCapMessage = `You already have unpaid orders waiting: at most ${UNPAID_ORDERS_MAX} unpaid orders and ${UNPAID_UNITS_MAX} units in all may wait for payment. Pay or cancel one first.`;
/** One order above the units cap by itself, whatever else waits: "you already have unpaid orders" was not so. */
export const unitsCapMessage = `At most ${UNPAID_UNITS_MAX} units may wait for payment at once, so this order is too large to place online. Order fewer units, or contact us.`;

/** My Orders is paged on the server, newest first. */
export const MY_ORDERS_PAGE_SIZE = 20;
export const pageQuerySchema = z.object({ page: queryWholeNumber(z.number().int().min(1).max(10_000)).default(1) });

/** `name` of an order: its first line's part, and how many more items (part lines, not deposits) it has. */
export function orderName(firstLineName: string, lines: readonly { kind: LineKind }[]): string {
  const items = itemLines(lines).length;
  return items > 1 ? `${firstLineName} + ${items - 1} more` : firstLineName;
}
