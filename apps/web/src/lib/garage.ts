import { GARAGE_MAX, type Garage, type Vehicle } from '@autoparts/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, isApiError } from './api-client';
import { createLocalStore } from './local-store';
import { useSignedIn } from './me';
import { queryKeys } from './query-keys';

/**
 * My Garage: the buyer's vehicles, one of them active. A visitor's lives in localStorage; a
 * signed-in customer's on the account (`GET/PUT /api/garage`), and the visitor's moves there at
 * sign-in (GarageSync). In lib because the shop, the home page and the part page all read it.
 */
const empty: Garage = { vehicles: [], activeId: null };
const localGarage = createLocalStore<Garage>(
  'autoparts.garage',
  empty,
  (stored) => {
    const parsed = stored as Garage;
    return Array.isArray(parsed.vehicles) ? { vehicles: parsed.vehicles.slice(0, GARAGE_MAX), activeId: parsed.activeId ?? null } : empty;
  },
  (garage) => garage.vehicles.length === 0,
);

const garageQuery = { queryKey: queryKeys.garage, queryFn: ({ signal }: { signal: AbortSignal }) => api<Garage>('/garage', { signal, auth: true }) };

const putGarage = (garage: Garage) =>
  api<Garage>('/garage', {
    method: 'PUT',
    auth: true,
    body: { vehicleIds: garage.vehicles.map((vehicle) => vehicle._id), activeId: garage.activeId },
  });

/** The garage with one vehicle added (or moved to the front) and made active. */
export function withVehicle(garage: Garage, vehicle: Vehicle): Garage {
  const others = garage.vehicles.filter((kept) => kept._id !== vehicle._id);
  return { vehicles: [vehicle, ...others].slice(0, GARAGE_MAX), activeId: vehicle._id };
}

export function useGarage() {
  const signedIn = useSignedIn();
  const local = localGarage.use();
  const queryClient = useQueryClient();
  const remote = useQuery({ ...garageQuery, enabled: signedIn });
  const save = useMutation({
    mutationFn: putGarage,
    onMutate: (garage) => queryClient.setQueryData(queryKeys.garage, garage),
    onSuccess: (garage) => queryClient.setQueryData(queryKeys.garage, garage),
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.garage }),
  });
  const garage = signedIn ? (remote.data ?? empty) : local;
  const { mutate } = save;

  const update = useCallback(
    (next: Garage) => (signedIn ? mutate(next) : localGarage.write(next)),
    [signedIn, mutate],
  );
  const active = garage.vehicles.find((vehicle) => vehicle._id === garage.activeId) ?? null;
  return {
    garage,
    active,
    isSaving: save.isPending,
    saveError: save.error,
    add: (vehicle: Vehicle) => update(withVehicle(garage, vehicle)),
    /** Puts `vehicle` where `replaced` was (a choice changed before it was ever used), active. */
    replace: (replaced: string, vehicle: Vehicle) =>
      update(withVehicle({ ...garage, vehicles: garage.vehicles.filter((kept) => kept._id !== replaced) }, vehicle)),
    setActive: (id: string | null) => update({ ...garage, activeId: id }),
    remove: (id: string) =>
      update({ vehicles: garage.vehicles.filter((vehicle) => vehicle._id !== id), activeId: garage.activeId === id ? null : garage.activeId }),
  };
}

/**
 * At sign-in, the visitor's garage joins the account's: the account's vehicles stay, the
 * visitor's are added in front (at most 10), the visitor's active one stays active. Then the
 * browser's copy is cleared. Mounted once, in the root layout.
 */
export function GarageSync() {
  const signedIn = useSignedIn();
  const local = localGarage.use();
  const queryClient = useQueryClient();
  const pending = signedIn && local.vehicles.length > 0;

  useQuery({
    queryKey: [...queryKeys.garage, 'merge', local],
    enabled: pending,
    retry: false,
    queryFn: async () => {
      const account = await api<Garage>('/garage', { auth: true });
      const join = (visitors: Vehicle[]) => {
        const merged = visitors.reduceRight((garage, vehicle) => withVehicle(garage, vehicle), account);
        // The visitor's active vehicle, else the account's, if it is still among the ten kept.
        const kept = (id: string | null) => (id !== null && merged.vehicles.some((vehicle) => vehicle._id === id) ? id : null);
        return putGarage({ ...merged, activeId: kept(local.activeId) ?? kept(account.activeId) });
      };
      const saved = await join(local.vehicles).catch(async (error: unknown) => {
        if (!isApiError(error, 400)) throw error;
        // A vehicle kept in this browser may have left the vehicle list since (a reload of the
        // VCdb): the others join without it, rather than the garage never joining at all.
        const known = await Promise.all(
          local.vehicles.map((vehicle) =>
            api(`/vehicles/${encodeURIComponent(vehicle._id)}`).then(
              () => vehicle,
              (lookup: unknown) => (isApiError(lookup, 404) ? null : Promise.reject(lookup)),
            ),
          ),
        );
        return join(known.filter((vehicle): vehicle is Vehicle => vehicle !== null));
      });
      localGarage.write(empty);
      queryClient.setQueryData(queryKeys.garage, saved);
      return saved;
    },
  });
  return null;
}
