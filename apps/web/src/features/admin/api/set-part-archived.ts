import type { acknowledgedSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `PUT /admin/part/{id}/archived`: an archived part leaves the shop; its orders stay. */
async function setPartArchived({ id, archived }: { id: string; archived: boolean }) {
  const reply = await api<z.infer<typeof acknowledgedSchema>>(`/admin/part/${encodeURIComponent(id)}/archived`, {
    method: 'PUT',
    body: { archived },
    auth: true,
  });
  return confirmed(reply, reply.acknowledged, 'The change was not acknowledged');
}

export function useSetPartArchived() {
  return useAdminMutation({
    mutationFn: setPartArchived,
    success: (_reply, { archived }) => (archived ? adminNotices.archived : adminNotices.restored),
    invalidates: [queryKeys.parts],
  });
}
