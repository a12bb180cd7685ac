import { isSearchPage, lastSearchPage, type SearchResult } from '@autoparts/shared';
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
 * over its length), in the schema's own words, or null. The API would answer 400 and name the
 * field ("minPrice: …"); the page says the message itself and asks nothing. A `page` that is no
 * page number is not this: it is a page the search does not have (isMissingSearchPage).
 * A query, so that the schema's code (zod) is loaded only for a search checked in the browser: the
 * server answers it with the page, which a page landed on hydrates with (decision 209).
 */
export const searchRefusalQuery = (params: Record<string, string>) => {
  const { page: _page, ...filters } = params;
  return queryOptions({
    queryKey: ['search-refusal', filters],
    queryFn: async () => (await import('./search-refusal')).searchRefusal(filters) ?? null,
    // The same URL is always answered alike; a check whose code did not load is left to the server.
    staleTime: Infinity,
    retry: false,
  });
};

/**
 * Whether /shop's URL names a page its search does not have: a `page` that is no page number, or
 * one past the last page of `result` (decision 103). The server answers it 404; both say so.
 */
export function isMissingSearchPage(params: Record<string, string>, result: SearchResult | undefined): boolean {
  if (!isPageAsked(params)) return true;
  return result !== undefined && result.page > lastSearchPage(result.total, result.pageSize);
}

/**
 * /shop's search asked for on the server, as the page will ask in the browser: its check first, then
 * the search, none for a `page` that is no page nor for what the schema refuses.
 */
export async function shopSearchPrefetch(queryClient: QueryClient, params: Record<string, string>) {
  const refusal = await queryClient.fetchQuery(searchRefusalQuery(params));
  if (isPageAsked(params) && refusal === null) await queryClient.prefetchQuery(searchQuery(params));
}

/**
 * /shop's search and what the schema refuses of it (`refusal`; undefined while that is checked).
 * The search is asked once the schema has nothing against it, or should the check itself fail (its
 * code did not load): the server then checks it. The page shown stays while the next loads.
 */
export function useSearch(params: Record<string, string>) {
  const check = useQuery(searchRefusalQuery(params));
  const search = useQuery({ ...searchQuery(params), placeholderData: keepPreviousData, enabled: isPageAsked(params) && (check.data === null || check.isError) });
  return { search, refusal: check.data ?? undefined };
}
