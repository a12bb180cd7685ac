import type { checkoutReplySchema } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { leaveTo } from '../../../lib/location';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `POST /payments/checkout`: a Stripe Checkout page for the order's total, where the browser goes
 * next. Stripe sends the customer back to the payment page with `?checkout=success|cancelled`.
 */
async function startCheckout(orderId: string) {
  const { url } = await api<z.infer<typeof checkoutReplySchema>>('/payments/checkout', {
    method: 'POST',
    body: { orderId },
    auth: true,
  });
  leaveTo(url);
}

/** Starts Stripe Checkout; a 409 (paid or cancelled meanwhile) fetches the order again to show which. */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    onError: async (error, orderId) => {
      if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) });
    },
  });
}
