import type { PartDetail, Vehicle } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A part as its pages keep it: without its applications, which a part fitting many vehicles has by
 * the thousand (11,531 made its page 3 MB, decision 173). Whether it fits the garage's vehicle is
 * asked of that vehicle (`FitVerdict`); the fitment table reads the part's vehicles.
 */
export type PartShown = Omit<PartDetail, 'applications'>;

/** The part without its applications, as the pages' queries keep it (and the server's page carries it). */
export function withoutApplications<T extends PartShown & { applications: unknown }>(part: T): Omit<T, 'applications'> {
  const { applications, ...shown } = part;
  return shown;
}

/** `GET /part/{id}` (SPEC §7): one part, for its page. A 404 means there is no such part. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.part(id),
    queryFn: async ({ signal }): Promise<PartShown> => withoutApplications(await api<PartDetail>(`/part/${encodeURIComponent(id)}`, { signal })),
  });

/** `GET /part/{id}/fitment`: the vehicles the part fits, by make, model and year. */
export const fitmentQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.fitment(id),
    queryFn: ({ signal }) => api<Vehicle[]>(`/part/${encodeURIComponent(id)}/fitment`, { signal }),
  });
