import { isSearchPage, lastSearchPage, type SearchResult } from '@autoparts/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/** Whether /shop's search is asked for: not for a `page` that is no page number (the API would refuse it). */
export const isSearchAsked = (params: Record<string, string>) => params.page === undefined || isSearchPage(params.page);

/**
 * Whether /shop's URL names a page its search does not have: a `page` that is no page number, or
 * one past the last page of `result` (decision 103). The server answers it 404; both say so.
 */
export function isMissingSearchPage(params: Record<string, string>, result: SearchResult | undefined): boolean {
  if (!isSearchAsked(params)) return true;
  return result !== undefined && result.page > lastSearchPage(result.total, result.pageSize);
}

/** /shop's search asked for on the server, as the page will ask in the browser: none for a `page` that is no page. */
export const shopSearchPrefetch = (queryClient: QueryClient, params: Record<string, string>) =>
  isSearchAsked(params) ? [queryClient.prefetchQuery(searchQuery(params))] : [];

export function useSearch(params: Record<string, string>) {
  // The page shown stays while the next loads.
  return useQuery({ ...searchQuery(params), placeholderData: keepPreviousData, enabled: isSearchAsked(params) });
}
