import { nextStatus, orderKindOf, paymentMessages, type OrderDetail, type paymentReplySchema, type TestPaymentInput } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /payments/test/pay`: the built-in test provider's charge (DESIGN §6). */
function payWithTestCard(input: TestPaymentInput) {
  return api<z.infer<typeof paymentReplySchema>>('/payments/test/pay', { method: 'POST', body: input, auth: true });
}

/**
 * Pays an order with the test provider. Paid: the page shows it at once, and the order and
 * My Orders are fetched again. A 409 means the order was paid or cancelled meanwhile: the page
 * fetches it again to show which. The caller shows the other failures (a declined card) itself.
 */
export function usePayWithTestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payWithTestCard,
    onSuccess: ({ transactionId }, { orderId }) => {
      toast.success(paymentMessages.paid);
      queryClient.setQueryData<OrderDetail>(queryKeys.order(orderId), (order) =>
        // Where the table's payment leads (paid), as the server has just written it.
        order && { ...order, paid: true, status: nextStatus(order.status, 'pay', 'system', orderKindOf(order.paymentProvider)) ?? order.status, transactionId },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
    onError: async (error, { orderId }) => {
      if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) });
    },
  });
}
