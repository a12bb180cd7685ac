import { shippingNotices, type acknowledgedSchema, type ShippingMethod, type ShippingMethodInput, type ShippingMethodUpdate } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';
import { changedTo } from '../../admin/components/collection-save';

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

/** `PUT`s a whole method, expecting it as the page loaded it (decision 202): one someone else saved meanwhile is a 409. */
const replace = (input: ShippingMethodInput, expected: ShippingMethod) =>
  api<ShippingMethod>(methodPath(expected.id), { method: 'PUT', body: { ...input, expected: inputOf(expected) } satisfies ShippingMethodUpdate, auth: true });

/** Saves the edit form's method; a 409 of a method saved meanwhile is said by the form. */
export function useSaveShippingMethod() {
  return useAdminMutation({
    mutationFn: ({ input, expected }: { input: ShippingMethodInput; expected: ShippingMethod }) => replace(input, expected),
    saidInPlace: (error) => changedTo(error) !== undefined,
    success: (method) => shippingNotices.methodSaved(method.name),
    invalidates: [shippingMethodsKey],
  });
}

/** The method as listed, (de)activated: a method saved meanwhile is refused in the toast, and the list shows it as it is now. */
export function useSetShippingMethodActive() {
  return useAdminMutation({
    mutationFn: ({ method, active }: { method: ShippingMethod; active: boolean }) => replace({ ...inputOf(method), active }, method),
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
