import type { AdminReview } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /admin/reviews`: one page of every review, hidden ones too, with its author's e-mail. */
export const adminReviewsQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.adminReviews, page],
    queryFn: ({ signal }) => api<AdminReview[]>(`/admin/reviews?page=${page}`, { signal, auth: true }),
  });
