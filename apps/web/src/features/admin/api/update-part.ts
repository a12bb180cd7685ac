import type { acknowledgedSchema, ProductUpdate } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/**
 * `PATCH /admin/part/{id}` with only the fields that changed: sending the stock unchanged could
 * undo an order placed while the form was open.
 */
async function updatePart({ id, changes }: { id: string; changes: ProductUpdate }) {
  const reply = await api<z.infer<typeof acknowledgedSchema>>(`/admin/part/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    auth: true,
  });
  if (!reply.acknowledged) throw new Error('The change was not acknowledged');
  return reply;
}

export function useUpdatePart() {
  return useAdminMutation({
    mutationFn: updatePart,
    success: () => adminNotices.productUpdated,
    invalidates: [queryKeys.parts],
  });
}
