import type { userSummarySchema } from '@autoparts/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UserSummary = z.infer<typeof userSummarySchema>;

export interface UserFilters {
  /** A part of an e-mail or a name; '' for everyone. */
  q: string;
  page: number;
}

/**
 * `GET /users` (SPEC §7, admins): one page of accounts' e-mail, name and role (USERS_PAGE_SIZE a
 * page), those matching `q` when given. The page shown stays while the next one loads.
 */
export const usersQuery = ({ q, page }: UserFilters) => {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  search.set('page', String(page));
  return queryOptions({
    queryKey: [...queryKeys.users, { q, page }],
    queryFn: ({ signal }) => api<UserSummary[]>(`/users?${search.toString()}`, { signal, auth: true }),
    placeholderData: keepPreviousData,
  });
};
