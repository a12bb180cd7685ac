import type { Cart, CartEntry } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';
import { useVisitorCart, type VisitorLine } from './visitor-cart';

/*
 * What the app shell needs of the cart — the header's count and the merge at sign-in — apart
 * from the page's changes (cart.ts), so that the first screen's script carries no mutation code.
 */

export const emptyCart: Cart = { lines: [], subtotal: 0, count: 0 };

/** The signed-in customer's cart (`GET /api/cart`). */
export const cartQuery = queryOptions({
  queryKey: queryKeys.cart,
  queryFn: ({ signal }) => api<Cart>('/cart', { signal, auth: true }),
});

export const mergeCart = (lines: readonly VisitorLine[]) =>
  api<Cart>('/cart/merge', {
    method: 'POST',
    auth: true,
    body: { lines: lines.map(({ partId, quantity }): CartEntry => ({ partId, quantity })) },
  });

/** The header's count (units): the account's, or the visitor's own lines, which need no request. */
export function useCartCount(): number | undefined {
  const me = useMe();
  const visitor = useVisitorCart();
  const remote = useQuery({ ...cartQuery, enabled: Boolean(me.data) });
  if (me.isPending) return undefined;
  if (me.data) return remote.data?.count;
  return visitor.reduce((sum, line) => sum + line.quantity, 0);
}

