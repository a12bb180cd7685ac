import { ADMIN_RETURNS_PAGE_SIZE, formatPercent, formatPrice, type AdminReturn, type CreateReturn, type RefundPreview, type ReturnCreated, type ReturnPolicy, type ReturnRequest, type ReturnStatusCode, type ShopSettings } from '@autoparts/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, customerMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';

/** The customer's returns (under `orders`, so signing out and order changes refresh them). */
export const myReturnsKey = ['orders', 'returns'] as const;
/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
export const adminReturnsKey = ['admin', 'returns'] as const;
export const shopSettingsKey = ['admin', 'settings'] as const;

/** `GET /returns`: the signed-in customer's return requests, newest first. */
export const myReturnsQuery = () =>
  queryOptions({ queryKey: myReturnsKey, queryFn: ({ signal }) => api<ReturnRequest[]>('/returns', { signal, auth: true }) });

/** `GET /returns/policy`: the restocking fee and the returns address, said before and after asking. */
export const returnPolicyQuery = () =>
  queryOptions({ queryKey: ['orders', 'return-policy'], queryFn: ({ signal }) => api<ReturnPolicy>('/returns/policy', { signal, auth: true }) });

/** The query string of `GET /admin/returns`: the status in use, the page after the first, and `ADMIN_RETURNS_PAGE_SIZE` a page. */
function adminReturnsSearch(status: ReturnStatusCode | '', page: number): string {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (page > 1) search.set('page', String(page));
  search.set('pageSize', String(ADMIN_RETURNS_PAGE_SIZE));
  return `?${search.toString()}`;
}

/** `GET /admin/returns?status=&page=`: a page of every return, or of those in one status, newest first (decision 182). */
export const adminReturnsQuery = (status: ReturnStatusCode | '', page = 1) =>
  queryOptions({
    queryKey: [...adminReturnsKey, status, page],
    queryFn: ({ signal }) => api<AdminReturn[]>(`/admin/returns${adminReturnsSearch(status, page)}`, { signal, auth: true }),
  });

/**
 * `GET /admin/returns/{id}/refund-preview`: what receiving an approved return will refund. Not
 * under the returns' key: receiving refreshes the list, and the received return has no preview.
 */
export const refundPreviewKey = ['admin', 'refund-preview'] as const;
export const refundPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: [...refundPreviewKey, id],
    queryFn: ({ signal }) => api<RefundPreview>(`/admin/returns/${encodeURIComponent(id)}/refund-preview`, { signal, auth: true }),
  });

export const shopSettingsQuery = () =>
  queryOptions({ queryKey: shopSettingsKey, queryFn: ({ signal }) => api<ShopSettings>('/admin/settings', { signal, auth: true }) });

/** `POST /returns`: the request; its RMA number and what to do are shown where it was asked. */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReturn) => api<ReturnCreated>('/returns', { method: 'POST', body: input, auth: true }),
    onError: (error) => {
      toast.error('The return was not requested', { description: customerMessage(error) });
    },
    // The returns and the orders: each order line says what of it may still go back (decision 164).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}

const returnPath = (id: string, action: string) => `/admin/returns/${encodeURIComponent(id)}/${action}`;

export function useApproveReturn() {
  return useAdminMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution?: 'replace' | 'refund' }) =>
      api<ReturnRequest>(returnPath(id, 'approve'), { method: 'POST', body: resolution ? { resolution } : {}, auth: true }),
    success: (row) => `${row.rmaNumber} approved`,
    invalidates: [adminReturnsKey],
  });
}

export function useRejectReturn() {
  return useAdminMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api<ReturnRequest>(returnPath(id, 'reject'), { method: 'POST', body: { reason }, auth: true }),
    success: (row) => `${row.rmaNumber} rejected`,
    invalidates: [adminReturnsKey],
  });
}

export function useReceiveReturn() {
  return useAdminMutation({
    mutationFn: ({ id, lines }: { id: string; lines: { partId: string; quantity: number; action: 'restock' | 'scrap' }[] }) =>
      api<ReturnRequest>(returnPath(id, 'receive'), { method: 'POST', body: { lines }, auth: true }),
    success: (row) => `${row.rmaNumber} received and refunded ${formatPrice(row.refundAmount ?? 0)}`,
    invalidates: [adminReturnsKey, ['parts']],
  });
}

export function useSaveShopSettings() {
  return useAdminMutation({
    mutationFn: (settings: ShopSettings) => api<ShopSettings>('/admin/settings', { method: 'PUT', body: settings, auth: true }),
    success: (saved) => `Restocking fee set to ${formatPercent(saved.restockingFeePercent)}`,
    invalidates: [shopSettingsKey, refundPreviewKey],
  });
}
