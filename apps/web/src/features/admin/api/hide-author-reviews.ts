import type { modifiedCountSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `POST /admin/reviews/hide-author`: every review of one author leaves the carousel at once. */
async function hideAuthorReviews(email: string) {
  return api<z.infer<typeof modifiedCountSchema>>('/admin/reviews/hide-author', { method: 'POST', body: { email }, auth: true });
}

export function useHideAuthorReviews() {
  return useAdminMutation({
    mutationFn: hideAuthorReviews,
    success: (reply, email) => adminNotices.authorReviewsHidden(reply.modifiedCount, email),
    invalidates: [queryKeys.reviews, queryKeys.adminReviews],
  });
}
