import type { Part } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const partsQuery = queryOptions({
  queryKey: ['parts'],
  queryFn: ({ signal }) => api<Part[]>('/parts', { signal }),
});

export function useParts() {
  return useQuery(partsQuery);
}
