import type { AdminOverview } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /admin/overview`: every figure of the admin's dashboard, in one call. */
export const overviewQuery = queryOptions({
  queryKey: queryKeys.overview,
  queryFn: ({ signal }) => api<AdminOverview>('/admin/overview', { signal, auth: true }),
});
