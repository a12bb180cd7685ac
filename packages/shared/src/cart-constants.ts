/**
 * The cart's and quick order's limits, messages and rules without zod: the header's count and the
 * visitor's cart are in the app shell's bundle, which must not build a schema (catalogue-constants.ts).
 */

/** The largest quantity of a line: ORDER_QUANTITY_MAX of orders.ts (a test holds them equal). */
export const CART_QUANTITY_MAX = 1_000_000;

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
  quantityTooLarge: `A quantity is at most 1,000,000`,
  partNotFound: 'This part is not in the shop',
  badPartId: 'That is not a part of the shop',
  mergeTooManyLines: `A cart sent for merging has at most ${CART_MAX_LINES} lines`,
  quickOrderEmpty: 'Enter one part number and a quantity per line',
  quickOrderTooManyLines: `Quick order takes at most ${QUICK_ORDER_MAX_LINES} lines at a time`,
  quickOrderTooLong: `Quick order takes at most 20,000 characters at a time`,
  quickOrderFileTooLarge: `Choose a CSV file of at most ${QUICK_ORDER_MAX_FILE_BYTES / 1024} KB`,
  /** Quick order failed with nothing the customer can act on (a 500, a proxy's page). */
  quickOrderFailed: 'Could not add these lines right now. Please try again.',
  missingQuantity: 'Give a part number and then a quantity (as "BRK-1001 4")',
  badQuantity: 'The quantity must be a whole number of at least 1',
  unknownNumber: (number: string) => `No part has the number ${number}`,
  ambiguousNumber: (number: string, partNumbers: readonly string[]) =>
    `${number} is the OEM or another brand’s number of several parts (${partNumbers.join(', ')}); use one of their part numbers`,
  added: (lines: number) => `${lines} ${lines === 1 ? 'line' : 'lines'} added to your cart`,
  problems: (lines: number) => `${lines} ${lines === 1 ? 'line was' : 'lines were'} not added:`,
  converted: (lines: number) => `${lines} ${lines === 1 ? 'line was' : 'lines were'} added as another part than the number given:`,
  addedOne: (partNumber: string, quantity: number) => `Added ${quantity} × ${partNumber} to your cart`,
  checkoutBlocked: 'Change or remove the lines marked above to check out.',
  /**
   * Why quick order or "Buy again" added no line of a part: nothing reached the cart, so there is
   * nothing to remove (the cart's own words, `archived` and `soldOut`, say to remove it).
   */
  notAdded: {
    archived: 'This part is no longer sold, so it was not added.',
    noLongerMade: 'This part is no longer made, so it was not added.',
    soldOut: 'This part is sold out, so it was not added.',
  },
} as const;

/**
 * Why `PUT /api/cart/lines/{partId}` (Add to cart, a line's new quantity) sets no quantity of a part
 * that cannot be ordered at all. Not the cart's words (`cartMessages.archived`, `.soldOut`), which
 * ask to remove a line already there before checking out: this is said to whoever adds the part or
 * changes its line. Apart from `cartMessages`, which the app shell loads: only the server says these.
 */
export const cartLineSetMessages = {
  archived: 'This part is no longer sold, so it cannot be added to the cart or its quantity changed.',
  noLongerMade: 'This part is no longer made, so it cannot be added to the cart or its quantity changed.',
  soldOut: 'This part is sold out, so it cannot be added to the cart or its quantity changed.',
} as const;

/** A part's limits on a cart line's quantity: its minimum order and its stock. */
export interface CartLineLimits {
  minOrderQuantity: number;
  availableQuantity: number;
}

/**
 * Whether a part's stock holds its minimum order, so that some order of it can be placed: what
 * the search's "In stock only" keeps (decision 120) and what the part's pages call in stock. A part
 * with 5 left and a minimum of 20 is out of stock for buying, though its stock is above 0.
 */
export function inStockToOrder({ minOrderQuantity, availableQuantity }: CartLineLimits): boolean {
  return availableQuantity > 0 && availableQuantity >= minOrderQuantity;
}

/**
 * Why `quantity` units of a part on sale cannot be checked out, or null: sold out, below the
 * part's minimum, above its stock. The server decides with it; the browser says it early.
 */
export function cartQuantityProblem({ minOrderQuantity, availableQuantity }: CartLineLimits, quantity: number): string | null {
  if (availableQuantity <= 0) return cartMessages.soldOut;
  if (quantity < minOrderQuantity) return cartMessages.belowMinimum(minOrderQuantity);
  if (quantity > availableQuantity) return cartMessages.aboveStock(availableQuantity);
  return null;
}

/** A quick-order line that was not added: its 1-based number, its text and why. */
export interface QuickOrderProblem {
  line: number;
  text: string;
  message: string;
}

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
    if (!isCount || count < 1 || count > CART_QUANTITY_MAX) {
      problems.push({ line, text: shown, message: isCount && count > CART_QUANTITY_MAX ? cartMessages.quantityTooLarge : cartMessages.badQuantity });
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
