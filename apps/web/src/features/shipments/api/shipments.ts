import type { modifiedCountSchema, shipReplySchema, ShipOrderInput } from '@autoparts/shared';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
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

/** A ship refusal the form says at its field: its words, and the line it names (0 for "Line 1"). */
export interface ShipRefusal {
  message: string;
  line?: number;
}

/**
 * A refusal of a parcel the Ship form can correct, said in its alert at the field (decision 170): a
 * line it names ("Line 1: only 3 left to ship.", a part named twice or not on the order) or a field
 * the schema refused (400). One about the order itself (no longer shippable, nothing left, the
 * parcel recorded already) may have taken the form away: a toast says it.
 */
export function refusedAtForm(error: unknown): ShipRefusal | undefined {
  if (!isApiError(error, 400, 409) || !error.message) return undefined;
  const line = /^Line (\d+): /.exec(error.message);
  if (line) return { message: error.message, line: Number(line[1]) - 1 };
  return error.status === 400 ? { message: error.message } : undefined;
}

export function useShipOrder() {
  return useAdminMutation({
    mutationFn: shipOrder,
    saidInPlace: (error) => refusedAtForm(error) !== undefined,
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
