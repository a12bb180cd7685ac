import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrderPage, type OrderStatus } from '@autoparts/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface OrderFilters {
  /** '' for every status. */
  status: OrderStatus | '';
  /** Part of a customer's e-mail; '' for everyone. */
  email: string;
  page: number;
}

/** The query string of `GET /admin/orders`: only the filters in use, then the page. */
function allOrdersSearch({ status, email, page }: OrderFilters): string {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (email) search.set('email', email);
  search.set('page', String(page));
  search.set('pageSize', String(ADMIN_ORDERS_PAGE_SIZE));
  return search.toString();
}

/**
 * `GET /admin/orders`: one page of every customer's orders, newest first, paged by the server.
 * The page shown stays while the next one loads, so the table does not jump.
 */
export const allOrdersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: queryKeys.adminOrders(filters),
    queryFn: ({ signal }) => api<AdminOrderPage>(`/admin/orders?${allOrdersSearch(filters)}`, { signal, auth: true }),
    placeholderData: keepPreviousData,
  });
