import { notices, type PlaceOrderInput, type orderPlacedReplySchema } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api, customerMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `POST /order` (SPEC §7) with the part's id. Only what the customer chose is sent: the server
 * takes the part's name, image and price from its database and the e-mail from the session.
 */
async function placeOrder(input: PlaceOrderInput) {
  const reply = await api<z.infer<typeof orderPlacedReplySchema>>('/order', { method: 'POST', body: input });
  if (!reply.acknowledged) throw new Error('The order was not acknowledged');
  return reply;
}

/**
 * Places an order and says how it went (SPEC §8): 'You have successfully placed an order', else
 * 'Check Again' with the server's reason when it gives one (e.g. out of stock). Either way the
 * stock shown may have changed, so the parts and the customer's orders are fetched again.
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
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
