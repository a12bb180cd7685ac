import { CART_MAX_LINES, CART_QUANTITY_MAX } from '@autoparts/shared';
import { useSyncExternalStore } from 'react';

/**
 * A visitor's cart, kept in this browser (localStorage) until sign-in merges it into the account's
 * (CartSync). Only what identifies a line is kept — the part, the quantity and its number for the
 * messages; prices, stock and problems are always the server's (`POST /api/cart/preview`).
 */
export interface VisitorLine {
  partId: string;
  partNumber: string;
  quantity: number;
}

const STORAGE_KEY = 'autoparts.cart';
const none: readonly VisitorLine[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: readonly VisitorLine[] } = { raw: null, lines: none };

function isLine(value: unknown): value is VisitorLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<VisitorLine>;
  return (
    typeof line.partId === 'string' &&
    typeof line.partNumber === 'string' &&
    Number.isInteger(line.quantity) &&
    (line.quantity ?? 0) > 0 &&
    (line.quantity ?? 0) <= CART_QUANTITY_MAX
  );
}

export function readVisitorCart(): readonly VisitorLine[] {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw === cached.raw) return cached.lines;
  let lines = none;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    // A damaged or foreign entry is as much of a cart as can be read of it.
    if (Array.isArray(parsed)) lines = parsed.filter(isLine).slice(0, CART_MAX_LINES);
  } catch {
    lines = none;
  }
  cached = { raw, lines };
  return lines;
}

export function writeVisitorCart(lines: readonly VisitorLine[]) {
  if (lines.length > 0) localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  else localStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's lines; none on the server and until hydration, so the first render matches it. */
export function useVisitorCart(): readonly VisitorLine[] {
  return useSyncExternalStore(subscribe, readVisitorCart, () => none);
}

/** The lines with `partId` set to `quantity` units (0 removes it); undefined past the 100-line limit. */
export function withVisitorQuantity(lines: readonly VisitorLine[], line: VisitorLine): VisitorLine[] | undefined {
  const exists = lines.some((kept) => kept.partId === line.partId);
  if (!exists && line.quantity > 0 && lines.length >= CART_MAX_LINES) return undefined;
  if (line.quantity <= 0) return lines.filter((kept) => kept.partId !== line.partId);
  return exists ? lines.map((kept) => (kept.partId === line.partId ? { ...kept, quantity: line.quantity } : kept)) : [...lines, line];
}
