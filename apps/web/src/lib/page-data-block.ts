import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` block that carries a server-rendered page's data (decision 028). */
export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  /** The TanStack Query cache the server filled while rendering the page. */
  queries: DehydratedState;
}

/**
 * The block's text: JSON with every `<` escaped, so no string in the data (a part's name, a
 * review) can close the element or open another.
 */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** How long what a page carried counts as fresh from the page's load: not asked for again while it hydrates and settles. */
export const CARRIED_FRESH_MS = 10_000;

/**
 * Starts the browser's cache with what the page carried. Those answers count as fetched when the
 * page loaded, whatever the server's clock said: a query with no `staleTime` of its own (a part,
 * who is signed in) is not asked for again for `CARRIED_FRESH_MS`, then as usual.
 */
export function receivePageData(queryClient: QueryClient, data: PageData, loadedAt = Date.now()) {
  hydrate(queryClient, data.queries);
  const carried = new Map(data.queries.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query) => {
        const fetchedAt = carried.get(query.queryHash);
        // Fresh until CARRIED_FRESH_MS after the load, by this browser's clock.
        return fetchedAt !== undefined && query.state.dataUpdatedAt === fetchedAt ? Math.max(0, loadedAt + CARRIED_FRESH_MS - fetchedAt) : 0;
      },
    },
  });
}
