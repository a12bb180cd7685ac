import {
  cartMessages,
  type Cart,
  type CartEntry,
  type QuickOrderReply,
} from '@autoparts/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api, ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';
import { cartQuery, emptyCart } from './cart-query';
import { readVisitorCart, useVisitorCart, withReplacements, withVisitorQuantity, writeVisitorCart, type VisitorLine } from './visitor-cart';

/** A visitor's lines priced and checked by the server, keyed by the lines themselves. */
const cartPreviewQuery = (lines: readonly VisitorLine[]) =>
  queryOptions({
    queryKey: [...queryKeys.cart, 'preview', lines],
    queryFn: ({ signal }) =>
      api<Cart>('/cart/preview', {
        method: 'POST',
        signal,
        body: { lines: lines.map(({ partId, quantity }): CartEntry => ({ partId, quantity })) },
      }),
  });

const putLine = (partId: string, quantity: number) =>
  api<Cart>(`/cart/lines/${encodeURIComponent(partId)}`, { method: 'PUT', auth: true, body: { quantity } });

/**
 * The cart the page shows — the account's, or the visitor's priced by the server — and the ways
 * of changing it. Every change answers the whole cart (an account's from the server's reply).
 */
export function useCart() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const visitor = useVisitorCart();
  const queryClient = useQueryClient();
  const remote = useQuery({ ...cartQuery, enabled: signedIn });
  const preview = useQuery({ ...cartPreviewQuery(visitor), placeholderData: keepPreviousData, enabled: !me.isPending && !signedIn && visitor.length > 0 });

  const setQuantity = useMutation({
    mutationFn: async ({ partId, partNumber, quantity }: VisitorLine): Promise<Cart | null> => {
      if (signedIn) return putLine(partId, quantity);
      const next = withVisitorQuantity(visitor, { partId, partNumber, quantity });
      if (!next) throw new ApiError(409, cartMessages.tooManyLines);
      writeVisitorCart(next);
      return null;
    },
    onSuccess: (cart) => {
      if (cart) queryClient.setQueryData(queryKeys.cart, cart);
    },
  });

  // A part replaced since it was put in the visitor's cart is kept as its replacement (issue 30),
  // so that changing the line shown changes the line kept; the line says the number it held.
  useEffect(() => {
    const next = preview.data && !preview.isPlaceholderData ? withReplacements(visitor, preview.data.lines) : undefined;
    if (next) writeVisitorCart(next);
  }, [preview.data, preview.isPlaceholderData, visitor]);
  const replacedHere = new Map(visitor.flatMap((line) => (line.replaced ? [[line.partId, line.replaced] as const] : [])));
  const previewed = preview.data && { ...preview.data, lines: preview.data.lines.map((line) => ({ ...line, replaced: line.replaced ?? replacedHere.get(line.partId) ?? null })) };
  const cart: Cart | undefined = me.isPending ? undefined : signedIn ? remote.data : visitor.length === 0 ? emptyCart : previewed;
  const failed = signedIn ? remote.error : preview.error;
  const retry = useCallback(() => void (signedIn ? remote.refetch() : preview.refetch()), [signedIn, remote, preview]);

  return {
    signedIn,
    cart,
    // Kept while a visitor's changed lines are priced again, so the page does not blink.
    previous: preview.isPlaceholderData,
    error: cart ? null : failed,
    retry,
    setQuantity,
  };
}

/**
 * "Add to cart": adds `quantity` units to what the cart has of the part (the account's on the
 * server, the visitor's here), so the server checks the line's new total against minimum and stock.
 */
export function useAddToCart() {
  const me = useMe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ partId, partNumber, quantity }: VisitorLine): Promise<number> => {
      if (me.data) {
        const cart = await queryClient.fetchQuery(cartQuery);
        const had = cart.lines.find((line) => line.partId === partId)?.quantity ?? 0;
        const next = await putLine(partId, had + quantity);
        queryClient.setQueryData(queryKeys.cart, next);
        return next.lines.find((line) => line.partId === partId)?.quantity ?? had + quantity;
      }
      const lines = readVisitorCart();
      const had = lines.find((line) => line.partId === partId)?.quantity ?? 0;
      const next = withVisitorQuantity(lines, { partId, partNumber, quantity: had + quantity });
      if (!next) throw new ApiError(409, cartMessages.tooManyLines);
      writeVisitorCart(next);
      return had + quantity;
    },
  });
}

const quickOrderKey = ['quick-order'] as const;

/**
 * `POST /cart/quick-order`, and `sending()`: whether one is under way, read from React Query's
 * mutation cache, where a mutation is pending the moment it starts. `isPending` reaches the page a
 * render later: two presses that arrive before it (a double click) would each add the lines.
 */
export function useQuickOrder() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: quickOrderKey,
    mutationFn: (text: string) => api<QuickOrderReply>('/cart/quick-order', { method: 'POST', auth: true, body: { text } }),
    onSuccess: (reply) => queryClient.setQueryData(queryKeys.cart, reply.cart),
  });
  const sending = useCallback(() => queryClient.isMutating({ mutationKey: quickOrderKey }) > 0, [queryClient]);
  return { ...mutation, sending };
}
