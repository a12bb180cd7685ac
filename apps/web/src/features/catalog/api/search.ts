import type { SearchResult } from '@autoparts/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The search's parameters; each is a URL parameter of /shop, so a search can be shared and Back works. */
export const searchKeys = ['q', 'category', 'vehicle', 'minPrice', 'maxPrice', 'inStock', 'sort', 'page'] as const;
export type SearchKey = (typeof searchKeys)[number];

/** /shop's search parameters from its URL: the set ones, as they are (the server validates them). */
export function shopSearchParams(searchParams: URLSearchParams): Record<string, string> {
  return Object.fromEntries(searchKeys.flatMap((key) => (searchParams.get(key) ? [[key, searchParams.get(key) ?? '']] : [])));
}

/** `GET /api/search` with /shop's URL parameters. */
export const searchQuery = (params: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.search(params),
    queryFn: ({ signal }) => api<SearchResult>(`/search?${new URLSearchParams(params).toString()}`, { signal }),
    // The page that came rendered from the server is not asked for again at once (decision 028).
    staleTime: 60_000,
  });

export function useSearch(params: Record<string, string>) {
  // The page shown stays while the next loads.
  return useQuery({ ...searchQuery(params), placeholderData: keepPreviousData });
}
