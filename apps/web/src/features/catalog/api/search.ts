import type { SearchResult } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/search` with /shop's URL parameters as they are (the server validates them). */
export function useSearch(params: Record<string, string>) {
  return useQuery({
    queryKey: queryKeys.search(params),
    queryFn: ({ signal }) => api<SearchResult>(`/search?${new URLSearchParams(params).toString()}`, { signal }),
    // The page shown stays while the next loads.
    placeholderData: keepPreviousData,
  });
}
