import { shippingNotices, type acknowledgedSchema, type ShippingMethod, type ShippingMethodInput } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';

/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
const shippingMethodsKey = ['admin', 'shipping-methods'] as const;

/** `GET /admin/shipping-methods`: every method, inactive ones too, oldest first. */
export const shippingMethodsQuery = () =>
  queryOptions({
    queryKey: shippingMethodsKey,
    queryFn: ({ signal }) => api<ShippingMethod[]>('/admin/shipping-methods', { signal, auth: true }),
  });

const methodPath = (id: string) => `/admin/shipping-methods/${encodeURIComponent(id)}`;

/** The whole method as `PUT` takes it, from the method as listed. */
function inputOf({ id: _id, ...method }: ShippingMethod): ShippingMethodInput {
  return method;
}

export function useAddShippingMethod() {
  return useAdminMutation({
    mutationFn: (input: ShippingMethodInput) => api<ShippingMethod>('/admin/shipping-methods', { method: 'POST', body: input, auth: true }),
    success: (method) => shippingNotices.methodAdded(method.name),
    invalidates: [shippingMethodsKey],
  });
}

/** Saves a whole method: an edit, or the same method (de)activated. */
export function useSaveShippingMethod() {
  return useAdminMutation({
    mutationFn: ({ id, input }: { id: string; input: ShippingMethodInput }) =>
      api<ShippingMethod>(methodPath(id), { method: 'PUT', body: input, auth: true }),
    success: (method) => shippingNotices.methodSaved(method.name),
    invalidates: [shippingMethodsKey],
  });
}

export function useSetShippingMethodActive() {
  return useAdminMutation({
    mutationFn: ({ method, active }: { method: ShippingMethod; active: boolean }) =>
      api<ShippingMethod>(methodPath(method.id), { method: 'PUT', body: { ...inputOf(method), active }, auth: true }),
    success: (method) => (method.active ? shippingNotices.methodActivated(method.name) : shippingNotices.methodDeactivated(method.name)),
    invalidates: [shippingMethodsKey],
  });
}

export function useRemoveShippingMethod() {
  return useAdminMutation({
    mutationFn: (method: ShippingMethod) => api<z.infer<typeof acknowledgedSchema>>(methodPath(method.id), { method: 'DELETE', auth: true }),
    success: () => shippingNotices.methodRemoved,
    invalidates: [shippingMethodsKey],
  });
}
