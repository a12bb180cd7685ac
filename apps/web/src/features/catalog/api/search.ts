import { isSearchPage, lastSearchPage, searchQuerySchema, type SearchResult } from '@autoparts/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The search's parameters; each is a URL parameter of /shop, so a search can be shared and Back works. */
const searchKeys = ['q', 'category', 'vehicle', 'minPrice', 'maxPrice', 'inStock', 'sort', 'page'] as const;
export type SearchKey = (typeof searchKeys)[number];

/**
 * /shop's search parameters from its URL: the set ones, as they are (the server validates them).
 * One of spaces only is not set, as a blank box is not (`maxPrice=%20` is no price, not $0).
 */
export function shopSearchParams(searchParams: URLSearchParams): Record<string, string> {
  return Object.fromEntries(searchKeys.flatMap((key) => (searchParams.get(key)?.trim() ? [[key, searchParams.get(key) ?? '']] : [])));
}

/** `GET /api/search` with /shop's URL parameters. */
export const searchQuery = (params: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.search(params),
    queryFn: ({ signal }) => api<SearchResult>(`/search?${new URLSearchParams(params).toString()}`, { signal }),
    // The page that came rendered from the server is not asked for again at once (decision 028).
    staleTime: 60_000,
  });

const isPageAsked = (params: Record<string, string>) => params.page === undefined || isSearchPage(params.page);

/**
 * What the shared search schema refuses in /shop's URL (a lowest price above the highest, a text
 * over its length), in the schema's own words, or undefined. The API would answer 400 and name the
 * field ("minPrice: …"); the page says the message itself and asks nothing. A `page` that is no
 * page number is not this: it is a page the search does not have (isMissingSearchPage).
 */
export function searchRefusal(params: Record<string, string>): string | undefined {
  const { page: _page, ...filters } = params;
  const parsed = searchQuerySchema.safeParse(filters);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Whether /shop's search is asked for: not for a `page` that is no page number, nor for what the schema refuses (the API would refuse it). */
const isSearchAsked = (params: Record<string, string>) => isPageAsked(params) && searchRefusal(params) === undefined;

/**
 * Whether /shop's URL names a page its search does not have: a `page` that is no page number, or
 * one past the last page of `result` (decision 103). The server answers it 404; both say so.
 */
export function isMissingSearchPage(params: Record<string, string>, result: SearchResult | undefined): boolean {
  if (!isPageAsked(params)) return true;
  return result !== undefined && result.page > lastSearchPage(result.total, result.pageSize);
}

/** /shop's search asked for on the server, as the page will ask in the browser: none for a `page` that is no page. */
export const shopSearchPrefetch = (queryClient: QueryClient, params: Record<string, string>) =>
  isSearchAsked(params) ? [queryClient.prefetchQuery(searchQuery(params))] : [];

export function useSearch(params: Record<string, string>) {
  // The page shown stays while the next loads.
  return useQuery({ ...searchQuery(params), placeholderData: keepPreviousData, enabled: isSearchAsked(params) });
}
