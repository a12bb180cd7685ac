import { awaitsPayment, orderKindOf, type OrderDetail } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /order/{id}` with the bearer token (SPEC §7): the order and its part, for the payment
 * page. Someone else's order answers 404, like an unknown one.
 */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: ({ signal }) => api<OrderDetail>(`/order/${encodeURIComponent(id)}`, { signal, auth: true }),
  });

/** Paid, shipped or cancelled: nothing is left to pay (the order-process table's `pay`). */
export function isSettled(order: Pick<OrderDetail, 'status' | 'paymentProvider'>): boolean {
  return !awaitsPayment(order.status, orderKindOf(order.paymentProvider));
}
