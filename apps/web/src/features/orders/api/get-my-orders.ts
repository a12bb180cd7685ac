import type { MyOrder } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /myorder/{email}` with the bearer token (SPEC §7): one page of the signed-in customer's own
 * orders, newest first (MY_ORDERS_PAGE_SIZE a page), under a key of their own.
 */
export const myOrdersQuery = (email: string, page = 1) =>
  queryOptions({
    queryKey: [...queryKeys.myOrders(email), page],
    queryFn: ({ signal }) => api<MyOrder[]>(`/myorder/${encodeURIComponent(email)}?page=${page}`, { signal, auth: true }),
  });
