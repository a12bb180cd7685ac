import type { OrderPage } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /orders/by-number/{orderNumber}`: one order, to its placer, its company's members or an admin (404 to anyone else); `yours` when the caller placed it. */
export const orderByNumberQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: queryKeys.orderByNumber(orderNumber),
    queryFn: ({ signal }) => api<OrderPage>(`/orders/by-number/${encodeURIComponent(orderNumber)}`, { signal, auth: true }),
  });
