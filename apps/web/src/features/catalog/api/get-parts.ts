import type { ListedPart } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const partsQuery = queryOptions({
  queryKey: queryKeys.parts,
  queryFn: ({ signal }) => api<ListedPart[]>('/parts', { signal }),
  // What came rendered from the server is not asked for again at once (decision 028).
  staleTime: 60_000,
});

export function useParts() {
  return useQuery(partsQuery);
}
