import type { AdminReview } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /admin/reviews`: every review, hidden ones too, with its author's e-mail. */
export const adminReviewsQuery = queryOptions({
  queryKey: queryKeys.adminReviews,
  queryFn: ({ signal }) => api<AdminReview[]>('/admin/reviews', { signal, auth: true }),
});
