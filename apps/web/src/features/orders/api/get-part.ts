import type { Part } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /part/{id}` (SPEC §7): one part, for its page. A 404 means there is no such part. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.part(id),
    queryFn: ({ signal }) => api<Part>(`/part/${encodeURIComponent(id)}`, { signal }),
  });
