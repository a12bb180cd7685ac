import type { modifiedCountSchema, shipReplySchema, ShipOrderInput } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';
import { shipmentNotices } from '../shipment-notices';

/** `POST /admin/order/{id}/ship`: some or all of what is left, with a carrier and a tracking number. */
async function shipOrder({ id, shipment }: { id: string; shipment: ShipOrderInput }) {
  const reply = await api<z.infer<typeof shipReplySchema>>(`/admin/order/${encodeURIComponent(id)}/ship`, {
    method: 'POST',
    auth: true,
    body: shipment,
  });
  return confirmed(reply, reply.modifiedCount === 1, 'The order was not shipped');
}

/** `POST /admin/order/{id}/deliver`: shipped → delivered. */
async function deliverOrder(id: string) {
  const reply = await api<z.infer<typeof modifiedCountSchema>>(`/admin/order/${encodeURIComponent(id)}/deliver`, { method: 'POST', auth: true });
  return confirmed(reply, reply.modifiedCount === 1, 'The order was not marked delivered');
}

export function useShipOrder() {
  return useAdminMutation({
    mutationFn: shipOrder,
    success: (reply) => (reply.status === 'partially_shipped' ? shipmentNotices.partShipped : shipmentNotices.shipped),
    invalidates: [queryKeys.orders],
  });
}

export function useDeliverOrder() {
  return useAdminMutation({
    mutationFn: deliverOrder,
    success: () => shipmentNotices.delivered,
    invalidates: [queryKeys.orders],
  });
}
