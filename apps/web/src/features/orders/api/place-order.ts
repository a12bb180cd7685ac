import { notices, type PlaceOrderInput, type PlaceOrderRefusal, type orderPlacedReplySchema } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api, customerMessage, isApiError } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `POST /order` (SPEC §7) with the part's id and the unit price the form showed: the server takes
 * the part's name, image and price from its database and the e-mail from the session, and places
 * nothing when its price is not the one shown (409 `reason: 'changed'`, decision 060 amended).
 */
async function placeOrder(input: PlaceOrderInput) {
  const reply = await api<z.infer<typeof orderPlacedReplySchema>>('/order', { method: 'POST', body: input });
  return confirmed(reply, reply.acknowledged, 'The order was not acknowledged');
}

/** The unit price now, when the order was refused because the price had changed since it was shown. */
export function changedPriceOf(error: unknown): number | undefined {
  if (!isApiError(error, 409)) return undefined;
  const refusal = error.payload as Partial<PlaceOrderRefusal> | undefined;
  return refusal?.reason === 'changed' && typeof refusal.unitPrice === 'number' ? refusal.unitPrice : undefined;
}

/** The server's words, when the order was refused for the buyer's unpaid orders (the cap: pay or cancel one in My Orders). */
export function unpaidCapOf(error: unknown): string | undefined {
  if (!isApiError(error, 409)) return undefined;
  const refusal = error.payload as Partial<PlaceOrderRefusal> | undefined;
  return refusal?.reason === 'too-many-unpaid' ? error.message : undefined;
}

/**
 * Places an order and says how it went (SPEC §8): 'You have successfully placed an order', else
 * 'Check Again' with the server's reason when it gives one (e.g. out of stock). Either way the
 * stock shown may have changed, so the parts and the customer's orders are fetched again; after
 * a changed price the mutation ends only once the part is, so the form sends the new one.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => {
      toast.success(notices.orderPlaced);
    },
    onError: (error) => {
      toast.error(notices.orderFailed, { description: customerMessage(error) });
    },
    onSettled: (_reply, error) => {
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
      ]);
      if (changedPriceOf(error) !== undefined) return refreshed;
    },
  });
}
