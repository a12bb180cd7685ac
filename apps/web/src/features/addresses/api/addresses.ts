import { addressMessages, notices, type Address, type AddressFields } from '@autoparts/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, customerMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/addresses`: the signed-in customer's address book, the default first. */
export const addressesQuery = queryOptions({
  queryKey: queryKeys.addresses,
  queryFn: ({ signal }) => api<Address[]>('/addresses', { signal, auth: true }),
});

/** What the form sends: the fields as the shared schema wrote them (region null where none). */
export type AddressChange = AddressFields;

const failed = (error: unknown) => toast.error(notices.somethingWrong, { description: customerMessage(error) });

/** `POST /api/addresses` (add) or `PUT /api/addresses/{id}` (change); the book is fetched again after either. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: string | undefined; fields: AddressChange }) =>
      id
        ? api<Address>(`/addresses/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: fields })
        : api<Address>('/addresses', { method: 'POST', auth: true, body: fields }),
    onSuccess: (_address, { id }) => toast.success(id ? addressMessages.updated : addressMessages.added),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}

/** Makes an address the default: its own fields again, with `isDefault`. */
export function useMakeDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: Address) =>
      api<Address>(`/addresses/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: { ...fields, isDefault: true } }),
    onSuccess: () => toast.success(addressMessages.madeDefault),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}

/** `DELETE /api/addresses/{id}`; the reply is the book left, which becomes the cached one. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Address[]>(`/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: (book) => {
      queryClient.setQueryData(queryKeys.addresses, book);
      toast.success(addressMessages.deleted);
    },
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}
