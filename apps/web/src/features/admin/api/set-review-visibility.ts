import type { acknowledgedSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
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
  if (!reply.acknowledged) throw new Error('The change was not acknowledged');
  return reply;
}

export function useSetReviewVisibility() {
  return useAdminMutation({
    mutationFn: setReviewVisibility,
    success: (_reply, { hidden }) => (hidden ? adminNotices.reviewHidden : adminNotices.reviewShown),
    invalidates: [queryKeys.reviews, queryKeys.adminReviews],
  });
}
