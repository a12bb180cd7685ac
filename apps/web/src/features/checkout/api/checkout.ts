import { notices, paths, type CartLine } from '@autoparts/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { api, customerMessage, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/* The quote and checkout replies (`POST /api/checkout/quote`, `POST /api/checkout`). */
export interface ShippingMethodOption {
  id: string;
  name: string;
  estimate: string;
  price: number;
}
export interface Quote {
  lines: Array<Pick<CartLine, 'partId' | 'partNumber' | 'name' | 'img' | 'quantity' | 'unitPrice' | 'lineTotal'> & { problem?: string | null }>;
  subtotal: number;
  shippingMethods: ShippingMethodOption[];
  shippingMethodId: string | null;
  shipping: number;
  tax: number;
  total: number;
}
export interface PlacedCheckout {
  acknowledged: true;
  insertedId: string;
  orderNumber: string;
  total: number;
}
/** A refused checkout (409): each line's problem. */
export interface CheckoutRefusal {
  message: string;
  lines: Array<{ partId: string; message: string }>;
}

export const PO_NUMBER_MAX = 40;
export const NOTE_MAX = 500;

/** The optional purchase-order number and note, bounded as the server bounds them. */
export const checkoutExtrasSchema = z.object({
  poNumber: z.string().trim().max(PO_NUMBER_MAX, `Purchase-order number must be at most ${PO_NUMBER_MAX} characters`),
  note: z.string().trim().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
});
export type CheckoutExtras = z.input<typeof checkoutExtrasSchema>;

/**
 * `POST /api/checkout/quote`: the cart priced for an address and a shipping method (none: the
 * server's choice, which the reply names). Asked again whenever either changes.
 */
export function useQuote(addressId: string | null, shippingMethodId: string | null) {
  return useQuery({
    queryKey: queryKeys.checkoutQuote(addressId ?? '', shippingMethodId),
    queryFn: ({ signal }) =>
      api<Quote>('/checkout/quote', {
        method: 'POST',
        signal,
        auth: true,
        body: shippingMethodId ? { addressId, shippingMethodId } : { addressId },
      }),
    enabled: addressId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The lines of a 409 reply, if the error is one. */
export function refusalOf(error: unknown): CheckoutRefusal | undefined {
  if (!isApiError(error, 409) || typeof error.payload !== 'object' || error.payload === null) return undefined;
  const lines = (error.payload as { lines?: unknown }).lines;
  return { message: error.message, lines: Array.isArray(lines) ? (lines as CheckoutRefusal['lines']) : [] };
}

export interface PlaceCheckoutInput {
  addressId: string;
  shippingMethodId: string;
  poNumber?: string;
  note?: string;
}

/**
 * `POST /api/checkout`: one order of the whole cart. As after `POST /order`, it says 'You have
 * successfully placed an order' and refreshes parts and orders; then it goes to the order's
 * payment page. A refusal is left to the page, which shows each line's problem.
 */
export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: PlaceCheckoutInput) => {
      const reply = await api<PlacedCheckout>('/checkout', { method: 'POST', auth: true, body: input });
      if (!reply.acknowledged) throw new Error('The order was not acknowledged');
      return reply;
    },
    onSuccess: async (placed) => {
      toast.success(notices.orderPlaced, { description: `Order ${placed.orderNumber}` });
      queryClient.removeQueries({ queryKey: ['checkout'] });
      await navigate(paths.payment(placed.insertedId));
    },
    onError: (error) => {
      if (!refusalOf(error)) toast.error(notices.orderFailed, { description: customerMessage(error) });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
