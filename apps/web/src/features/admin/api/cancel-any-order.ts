import { customerPaymentRefunded, notices, type cancelReplySchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** `POST /admin/order/{id}/cancel`: any customer's order (a paid one is refunded); 409 once it has shipped. */
async function cancelAnyOrder(id: string) {
  const reply = await api<z.infer<typeof cancelReplySchema>>(`/admin/order/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    auth: true,
  });
  return confirmed(reply, reply.deletedCount === 1, 'The order was not cancelled');
}

/**
 * SPEC §8's texts, as for a customer's own cancel, and how much of a paid order's payment went
 * back; the stock comes back, so the parts refresh too.
 */
export function useCancelAnyOrder() {
  return useAdminMutation({
    mutationFn: cancelAnyOrder,
    success: () => notices.orderCancelled,
    detail: (reply) => (reply.refunded === undefined ? undefined : customerPaymentRefunded(reply.refunded)),
    invalidates: [queryKeys.orders, queryKeys.parts],
  });
}
