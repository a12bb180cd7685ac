import { notices, paymentRefunded, type cancelReplySchema } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api, customerMessage } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /myorder?id={id}` (SPEC §7); `deletedCount` 1 means the order was cancelled. */
async function cancelOrder(id: string) {
  const reply = await api<z.infer<typeof cancelReplySchema>>(`/myorder?id=${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });
  return confirmed(reply, reply.deletedCount === 1, 'The order was not cancelled');
}

/**
 * Cancels an order and says how it went (SPEC §8): 'Order Deleted successfully', and the amount
 * refunded when the order had been paid, or 'action failed', with the server's reason when it
 * gives one (e.g. already shipped). The list (and the order history) is fetched
 * again either way, and so are the parts: a cancelled order's stock is back on sale.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (reply) => {
      toast.success(notices.orderCancelled, { description: reply.refunded === undefined ? undefined : paymentRefunded(reply.refunded) });
    },
    onError: (error) => {
      toast.error(notices.actionFailed, { description: customerMessage(error) });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts }),
      ]);
    },
  });
}
