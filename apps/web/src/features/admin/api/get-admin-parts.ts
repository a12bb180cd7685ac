import type { AdminPart } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /admin/parts`: every part, archived ones too, each with its `archived` flag. */
export const adminPartsQuery = queryOptions({
  queryKey: queryKeys.adminParts,
  queryFn: ({ signal }) => api<AdminPart[]>('/admin/parts', { signal, auth: true }),
});
