import {
  accountMessages,
  checkoutRefusalSchema,
  formatDueDay,
  notices,
  paths,
  type CheckoutQuote,
  type CheckoutRefusal,
  type PlaceCheckoutInput,
  type PlaceCheckoutReply,
} from '@autoparts/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api, customerMessage, isApiError } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { meQuery } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';

/** Where an order ships: one of the buyer's addresses, or a location of their company (decision 075). */
export type ShipTo = { addressId: string } | { locationId: string };

/**
 * `POST /api/checkout/quote`: the cart priced for a destination and a shipping method (none: the
 * server's choice, which the reply names). Asked again whenever either changes. A company
 * location's quote carries its resale certificate's exemption, when it has one (decision 082).
 */
export function useQuote(shipTo: ShipTo | null, shippingMethodId: string | null) {
  const destination = shipTo === null ? '' : 'locationId' in shipTo ? `location:${shipTo.locationId}` : shipTo.addressId;
  return useQuery({
    queryKey: queryKeys.checkoutQuote(destination, shippingMethodId),
    queryFn: ({ signal }) =>
      api<CheckoutQuote>('/checkout/quote', {
        method: 'POST',
        signal,
        auth: true,
        body: shippingMethodId ? { ...shipTo, shippingMethodId } : { ...shipTo },
      }),
    enabled: shipTo !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * After a 404 for where the order ships — a company's location, when the buyer was removed from the
 * company (or left it) while the page was open (decision 212) — the company and `me` are read again:
 * the page then drops the company's locations and On account, and `me` the company's prices.
 */
export function forgetCompanyIfGone(queryClient: QueryClient, error: unknown): void {
  if (!isApiError(error, 404)) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.company });
  void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
}

/** A 409 reply, if the error is one: its lines, and with `reason: 'changed'` the new quote. */
export function refusalOf(error: unknown): CheckoutRefusal | undefined {
  if (!isApiError(error, 409)) return undefined;
  const refusal = checkoutRefusalSchema.safeParse(error.payload);
  return refusal.success ? { ...refusal.data, message: error.message } : { message: error.message, lines: [] };
}

/**
 * `POST /api/checkout`: one order of the whole cart. As after `POST /order`, it says 'You have
 * successfully placed an order' and refreshes parts and orders; then it goes to the order's
 * payment page (an order on account, which needs no payment, to the order's page), in the checkout's
 * place in the history: Back from there goes to the cart, not to a checkout emptied by the order.
 * A refusal is left to the page, which shows each line's problem; it sends the quote's total, so a
 * total changed since is refused (409 'changed') and priced again, and the visit's idempotency key.
 */
export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: PlaceCheckoutInput) => {
      const reply = await api<PlaceCheckoutReply>('/checkout', { method: 'POST', auth: true, body: input });
      return confirmed(reply, reply.acknowledged, 'The order was not acknowledged');
    },
    onSuccess: async (placed) => {
      queryClient.removeQueries({ queryKey: ['checkout'] });
      if (placed.paymentMethod === 'account' && placed.dueOn) {
        toast.success(notices.orderPlaced, { description: accountMessages.placed(placed.orderNumber, formatDueDay(placed.dueOn)) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.company });
        await navigate(paths.order(placed.orderNumber), { replace: true });
        return;
      }
      toast.success(notices.orderPlaced, { description: `Order ${placed.orderNumber}` });
      await navigate(paths.payment(placed.insertedId), { replace: true });
    },
    onError: (error) => {
      const refusal = refusalOf(error);
      if (!refusal) toast.error(notices.orderFailed, { description: customerMessage(error) });
      forgetCompanyIfGone(queryClient, error);
      // The total moved since the quote: the page asks again and shows the new one.
      if (refusal?.reason === 'changed') void queryClient.invalidateQueries({ queryKey: ['checkout', 'quote'] });
      // Refused on account (the credit left, the role, the terms): the company as the server has it now,
      // so that the credit checkout shows is what refused the order (decision 169).
      else if (refusal?.reason && refusal.reason !== 'too-many-unpaid') void queryClient.invalidateQueries({ queryKey: queryKeys.company });
    },
    onSettled: (_placed, error) => {
      // No reply (the connection dropped): whether the order was placed is not known. The cart is
      // not read again, so that the form stays and Place order, pressed again with the visit's key,
      // is answered the order if the first press placed one (decision 162).
      if (isApiError(error, 0)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
