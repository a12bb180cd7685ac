import type { Operations } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/operations`: unsent and failed mail, and the job queue's counts. */
export const operationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.operations,
    queryFn: ({ signal }) => api<Operations>('/admin/operations', { signal, auth: true }),
  });
