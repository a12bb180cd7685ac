import { shippingNotices, taxPlace, type acknowledgedSchema, type TaxRate, type TaxRateInput, type TaxRateUpdate } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';
import { changedTo } from '../../admin/components/collection-save';

/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
const taxRatesKey = ['admin', 'tax-rates'] as const;

/** `GET /admin/tax-rates`: every rate, by country and region. */
export const taxRatesQuery = () =>
  queryOptions({
    queryKey: taxRatesKey,
    queryFn: ({ signal }) => api<TaxRate[]>('/admin/tax-rates', { signal, auth: true }),
  });

const ratePath = (id: string) => `/admin/tax-rates/${encodeURIComponent(id)}`;
const placeOf = (rate: Pick<TaxRate, 'country' | 'region'>) => taxPlace(rate.country, rate.region);

export function useAddTaxRate() {
  return useAdminMutation({
    mutationFn: (input: TaxRateInput) => api<TaxRate>('/admin/tax-rates', { method: 'POST', body: input, auth: true }),
    success: (rate) => shippingNotices.rateAdded(placeOf(rate)),
    invalidates: [taxRatesKey],
  });
}

/**
 * Replaces a rate, expecting it as the form loaded it (decision 202): a rate someone else saved
 * meanwhile is a 409 the form says in place.
 */
export function useSaveTaxRate() {
  return useAdminMutation({
    mutationFn: ({ input, expected: { id, ...loaded } }: { input: TaxRateInput; expected: TaxRate }) =>
      api<TaxRate>(ratePath(id), { method: 'PUT', body: { ...input, expected: loaded } satisfies TaxRateUpdate, auth: true }),
    saidInPlace: (error) => changedTo(error) !== undefined,
    success: (rate) => shippingNotices.rateSaved(placeOf(rate)),
    invalidates: [taxRatesKey],
  });
}

export function useRemoveTaxRate() {
  return useAdminMutation({
    mutationFn: (rate: TaxRate) => api<z.infer<typeof acknowledgedSchema>>(ratePath(rate.id), { method: 'DELETE', auth: true }),
    success: () => shippingNotices.rateRemoved,
    invalidates: [taxRatesKey],
  });
}
