import type { Vehicle, VehicleApplications, VehicleOptions } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const hour = 60 * 60 * 1000;

export const vehicleYearsQuery = queryOptions({
  queryKey: queryKeys.vehicleYears,
  queryFn: ({ signal }) => api<number[]>('/vehicles/years', { signal }),
  staleTime: hour,
});

export function useVehicleYears() {
  return useQuery(vehicleYearsQuery);
}

export function useVehicleMakes(year: number | undefined) {
  return useQuery({
    queryKey: queryKeys.vehicleMakes(year ?? 0),
    queryFn: ({ signal }) => api<string[]>(`/vehicles/makes?year=${year}`, { signal }),
    enabled: year !== undefined,
    staleTime: hour,
  });
}

export function useVehicleModels(year: number | undefined, make: string) {
  return useQuery({
    queryKey: queryKeys.vehicleModels(year ?? 0, make),
    queryFn: ({ signal }) => api<Vehicle[]>(`/vehicles/models?${new URLSearchParams({ year: String(year), make }).toString()}`, { signal }),
    enabled: year !== undefined && make !== '',
    staleTime: hour,
  });
}

/** What the applications of a base vehicle tell apart (submodels, engines) and its configurations for them. */
export function useVehicleOptions(base: Vehicle | undefined) {
  return useQuery({
    queryKey: queryKeys.vehicleOptions(base?.year ?? 0, base?.make ?? '', base?.model ?? ''),
    queryFn: ({ signal }) =>
      api<VehicleOptions>(`/vehicles/options?${new URLSearchParams({ year: String(base?.year), make: base?.make ?? '', model: base?.model ?? '' }).toString()}`, { signal }),
    enabled: base !== undefined,
    staleTime: hour,
  });
}

export interface VinReply {
  vin: string;
  year: number;
  make: string;
  model: string | null;
  vehicles: Vehicle[];
}

export const decodeVin = (vin: string) => api<VinReply>(`/vin/${encodeURIComponent(vin)}`);

/**
 * What the part cards shown say of the active vehicle (decision 083): each part's applications on
 * its base vehicle, by part id (a part without is not in the map); undefined without a vehicle or
 * until they are loaded.
 */
export function usePartApplications(vehicleId: string | undefined, partIds: string[]) {
  const ids = partIds.slice(0, 48);
  const query = useQuery({
    queryKey: queryKeys.vehicleApplications(vehicleId ?? '', ids),
    queryFn: ({ signal }) => api<VehicleApplications>(`/vehicles/${encodeURIComponent(vehicleId ?? '')}/applications?ids=${ids.map(encodeURIComponent).join(',')}`, { signal }),
    enabled: vehicleId !== undefined && ids.length > 0,
    staleTime: 5 * 60 * 1000,
  });
  return vehicleId && query.data ? new Map(query.data.map((answer) => [answer.part, answer.applications])) : undefined;
}
