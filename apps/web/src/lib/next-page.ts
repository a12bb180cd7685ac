import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/**
 * Whether a list the server pages without a total (an array a page, SPEC's shape) has a page after
 * this one. A full page may be the last (20 orders of 20): offering the next on a full page alone
 * led to an empty page, a table of headings with "Older orders" disabled under the keyboard. So the
 * next page is asked for once this one is full, and offered unless it came back empty; pressed, it
 * shows at once from the cache. Until it answers (or when it cannot be read), it is offered: a
 * query's `keepPreviousData` is not used for it, since the page after another list's (a search,
 * a filter) says nothing of this one's. Every list the server pages without a total uses it
 * (decisions 139, 145).
 */
export function useHasNextPage<T extends readonly unknown[], K extends QueryKey>(next: UseQueryOptions<T, Error, T, K>, thisPageFull: boolean): boolean {
  const following = useQuery({ ...next, enabled: thisPageFull, placeholderData: undefined });
  return thisPageFull && following.data?.length !== 0;
}
