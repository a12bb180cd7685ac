import { ADMIN_PARTS_PAGE_SIZE, type AdminPartPage } from '@autoparts/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface PartFilters {
  /** Words in a part's name or description; '' for every part. */
  q: string;
  page: number;
}

/**
 * `GET /admin/parts`: one page of every part, archived ones too, searched and paged by the server.
 * The page shown stays while the next one loads, so the table does not jump.
 */
export const adminPartsQuery = ({ q, page }: PartFilters) =>
  queryOptions({
    queryKey: [...queryKeys.adminParts, { q, page }],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PARTS_PAGE_SIZE) });
      if (q) search.set('q', q);
      return api<AdminPartPage>(`/admin/parts?${search.toString()}`, { signal, auth: true });
    },
    placeholderData: keepPreviousData,
  });
