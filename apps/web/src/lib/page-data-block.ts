import type { DehydratedState } from '@tanstack/react-query';

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
