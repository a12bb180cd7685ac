import type { Review } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const reviewsQuery = queryOptions({
  queryKey: queryKeys.reviews,
  queryFn: ({ signal }) => api<Review[]>('/reviews', { signal }),
  // What came rendered from the server is not asked for again at once (decision 028).
  staleTime: 60_000,
});

export function useReviews() {
  return useQuery(reviewsQuery);
}
