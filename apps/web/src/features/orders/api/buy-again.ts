import type { BuyAgainReply } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/order/{id}/buy-again` (issue 30): the order's lines still sellable into the cart; the cart is read again after. */
export function useBuyAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api<BuyAgainReply>(`/order/${encodeURIComponent(orderId)}/buy-again`, { method: 'POST', auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
