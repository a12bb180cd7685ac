import type { AuditEntry } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /admin/audit?limit=`: the latest admin actions, newest first. */
export const recentActivityQuery = (limit: number) =>
  queryOptions({
    queryKey: queryKeys.recentAudit(limit),
    queryFn: ({ signal }) => api<AuditEntry[]>(`/admin/audit?limit=${limit}`, { signal, auth: true }),
  });
