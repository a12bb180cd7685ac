import type { ClientConfig } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The server's set-up (`GET /api/config`): whether Google sign-in is configured, and which payment
 * provider takes payments (`stripe`, or the built-in `test` one). In lib because sign-in and the
 * payment page both read it.
 */
export const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => api<ClientConfig>('/config', { signal }),
  staleTime: Infinity,
});

export function useClientConfig() {
  return useQuery(configQuery);
}
