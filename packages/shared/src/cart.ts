import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from './orders';

/** A cart holds at most this many lines (parts), a visitor's in the browser too. */
export const CART_MAX_LINES = 100;
/** Quick order takes at most this many lines at a time… */
export const QUICK_ORDER_MAX_LINES = 200;
/** …and at most this much text (200 lines of 100 characters: far more than a number and a quantity). */
export const QUICK_ORDER_MAX_CHARS = 20_000;
/** A CSV file chosen for quick order is read in the browser only up to this size. */
export const QUICK_ORDER_MAX_FILE_BYTES = 64 * 1024;

/** Every text of the cart and quick order, for the server's replies and the browser's checks. */
export const cartMessages = {
  empty: 'Your cart is empty',
  archived: 'This part is no longer sold. Remove it to check out.',
  soldOut: 'This part is sold out. Remove it to check out.',
  belowMinimum: (minimum: number) => `The minimum order for this part is ${minimum}`,
  aboveStock: (available: number) => `Only ${available} in stock`,
  tooManyLines: `A cart holds at most ${CART_MAX_LINES} different parts. Remove some to add others.`,
  quantityWhole: 'Enter the quantity as a whole number',
  quantityTooLarge: `A quantity is at most ${ORDER_QUANTITY_MAX.toLocaleString('en-US')}`,
  partNotFound: 'This part is not in the shop',
  badPartId: 'That is not a part of the shop',
  mergeTooManyLines: `A cart sent for merging has at most ${CART_MAX_LINES} lines`,
  quickOrderEmpty: 'Enter one part number and a quantity per line',
  quickOrderTooManyLines: `Quick order takes at most ${QUICK_ORDER_MAX_LINES} lines at a time`,
  quickOrderTooLong: `Quick order takes at most ${QUICK_ORDER_MAX_CHARS.toLocaleString('en-US')} characters at a time`,
  quickOrderFileTooLarge: `Choose a CSV file of at most ${QUICK_ORDER_MAX_FILE_BYTES / 1024} KB`,
  missingQuantity: 'Give a part number and then a quantity (as "BRK-1001 4")',
  badQuantity: 'The quantity must be a whole number of at least 1',
  unknownNumber: (number: string) => `No part has the number ${number}`,
  ambiguousNumber: (number: string, partNumbers: readonly string[]) =>
    `${number} is the OEM number of several parts (${partNumbers.join(', ')}); use one of their part numbers`,
  added: (lines: number) => `${lines} ${lines === 1 ? 'line' : 'lines'} added to your cart`,
  problems: (lines: number) => `${lines} ${lines === 1 ? 'line was' : 'lines were'} not added:`,
  addedOne: (partNumber: string, quantity: number) => `Added ${quantity} × ${partNumber} to your cart`,
  checkoutBlocked: 'Change or remove the lines marked above to check out.',
} as const;

/** Part ids are UUIDs; the message names the field. */
const partId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, cartMessages.badPartId);

const quantity = (minimum: number) =>
  z
    .number({ error: cartMessages.quantityWhole })
    .int(cartMessages.quantityWhole)
    .min(minimum, minimum === 0 ? cartMessages.quantityWhole : cartMessages.badQuantity)
    .max(ORDER_QUANTITY_MAX, cartMessages.quantityTooLarge);

export const cartLineSchema = z.object({
  partId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Dollars: the list price, or the price break the quantity reaches. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** Null, or why this line cannot be checked out as it is. */
  problem: z.string().nullable(),
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
export type QuickOrderProblem = z.infer<typeof quickOrderProblemSchema>;

/** `POST /api/cart/quick-order`: the cart after, how many lines were added, and every line that was not. */
export const quickOrderReplySchema = z.object({
  cart: cartSchema,
  added: z.number().int(),
  problems: z.array(quickOrderProblemSchema),
});
export type QuickOrderReply = z.infer<typeof quickOrderReplySchema>;

/** One line of a quick order that reads as a number and a quantity. */
export interface QuickOrderEntry {
  line: number;
  text: string;
  number: string;
  quantity: number;
}

/**
 * Reads a quick order's text: one part per line, a part or OEM number then a quantity, separated
 * by spaces, tabs, commas or semicolons (as a spreadsheet's rows paste, or a CSV file reads); the
 * last field is the quantity and everything before it the number (its own spaces do not matter).
 * Blank lines are skipped, and so is a first line that is a header ("part number,quantity").
 * Lines that cannot be read are problems, each with its 1-based line number.
 */
export function parseQuickOrder(text: string): { entries: QuickOrderEntry[]; problems: QuickOrderProblem[] } {
  const entries: QuickOrderEntry[] = [];
  const problems: QuickOrderProblem[] = [];
  let seenContent = false;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const shown = raw.trim();
    const fields = shown
      .split(/[\s,;]+/)
      .map((field) => field.replace(/^"+|"+$/g, ''))
      .filter((field) => field !== '');
    if (fields.length === 0) return;
    const first = !seenContent;
    seenContent = true;
    const last = fields[fields.length - 1] ?? '';
    const isCount = /^\d+$/.test(last);
    if (first && !isCount && /part|number|sku|oem|qty|quantity|item/i.test(shown)) return;
    if (fields.length < 2) {
      problems.push({ line, text: shown, message: cartMessages.missingQuantity });
      return;
    }
    const count = Number(last);
    if (!isCount || count < 1 || count > ORDER_QUANTITY_MAX) {
      problems.push({ line, text: shown, message: isCount && count > ORDER_QUANTITY_MAX ? cartMessages.quantityTooLarge : cartMessages.badQuantity });
      return;
    }
    entries.push({ line, text: shown, number: fields.slice(0, -1).join(' '), quantity: count });
  });
  return { entries, problems };
}

/** How many lines a quick order's text has that are not blank (what the 200-line limit counts). */
export function quickOrderLineCount(text: string): number {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;
}
