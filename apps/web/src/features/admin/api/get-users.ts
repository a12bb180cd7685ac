import type { userSummarySchema } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UserSummary = z.infer<typeof userSummarySchema>;

/** `GET /users` (SPEC §7, admins): every account's e-mail, name and role. */
export const usersQuery = queryOptions({
  queryKey: queryKeys.users,
  queryFn: ({ signal }) => api<UserSummary[]>('/users', { signal, auth: true }),
});
