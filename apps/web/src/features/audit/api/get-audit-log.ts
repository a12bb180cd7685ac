import type { AuditAction, AuditEntry } from '@autoparts/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What the audit log is filtered by: `from` and `to` are days (YYYY-MM-DD) of the admin's own
 * calendar, both included, as the times beside each entry are the admin's too.
 */
export interface AuditLogFilters {
  limit: number;
  page?: number;
  actor?: string;
  action?: AuditAction | '';
  from?: string;
  to?: string;
  q?: string;
}

/** Midnight starting `day` in the browser's time zone, as the instant the server compares. */
function startOf(day: string, plusDays = 0): string {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
}

/** `GET /admin/audit`'s query string: the days become the instants that start and end them. */
export function auditSearch({ limit, page = 1, actor, action, from, to, q }: AuditLogFilters): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (page > 1) search.set('page', String(page));
  if (actor) search.set('actor', actor);
  if (action) search.set('action', action);
  if (from) search.set('from', startOf(from));
  if (to) search.set('to', startOf(to, 1));
  if (q) search.set('q', q);
  return search.toString();
}

/** `GET /admin/audit`: a page of admin actions, newest first, each in words. */
export const auditLogQuery = (filters: AuditLogFilters) => {
  const search = auditSearch(filters);
  return queryOptions({
    queryKey: queryKeys.auditLog(search),
    queryFn: ({ signal }) => api<AuditEntry[]>(`/admin/audit?${search}`, { signal, auth: true }),
    placeholderData: keepPreviousData,
  });
};

/** `GET /admin/audit/actors`: every admin who appears in the log, for its filter. */
export const auditActorsQuery = queryOptions({
  queryKey: queryKeys.auditActors,
  queryFn: ({ signal }) => api<string[]>('/admin/audit/actors', { signal, auth: true }),
});
