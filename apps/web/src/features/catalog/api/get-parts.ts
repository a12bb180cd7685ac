import type { Part } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const partsQuery = queryOptions({
  queryKey: queryKeys.parts,
  queryFn: ({ signal }) => api<Part[]>('/parts', { signal }),
});

export function useParts() {
  return useQuery(partsQuery);
}
