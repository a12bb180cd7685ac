import type { Garage, Vehicle } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubbedCall } from '../test/fetch-stub';
import { renderRoutes } from '../test/render-with-router';
import { aCustomer, signedOutReply } from '../test/users';
import { setAccessToken } from './access-token';
import { GarageSync, useGarage } from './garage';
import { useMe } from './me';

const vehicle = (id: string, model: string): Vehicle => ({ _id: id, year: 2019, make: 'Toyota', model, submodel: '', engine: '' });
const camry = vehicle('v-camry', 'Camry');
const corolla = vehicle('v-corolla', 'Corolla');
const rav4 = vehicle('v-rav4', 'RAV4');
const STORAGE_KEY = 'autoparts.garage';

/** A visitor's garage in this browser, as the vehicle selector leaves it. */
const visitorGarage = (garage: Garage) => localStorage.setItem(STORAGE_KEY, JSON.stringify(garage));

const signIn = () => setAccessToken({ token: 'token-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email: 'jane@example.com' });

/** The account's garage on the server; PUT answers what it was sent, as the API does. */
function accountGarage(garage: Garage, known: Vehicle[]) {
  return stubFetch({
    'GET /api/me': { body: aCustomer() },
    'GET /api/garage': { body: garage },
    'PUT /api/garage': (call: StubbedCall) => {
      const { vehicleIds, activeId } = call.body as { vehicleIds: string[]; activeId: string | null };
      return { body: { vehicles: vehicleIds.map((id) => known.find((one) => one._id === id)), activeId } };
    },
  });
}

const puts = (server: ReturnType<typeof stubFetch>) => server.calls.filter((call) => call.method === 'PUT');

describe('My Garage at sign-in', () => {
  it('moves the visitor’s vehicles in front of the account’s, keeps the visitor’s active one, and clears the browser’s copy', async () => {
    visitorGarage({ vehicles: [camry, corolla], activeId: 'v-corolla' });
    signIn();
    const server = accountGarage({ vehicles: [rav4, camry], activeId: 'v-rav4' }, [camry, corolla, rav4]);

    const { queryClient } = renderRoutes([{ path: '/', element: <GarageSync /> }]);

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBeNull());
    // Camry was in both: once, in the visitor's place.
    expect(puts(server).map((call) => call.body)).toEqual([{ vehicleIds: ['v-camry', 'v-corolla', 'v-rav4'], activeId: 'v-corolla' }]);
    expect(puts(server)[0]?.headers.get('authorization')).toBe('Bearer token-1');
    expect(queryClient.getQueryData(['garage'])).toEqual({ vehicles: [camry, corolla, rav4], activeId: 'v-corolla' });
  });

  it('joins the visitor’s vehicles still on the vehicle list when one has left it since, and clears the browser’s copy', async () => {
    visitorGarage({ vehicles: [camry, corolla], activeId: 'v-camry' });
    signIn();
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/garage': { body: { vehicles: [rav4], activeId: 'v-rav4' } },
      'PUT /api/garage': (call: StubbedCall) => {
        const { vehicleIds, activeId } = call.body as { vehicleIds: string[]; activeId: string | null };
        if (vehicleIds.includes('v-camry')) return { status: 400, body: { message: 'Vehicle not found' } };
        return { body: { vehicles: vehicleIds.map((id) => [corolla, rav4].find((one) => one._id === id)), activeId } };
      },
      'GET /api/vehicles/v-camry': { status: 404, body: { message: 'Vehicle not found' } },
      'GET /api/vehicles/v-corolla': { body: corolla },
    });
    renderRoutes([{ path: '/', element: <GarageSync /> }]);

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBeNull());
    expect(puts(server).at(-1)?.body).toEqual({ vehicleIds: ['v-corolla', 'v-rav4'], activeId: 'v-rav4' });
  });

  it('keeps at most ten vehicles, the visitor’s first; an active vehicle no longer kept is active no more', async () => {
    const many = Array.from({ length: 8 }, (_, index) => vehicle(`v-${index}`, `Model ${index}`));
    visitorGarage({ vehicles: many.slice(0, 4), activeId: null });
    signIn();
    const account = many.slice(4).concat([camry, corolla, rav4]);
    const server = accountGarage({ vehicles: account, activeId: 'v-rav4' }, [...many, camry, corolla, rav4]);

    renderRoutes([{ path: '/', element: <GarageSync /> }]);

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBeNull());
    // The RAV4 fell off the end: the server refuses an active vehicle that is not in the garage.
    expect(puts(server).map((call) => call.body)).toEqual([
      { vehicleIds: ['v-0', 'v-1', 'v-2', 'v-3', 'v-4', 'v-5', 'v-6', 'v-7', 'v-camry', 'v-corolla'], activeId: null },
    ]);
  });

  it('keeps the account’s active vehicle when the visitor had none', async () => {
    visitorGarage({ vehicles: [corolla], activeId: null });
    signIn();
    const server = accountGarage({ vehicles: [rav4], activeId: 'v-rav4' }, [corolla, rav4]);

    renderRoutes([{ path: '/', element: <GarageSync /> }]);

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBeNull());
    expect(puts(server).map((call) => call.body)).toEqual([{ vehicleIds: ['v-corolla', 'v-rav4'], activeId: 'v-rav4' }]);
  });

  it('leaves a visitor’s garage in the browser while nobody is signed in', async () => {
    visitorGarage({ vehicles: [camry], activeId: 'v-camry' });
    const server = stubFetch({ 'GET /api/me': signedOutReply });

    renderRoutes([{ path: '/', element: <GarageSync /> }]);

    await waitFor(() => expect(server.paths()).toContain('GET /api/me'));
    expect(server.paths()).not.toContain('GET /api/garage');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toEqual({ vehicles: [camry], activeId: 'v-camry' });
  });
});

describe('a visitor’s garage', () => {
  it('is not drawn again when the visitor’s session comes back empty: a page of cards under it stays as it was', async () => {
    visitorGarage({ vehicles: [camry], activeId: 'v-camry' });
    stubFetch({ 'GET /api/me': signedOutReply });
    let renders = 0;
    function ActiveVehicle() {
      renders += 1;
      return <p>{useGarage().active?.model ?? 'No vehicle'}</p>;
    }
    function Session() {
      return <p>{useMe().isPending ? 'Asking who is signed in' : 'Signed out'}</p>;
    }

    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <Session />
            <ActiveVehicle />
          </>
        ),
      },
    ]);

    expect(await screen.findByText('Signed out')).toBeVisible();
    expect(screen.getByText('Camry')).toBeVisible();
    expect(renders).toBe(1);
  });
});
