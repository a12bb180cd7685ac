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

/** How long what a page carried counts as fresh from the page's load, for a query with no `staleTime` of its own: not asked for again while it hydrates and settles. */
export const CARRIED_FRESH_MS = 10_000;

/**
 * Starts the browser's cache with what the page carried, as fetched when the page loaded: the
 * server keeps a rendered page only while what it shows is unchanged (plugins/web-app.ts), so its
 * answers are as fresh as the page however long ago it was drawn, and whatever the server's clock
 * said. A query with a `staleTime` of its own (a search, 60 s) is fresh for that long from the
 * load; one without (a part, who is signed in) for `CARRIED_FRESH_MS`, then as usual. (With the
 * server's time, a page kept for over a minute had its search asked again as it hydrated, and
 * drawn again when the same answer came.)
 */
export function receivePageData(queryClient: QueryClient, data: PageData, loadedAt = Date.now()) {
  const queries = data.queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: loadedAt } }));
  hydrate(queryClient, { ...data.queries, queries });
  const carried = new Set(queries.map((query) => query.queryHash));
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query) => (carried.has(query.queryHash) && query.state.dataUpdatedAt === loadedAt ? CARRIED_FRESH_MS : 0),
    },
  });
}
