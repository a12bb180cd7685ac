import { type AdminCatalogue, type CatalogueUpdate, type CsvRowError, type FitmentImportReply, type PartChangesExpected, type PartChangesInput, type PartUpdated } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { fieldChangedOf } from './update-part';
import { useAdminMutation } from './use-admin-mutation';

/** `GET /admin/part/{id}/catalogue`: category, numbers, specs and fitment of any part. */
export const partCatalogueQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminCatalogue(id),
    queryFn: ({ signal }) => api<AdminCatalogue>(`/admin/part/${encodeURIComponent(id)}/catalogue`, { signal, auth: true }),
  });

/** `PUT …/catalogue` with what the form loaded as `expected`: a field saved by someone else since is a 409 (decision 112). */
export function useSaveCatalogue(id: string) {
  return useAdminMutation({
    mutationFn: (input: CatalogueUpdate) =>
      api(`/admin/part/${encodeURIComponent(id)}/catalogue`, { method: 'PUT', body: input, auth: true }),
    success: () => 'Catalogue details saved',
    // A 409 is the page's alert (StaleNotice), not a toast over it as well.
    saidInPlace: (error) => fieldChangedOf(error) !== undefined,
    invalidates: [queryKeys.parts],
  });
}

export function useRemoveFitment(id: string) {
  return useAdminMutation({
    mutationFn: (vehicleId: string) =>
      api(`/admin/part/${encodeURIComponent(id)}/fitment/${encodeURIComponent(vehicleId)}`, { method: 'DELETE', auth: true }),
    success: () => 'Vehicle removed from the fitment',
    invalidates: [queryKeys.parts],
  });
}

/** A refused import: the server's message and each bad row by line. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly errors: CsvRowError[],
  ) {
    super(message);
  }
}

/** `POST /admin/fitment/import`; a 400 with rows becomes ImportRefused. */
async function importFitment(csv: string): Promise<FitmentImportReply> {
  try {
    return await api<FitmentImportReply>('/admin/fitment/import', { method: 'POST', body: { csv }, auth: true });
  } catch (error) {
    const errors = isApiError(error, 400) ? (error.payload as { errors?: CsvRowError[] } | undefined)?.errors : undefined;
    if (errors) throw new ImportRefused(error instanceof Error ? error.message : '', errors);
    throw error;
  }
}

export function useImportFitment() {
  return useAdminMutation({
    mutationFn: importFitment,
    success: (reply) => `Imported ${reply.rows} rows: ${reply.added} applications added`,
    failure: 'Nothing was imported',
    invalidates: [queryKeys.parts],
  });
}

/** One CSV field, quoted when it has to be. */
export const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The part-change saves of part `id`, whose last reply's warnings the form shows (it is mounted again once the save is read back). */
export const partChangesMutationKey = (id: string) => ['part-changes', id] as const;

/**
 * `PATCH /admin/part/{id}` with the part-change fields (issue 30) and what the form loaded of them
 * as `expected` (decision 112): the server's rules answer 400 with their message, a field saved by
 * someone else since 409; a saved replacement that misses vehicles the part fits comes with `warnings`.
 */
export function useSavePartChanges(id: string) {
  return useAdminMutation({
    mutationFn: (changes: Partial<PartChangesInput> & { expected: PartChangesExpected }) =>
      api<PartUpdated>(`/admin/part/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes, auth: true }),
    mutationKey: partChangesMutationKey(id),
    success: () => 'Life cycle, interchange and kit saved',
    detail: (saved) => (saved.warnings.length > 0 ? saved.warnings.join(' · ') : undefined),
    // A 409 (StaleNotice) and a rule's 400 are the form's own alerts, not a toast over them as well.
    saidInPlace: (error) => fieldChangedOf(error) !== undefined || isApiError(error, 400),
    invalidates: [queryKeys.parts],
  });
}
