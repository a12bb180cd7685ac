import type { acknowledgedSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `PUT /admin/review/{id}/visibility`: a hidden review leaves the home page's carousel. */
async function setReviewVisibility({ id, hidden }: { id: string; hidden: boolean }) {
  const reply = await api<z.infer<typeof acknowledgedSchema>>(`/admin/review/${encodeURIComponent(id)}/visibility`, {
    method: 'PUT',
    body: { hidden },
    auth: true,
  });
  return confirmed(reply, reply.acknowledged, 'The change was not acknowledged');
}

export function useSetReviewVisibility() {
  return useAdminMutation({
    mutationFn: setReviewVisibility,
    success: (_reply, { hidden }) => (hidden ? adminNotices.reviewHidden : adminNotices.reviewShown),
    invalidates: [queryKeys.reviews, queryKeys.adminReviews],
  });
}
