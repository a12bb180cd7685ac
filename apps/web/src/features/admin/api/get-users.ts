import type { userSummarySchema } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UserSummary = z.infer<typeof userSummarySchema>;

/** `GET /users` (SPEC §7, admins): one page of accounts' e-mail, name and role (USERS_PAGE_SIZE a page). */
export const usersQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.users, page],
    queryFn: ({ signal }) => api<UserSummary[]>(`/users?page=${page}`, { signal, auth: true }),
  });
