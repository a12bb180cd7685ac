import { priceListMessages, type acknowledgedSchema, type ExplainQuery, type PriceExplained, type PriceList, type PriceListInput, type PriceListSummary } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';
import { adminCompaniesKey } from '../../companies/api/companies';

/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
const priceListsKey = ['admin', 'price-lists'] as const;

const listPath = (id: string) => `/admin/price-lists/${encodeURIComponent(id)}`;

/** `GET /admin/price-lists`: every list, by priority then name, with its entry count and companies. */
export const priceListsQuery = () =>
  queryOptions({
    queryKey: [...priceListsKey, 'all'],
    queryFn: ({ signal }) => api<PriceListSummary[]>('/admin/price-lists', { signal, auth: true }),
  });

/** One list with its entries, to edit. */
export const priceListQuery = (id: string) =>
  queryOptions({
    queryKey: [...priceListsKey, 'one', id],
    queryFn: ({ signal }) => api<PriceList>(listPath(id), { signal, auth: true }),
  });

/** `GET /admin/price-lists/explain`: a part's price for a company (or anyone else), and why. */
export const explainQuery = (query: ExplainQuery) =>
  queryOptions({
    queryKey: [...priceListsKey, 'explain', query],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
      return api<PriceExplained>(`/admin/price-lists/explain?${search.toString()}`, { signal, auth: true });
    },
  });

/** Fixed prices above retail are saved, and told under the toast (decision 104). */
const warningsOf = (saved: { warnings?: string[] }) => (saved.warnings?.length ? saved.warnings.join(' · ') : undefined);

/** A list's companies show on the Companies screen too. */
const invalidates = [priceListsKey, adminCompaniesKey];

export const useCreatePriceList = () =>
  useAdminMutation({
    mutationFn: (input: PriceListInput) => api<{ id: string; warnings: string[] }>('/admin/price-lists', { method: 'POST', body: input, auth: true }),
    success: (_created, input) => `Price list “${input.name}” created`,
    detail: warningsOf,
    invalidates,
  });

/** A list saved by someone else since the editor loaded it (decision 125): the editor says so in its alert, with no toast over it. */
export const isStaleList = (error: unknown) => isApiError(error, 409) && error.message === priceListMessages.changed;

/** `PATCH` with `expectedVersion`, the version the editor loaded. */
export const useUpdatePriceList = () =>
  useAdminMutation({
    mutationFn: ({ id, input }: { id: string; input: PriceListInput & { expectedVersion: number } }) => api<PriceList>(listPath(id), { method: 'PATCH', body: input, auth: true }),
    saidInPlace: isStaleList,
    success: (list) => `Price list “${list.name}” saved`,
    detail: warningsOf,
    invalidates,
  });

export const useRemovePriceList = () =>
  useAdminMutation({
    mutationFn: (list: PriceListSummary) => api<z.infer<typeof acknowledgedSchema>>(listPath(list.id), { method: 'DELETE', auth: true }),
    success: (_reply, list) => `Price list “${list.name}” deleted`,
    invalidates,
  });
