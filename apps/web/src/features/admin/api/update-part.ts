import { partRefusalSchema, productFieldChangedSchema, type acknowledgedSchema, type ProductUpdate } from '@autoparts/shared';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
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
  return confirmed(reply, reply.acknowledged, 'The change was not acknowledged');
}

/** A 409 naming a field someone else saved since the form loaded (decision 112), or undefined. */
export function fieldChangedOf(error: unknown) {
  if (!isApiError(error, 409)) return undefined;
  const parsed = productFieldChangedSchema.safeParse(error.payload);
  return parsed.success ? parsed.data : undefined;
}

/** A rule's 400 naming the field it refuses (`partRefusalSchema`, decisions 157 and 164), or undefined. */
export function refusedFieldOf(error: unknown): { message: string; field: string } | undefined {
  if (!isApiError(error, 400)) return undefined;
  const parsed = partRefusalSchema.safeParse(error.payload);
  return parsed.success && parsed.data.field !== undefined ? { message: error.message, field: parsed.data.field } : undefined;
}

/**
 * The row's and the editor's 409 naming a field is said at that field, which takes the focus: no
 * toast over it. `refusalsInPlace`: a rule's 400 is said at the field too (the row's price, refused
 * by the part's price breaks), so no toast says it again; `fieldsInPlace`: only a 400 naming one
 * of these fields is (the editor's, decision 164), any other still in a toast.
 */
export function useUpdatePart({ refusalsInPlace = false, fieldsInPlace = [] as readonly string[] } = {}) {
  return useAdminMutation({
    mutationFn: updatePart,
    success: () => adminNotices.productUpdated,
    saidInPlace: (error) =>
      fieldChangedOf(error) !== undefined || (refusalsInPlace && isApiError(error, 400)) || fieldsInPlace.includes(refusedFieldOf(error)?.field ?? ''),
    invalidates: [queryKeys.parts],
  });
}
