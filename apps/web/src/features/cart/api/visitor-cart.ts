import { CART_MAX_LINES, CART_QUANTITY_MAX, type CartLine } from '@autoparts/shared';
import { createLocalStore } from '../../../lib/local-store';

/**
 * A visitor's cart, kept in this browser (localStorage) until sign-in merges it into the account's
 * (CartSync). Only what identifies a line is kept — the part, the quantity and its number for the
 * messages; prices, stock and problems are always the server's (`POST /api/cart/preview`).
 */
export interface VisitorLine {
  partId: string;
  partNumber: string;
  quantity: number;
  /** The number the line held before its part was renumbered or superseded (issue 30), until it is changed. */
  replaced?: string;
}

const none: readonly VisitorLine[] = [];

function isLine(value: unknown): value is VisitorLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<VisitorLine>;
  return (
    typeof line.partId === 'string' &&
    typeof line.partNumber === 'string' &&
    Number.isInteger(line.quantity) &&
    (line.quantity ?? 0) > 0 &&
    (line.quantity ?? 0) <= CART_QUANTITY_MAX &&
    (line.replaced === undefined || typeof line.replaced === 'string')
  );
}

// A damaged or foreign entry is as much of a cart as can be read of it.
const store = createLocalStore<readonly VisitorLine[]>(
  'autoparts.cart',
  none,
  (stored) => (Array.isArray(stored) ? stored.filter(isLine).slice(0, CART_MAX_LINES) : none),
  (lines) => lines.length === 0,
);

export const readVisitorCart = store.read;
export const writeVisitorCart = store.write;
/** The visitor's lines; none on the server and until hydration, so the first render matches it. */
export const useVisitorCart: () => readonly VisitorLine[] = store.use;

/** The lines with `partId` set to `quantity` units (0 removes it); undefined past the 100-line limit. */
export function withVisitorQuantity(lines: readonly VisitorLine[], line: VisitorLine): VisitorLine[] | undefined {
  const exists = lines.some((kept) => kept.partId === line.partId);
  if (!exists && line.quantity > 0 && lines.length >= CART_MAX_LINES) return undefined;
  if (line.quantity <= 0) return lines.filter((kept) => kept.partId !== line.partId);
  return exists ? lines.map((kept) => (kept.partId === line.partId ? { partId: kept.partId, partNumber: kept.partNumber, quantity: line.quantity } : kept)) : [...lines, line];
}

/**
 * The lines with each part the server priced as its replacement (a cart line naming the number it
 * `replaced`) held as that replacement, merged with a line of it if there is one, remembering the
 * number; undefined when nothing changed.
 */
export function withReplacements(lines: readonly VisitorLine[], priced: ReadonlyArray<Pick<CartLine, 'partId' | 'partNumber' | 'replaced'>>): VisitorLine[] | undefined {
  const moved = priced.filter((line) => line.replaced !== null && line.partNumber !== line.replaced);
  const byOld = new Map(moved.map((line) => [line.replaced, line]));
  if (!lines.some((line) => byOld.has(line.partNumber))) return undefined;
  const next: VisitorLine[] = [];
  for (const line of lines) {
    const replacement = byOld.get(line.partNumber);
    const partId = replacement?.partId ?? line.partId;
    const there = next.find((kept) => kept.partId === partId);
    const replaced = replacement ? line.partNumber : line.replaced;
    if (there) {
      there.quantity = Math.min(there.quantity + line.quantity, CART_QUANTITY_MAX);
      if (replaced) there.replaced = replaced;
    } else {
      next.push({ partId, partNumber: replacement?.partNumber ?? line.partNumber, quantity: line.quantity, ...(replaced ? { replaced } : {}) });
    }
  }
  return next;
}
