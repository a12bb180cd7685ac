import type { modifiedCountSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `POST /admin/order/{id}/ship`: paid → shipped; 409 when the order is not paid. */
async function shipOrder(id: string) {
  const reply = await api<z.infer<typeof modifiedCountSchema>>(`/admin/order/${encodeURIComponent(id)}/ship`, {
    method: 'POST',
    auth: true,
  });
  if (reply.modifiedCount !== 1) throw new Error('The order was not marked shipped');
  return reply;
}

export function useShipOrder() {
  return useAdminMutation({
    mutationFn: shipOrder,
    success: () => adminNotices.orderShipped,
    invalidates: [queryKeys.orders],
  });
}
