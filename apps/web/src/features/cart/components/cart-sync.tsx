import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';
import { mergeCart } from '../api/cart-query';
import { useVisitorCart, writeVisitorCart } from '../api/visitor-cart';

/**
 * At sign-in (by e-mail, Google or a reset link: whatever makes the session known), the visitor's
 * cart is merged into the account's on the server — quantities added, capped by stock — and then
 * cleared from the browser. Mounted once, in the root layout, as GarageSync is.
 */
export function CartSync() {
  const me = useMe();
  const lines = useVisitorCart();
  const queryClient = useQueryClient();
  const pending = Boolean(me.data) && lines.length > 0;

  useQuery({
    queryKey: [...queryKeys.cart, 'merge', lines],
    enabled: pending,
    retry: 2,
    // Cleared before the merge is asked for, so that a second tab or a repeated render cannot merge
    // the same lines twice; if the server cannot be reached they are put back for the next try.
    queryFn: async () => {
      writeVisitorCart([]);
      try {
        const cart = await mergeCart(lines);
        // A read of the cart begun before the merge must not land after it with the old lines.
        await queryClient.cancelQueries({ queryKey: queryKeys.cart, exact: true });
        queryClient.setQueryData(queryKeys.cart, cart);
        return cart;
      } catch (error) {
        writeVisitorCart(lines);
        throw error;
      }
    },
  });
  return null;
}
