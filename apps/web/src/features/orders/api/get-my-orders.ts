import type { Order } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /myorder/{email}` with the bearer token (SPEC §7): the signed-in customer's own orders,
 * under a key of their own (the original shared one with another list).
 */
export const myOrdersQuery = (email: string) =>
  queryOptions({
    queryKey: queryKeys.myOrders(email),
    queryFn: ({ signal }) => api<Order[]>(`/myorder/${encodeURIComponent(email)}`, { signal, auth: true }),
  });
