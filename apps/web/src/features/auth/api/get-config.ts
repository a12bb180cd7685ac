import type { ClientConfig } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The server's set-up (`GET /api/config`): whether Google sign-in is configured. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<ClientConfig>('/config', { signal }),
  staleTime: Infinity,
});

export function useClientConfig() {
  return useQuery(configQuery);
}
