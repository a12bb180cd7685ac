import type { PartDetail, Vehicle } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /part/{id}` (SPEC §7): one part, for its page. A 404 means there is no such part. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.part(id),
    queryFn: ({ signal }) => api<PartDetail>(`/part/${encodeURIComponent(id)}`, { signal }),
  });

/** `GET /part/{id}/fitment`: the vehicles the part fits, by make, model and year. */
export const fitmentQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.fitment(id),
    queryFn: ({ signal }) => api<Vehicle[]>(`/part/${encodeURIComponent(id)}/fitment`, { signal }),
  });
