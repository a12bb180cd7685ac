import type { PublicPart, Vehicle } from '@autoparts/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withoutApplications } from '../../orders/api/get-part';

/** A part's public page as it is kept: without its applications (decision 173), with its vehicles. */
export type PublicPartShown = Omit<PublicPart, 'applications'>;

/**
 * `GET /parts/by-number/{partNumber}`: a part's public page. No such part on sale (unknown or
 * archived) is `null`, an answer rather than a failure: the server renders the page's "Part not
 * found" with it, answers 404, and the browser hydrates the same page.
 */
export const publicPartQuery = (partNumber: string) =>
  queryOptions({
    queryKey: queryKeys.publicPart(partNumber),
    queryFn: async ({ signal }): Promise<PublicPartShown | null> => {
      try {
        return withoutApplications(await api<PublicPart>(`/parts/by-number/${encodeURIComponent(partNumber)}`, { signal }));
      } catch (error) {
        if (isApiError(error, 400, 404)) return null;
        throw error;
      }
    },
  });

/** The fitment as a list of vehicles, the shape the garage and the fitment table read. */
export function fitmentVehicles(part: PublicPartShown): Vehicle[] {
  return part.fitment.flatMap((group) => group.vehicles.map((vehicle) => ({ ...vehicle, make: group.make, model: group.model })));
}
