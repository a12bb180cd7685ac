import type { Order } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /orders/by-number/{orderNumber}`: one order, to its owner or an admin (404 to anyone else). */
export const orderByNumberQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: queryKeys.orderByNumber(orderNumber),
    queryFn: ({ signal }) => api<Order>(`/orders/by-number/${encodeURIComponent(orderNumber)}`, { signal, auth: true }),
  });
