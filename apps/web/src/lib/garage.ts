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
    if (!Array.isArray(parsed.vehicles)) return empty;
    // Only what names a vehicle (one kept before submodels were sent has none, decision 079): a null
    // or a damaged entry broke every page with My Garage, a reload too, for as long as it was kept.
    // By hand, not by the shared vehicleSchema, which would bring the catalogue's schemas into the
    // home page's first script (28 KB).
    const vehicles = parsed.vehicles
      .flatMap((kept: Partial<Vehicle> | null) =>
        typeof kept?._id === 'string' && typeof kept.year === 'number' && typeof kept.make === 'string' && typeof kept.model === 'string'
          ? [{ ...kept, submodel: kept.submodel ?? '', engine: kept.engine ?? '' } as Vehicle]
          : [],
      )
      .slice(0, GARAGE_MAX);
    return { vehicles, activeId: vehicles.some((vehicle) => vehicle._id === parsed.activeId) ? parsed.activeId : null };
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
function withVehicle(garage: Garage, vehicle: Vehicle): Garage {
  const others = garage.vehicles.filter((kept) => kept._id !== vehicle._id);
  return { vehicles: [vehicle, ...others].slice(0, GARAGE_MAX), activeId: vehicle._id };
}

/** What a change to the garage did, for saying so when it was not saved. */
export interface GarageChange {
  kind: 'add' | 'remove' | 'activate' | 'deactivate';
  vehicle: Vehicle;
}

export function useGarage() {
  const signedIn = useSignedIn();
  const local = localGarage.use();
  const queryClient = useQueryClient();
  const remote = useQuery({ ...garageQuery, enabled: signedIn });
  const save = useMutation({
    mutationFn: ({ garage }: { garage: Garage; change: GarageChange }) => putGarage(garage),
    onMutate: async ({ garage }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.garage });
      const before = queryClient.getQueryData<Garage>(queryKeys.garage);
      queryClient.setQueryData(queryKeys.garage, garage);
      return { before };
    },
    onSuccess: (garage) => queryClient.setQueryData(queryKeys.garage, garage),
    // The garage as it was saved: put back at once (a refetch that fails too would leave the
    // unsaved one showing), then asked again. The component says what was not saved.
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.garage, context.before);
      void queryClient.invalidateQueries({ queryKey: queryKeys.garage });
    },
  });
  const garage = signedIn ? (remote.data ?? empty) : local;
  const { mutate } = save;

  const update = useCallback(
    (next: Garage, change: GarageChange) => (signedIn ? mutate({ garage: next, change }) : localGarage.write(next)),
    [signedIn, mutate],
  );
  const active = garage.vehicles.find((vehicle) => vehicle._id === garage.activeId) ?? null;
  return {
    garage,
    active,
    isSaving: save.isPending,
    /** The last change, when the account's garage refused it (or could not be reached). */
    unsaved: save.isError ? { change: save.variables.change, error: save.error } : null,
    add: (vehicle: Vehicle) => update(withVehicle(garage, vehicle), { kind: 'add', vehicle }),
    /** Puts `vehicle` where `replaced` was (a choice changed before it was ever used), active. */
    replace: (replaced: string, vehicle: Vehicle) =>
      update(withVehicle({ ...garage, vehicles: garage.vehicles.filter((kept) => kept._id !== replaced) }, vehicle), { kind: 'add', vehicle }),
    /** Makes the garage's vehicle `vehicle` the active one, or none active (null). */
    setActive: (vehicle: Vehicle | null) => {
      if (vehicle) update({ ...garage, activeId: vehicle._id }, { kind: 'activate', vehicle });
      else if (active) update({ ...garage, activeId: null }, { kind: 'deactivate', vehicle: active });
    },
    remove: (vehicle: Vehicle) =>
      update(
        { vehicles: garage.vehicles.filter((kept) => kept._id !== vehicle._id), activeId: garage.activeId === vehicle._id ? null : garage.activeId },
        { kind: 'remove', vehicle },
      ),
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
