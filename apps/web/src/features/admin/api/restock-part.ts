import type { acknowledgedSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `POST /admin/part/{id}/restock`: adds `quantity` to the stock on the server, whatever it is now. */
async function restockPart({ id, quantity }: { id: string; quantity: number }) {
  const reply = await api<z.infer<typeof acknowledgedSchema>>(`/admin/part/${encodeURIComponent(id)}/restock`, {
    method: 'POST',
    body: { quantity },
    auth: true,
  });
  return confirmed(reply, reply.acknowledged, 'The restock was not acknowledged');
}

export function useRestockPart() {
  return useAdminMutation({
    mutationFn: restockPart,
    success: (_reply, { quantity }) => adminNotices.restocked(quantity),
    // The overview's low-stock list too.
    invalidates: [queryKeys.parts, queryKeys.overview],
  });
}
