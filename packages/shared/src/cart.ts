import { z } from 'zod';
import { CART_MAX_LINES, cartMessages, QUICK_ORDER_MAX_CHARS } from './cart-constants';
import { ORDER_QUANTITY_MAX } from './orders';
import { lineKindSchema } from './after-sale';

/** Part ids are UUIDs; the message names the field. */
const partId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, cartMessages.badPartId);

const quantity = (minimum: number) =>
  z
    .number({ error: cartMessages.quantityWhole })
    .int(cartMessages.quantityWhole)
    .min(minimum, minimum === 0 ? cartMessages.quantityWhole : cartMessages.badQuantity)
    .max(ORDER_QUANTITY_MAX, cartMessages.quantityTooLarge);

export const cartLineSchema = z.object({
  /** A part, or the core deposit of the part line before it (same `partId`, no quantity of its own). */
  kind: lineKindSchema,
  partId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Dollars: the member's contract price, else the list price or the price break the quantity reaches. */
  unitPrice: z.number(),
  /** Dollars: the list price (or its break) for this quantity, beside a contract price that differs (decision 080). */
  listPrice: z.number().optional(),
  lineTotal: z.number(),
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** Null, or why this line cannot be checked out as it is. */
  problem: z.string().nullable(),
  /**
   * Null, or the part number the line held before that part was renumbered or superseded and the
   * line became its replacement (issue 30): said on the line until the buyer changes it.
   */
  replaced: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** `GET /api/cart` and every cart write's reply; `count` is the number of units. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  subtotal: z.number(),
  count: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartLineParamsSchema = z.object({ partId: z.string() });

/** `PUT /api/cart/lines/{partId}`: the line's new quantity; 0 removes it. */
export const cartQuantitySchema = z.object({ quantity: quantity(0) });

export const cartEntrySchema = z.object({ partId, quantity: quantity(1) });
export type CartEntry = z.infer<typeof cartEntrySchema>;

/** `POST /api/cart/merge` (a visitor's cart at sign-in) and `POST /api/cart/preview` (pricing it before). */
export const cartEntriesSchema = z.object({
  lines: z.array(cartEntrySchema).max(CART_MAX_LINES, cartMessages.mergeTooManyLines),
});

export const quickOrderSchema = z.object({
  text: z.string().max(QUICK_ORDER_MAX_CHARS, cartMessages.quickOrderTooLong),
});

export const quickOrderProblemSchema = z.object({
  /** 1-based, as an editor numbers the lines of the text sent. */
  line: z.number().int(),
  text: z.string(),
  message: z.string(),
});

/**
 * `POST /api/cart/quick-order`: the cart after, how many lines were added, every line that was
 * not, and every line added as another part than the number typed (an older number's current
 * part, another brand's number as ours in our quantity), with what was done.
 */
export const quickOrderReplySchema = z.object({
  cart: cartSchema,
  added: z.number().int(),
  problems: z.array(quickOrderProblemSchema),
  converted: z.array(quickOrderProblemSchema),
});
export type QuickOrderReply = z.infer<typeof quickOrderReplySchema>;

