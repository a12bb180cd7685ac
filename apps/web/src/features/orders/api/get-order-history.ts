import type { OrderHistoryEntry } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /orders/history`: one page of the signed-in customer's cancelled and expired orders, newest first. */
export const orderHistoryQuery = (email: string, page = 1) =>
  queryOptions({
    queryKey: [...queryKeys.orderHistory(email), page],
    queryFn: ({ signal }) => api<OrderHistoryEntry[]>(`/orders/history?page=${page}`, { signal, auth: true }),
  });
