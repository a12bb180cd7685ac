import { apiErrors, CATALOGUE_IMPORTS_PAGE, catalogueDataMessages, partTypeCategoryMessages, type CatalogueImport, type CatalogueImportKind, type CatalogueImportMode, type CatalogueImportOnProblems, type PartTypeCategoriesInput, type PartTypeCategory } from '@autoparts/shared';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { useAdminMutation } from '../../admin/api/use-admin-mutation';

/** Under `admin`, so that signing out forgets it with the rest of the admin's data. */
const catalogueImportsKey = ['admin', 'catalogue-imports'] as const;
/** How often the screen asks again while an import is queued or running. */
const POLL_MS = 1_000;

export const isActive = (item: Pick<CatalogueImport, 'status'>) => item.status === 'queued' || item.status === 'running';

/** `GET /admin/catalogue/imports`: the latest imports, newest first; asked again while one runs. */
export const catalogueImportsQuery = () =>
  queryOptions({
    queryKey: catalogueImportsKey,
    queryFn: ({ signal }) => api<CatalogueImport[]>('/admin/catalogue/imports', { signal, auth: true }),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
  });

/** `GET /admin/catalogue/imports?before=`: the page of imports listed after `after`; a short page is the last (decision 115). */
export const importsBeforeQuery = (after: string) =>
  queryOptions({
    queryKey: [...catalogueImportsKey, 'before', after],
    queryFn: ({ signal }) => api<CatalogueImport[]>(`/admin/catalogue/imports?before=${encodeURIComponent(after)}`, { signal, auth: true }),
  });

/**
 * The imports listed after `after` (the last of the first page), a page at a time. Each page is
 * `importsBeforeQuery`'s, taken from the cache when `useHasNextPage` has already asked for it to
 * know whether to offer it: pressed, "Show older imports" shows it at once (decision 158).
 */
export const olderImportsQuery = (queryClient: QueryClient, after: string) =>
  infiniteQueryOptions({
    queryKey: [...catalogueImportsKey, 'older', after],
    queryFn: ({ pageParam }) => queryClient.ensureQueryData(importsBeforeQuery(pageParam)),
    initialPageParam: after,
    getNextPageParam: (last: CatalogueImport[]) => (last.length === CATALOGUE_IMPORTS_PAGE ? last.at(-1)?.id : undefined),
  });

/** `GET /admin/catalogue/imports/{id}`: one import, asked again while it is queued or running. */
export const catalogueImportQuery = (id: string) =>
  queryOptions({
    queryKey: [...catalogueImportsKey, id],
    queryFn: ({ signal }) => api<CatalogueImport>(`/admin/catalogue/imports/${encodeURIComponent(id)}`, { signal, auth: true }),
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data) ? false : POLL_MS),
  });

/** Where the browser downloads every problem of an import (the session cookie signs it in). */
export const problemsCsvUrl = (id: string) => `/api/admin/catalogue/imports/${encodeURIComponent(id)}/problems.csv`;

export interface UploadRequest {
  file: File;
  kind: CatalogueImportKind;
  mode: CatalogueImportMode;
  onProblems: CatalogueImportOnProblems;
}

/** `POST /admin/catalogue/imports`: the fields first, then the file, as the API asks. */
export function useUploadCatalogueFile() {
  return useAdminMutation({
    mutationFn: ({ file, kind, mode, onProblems }: UploadRequest) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('mode', mode);
      form.append('onProblems', onProblems);
      form.append('file', file);
      return api<{ id: string }>('/admin/catalogue/imports', { method: 'POST', form, auth: true });
    },
    success: (_, { file, mode }) => `${file.name} uploaded: the ${mode === 'apply' ? 'import' : 'dry run'} is queued.`,
    failure: catalogueDataMessages.notUploaded,
    invalidates: [catalogueImportsKey],
  });
}

/** A catalogue export to download: the whole catalogue, or (`since`, YYYY-MM-DD) what changed since that day. */
export const catalogueExportUrl = (format: 'aces' | 'pies', since: string) => `/api/admin/catalogue/exports/${format}${since ? `?since=${since}` : ''}`;

/** The parts as CSV to download. */
export const partsCsvExportUrl = '/api/admin/catalogue/exports/parts.csv';

/**
 * Why the export at `url` (one of the above) would be refused now, in the shop's words, or
 * undefined if it would be sent: its `HEAD`, with the session cookie the download itself sends,
 * answers the refusals of its `GET` without writing the file or taking a slot (decision 158). A
 * refused download is otherwise only a failed download in the browser's list, without words.
 */
export async function exportRefusal(url: string): Promise<string | undefined> {
  try {
    await api<undefined>(url.replace(/^\/api/, ''), { method: 'HEAD' });
    return undefined;
  } catch (error) {
    if (!isApiError(error)) throw error;
    // A HEAD reply carries no body: the words are the shop's own for each refusal.
    switch (error.status) {
      case 0:
        return error.message;
      case 400:
        return catalogueDataMessages.exportBadSince;
      case 401:
        return apiErrors.signInRequired;
      case 403:
        return apiErrors.forbidden;
      case 503:
        return catalogueDataMessages.exportsBusy;
      default:
        return catalogueDataMessages.exportFailed;
    }
  }
}

/** Under `admin`, as the imports. */
const partTypeCategoriesKey = ['admin', 'part-type-categories'] as const;

/** `GET /admin/catalogue/part-type-categories`: the part types the shop's parts carry or that are mapped, with their category. */
export const partTypeCategoriesQuery = () =>
  queryOptions({
    queryKey: partTypeCategoriesKey,
    queryFn: ({ signal }) => api<PartTypeCategory[]>('/admin/catalogue/part-type-categories', { signal, auth: true }),
  });

/** `PUT /admin/catalogue/part-type-categories`: maps (category null: unmaps) the part types sent. */
export function useSavePartTypeCategories() {
  return useAdminMutation({
    mutationFn: (input: PartTypeCategoriesInput) => api<PartTypeCategory[]>('/admin/catalogue/part-type-categories', { method: 'PUT', body: input, auth: true }),
    success: () => partTypeCategoryMessages.saved,
    failure: partTypeCategoryMessages.notSaved,
    invalidates: [partTypeCategoriesKey],
  });
}
