import { catalogueMessages, type Garage } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectInvalid, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { signUpCustomer, type Customer } from '../../test/orders';

let app: FastifyInstance;
let alice: Customer;
let bob: Customer;
let vehicles: string[];

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([signUpCustomer(app, 'garage-alice'), signUpCustomer(app, 'garage-bob')]);
  const rows = await app.db.selectFrom('vehicles').select('id').orderBy('make').orderBy('model').orderBy('year').limit(12).execute();
  vehicles = rows.map((row) => row.id);
});

afterAll(async () => {
  await app?.close();
});

const getGarage = (credential: Credential) => call(app, credential, { method: 'GET', url: '/api/garage' });
const putGarage = (credential: Credential, body: object) => call(app, credential, { method: 'PUT', url: '/api/garage', payload: body });

describe('GET/PUT /api/garage', () => {
  it('starts empty', async () => {
    const response = await getGarage(byToken(alice));

    expectReply(response, 200);
    expect(response.json()).toEqual({ vehicles: [], activeId: null });
  });

  it('keeps several vehicles in order, one active, and answers the garage', async () => {
    const body = { vehicleIds: [vehicles[2], vehicles[0], vehicles[1]], activeId: vehicles[0] };

    const response = await putGarage(byCookie(alice), body);

    expectReply(response, 200);
    const garage = response.json() as Garage;
    expect(garage.vehicles.map((vehicle) => vehicle._id)).toEqual(body.vehicleIds);
    expect(garage.activeId).toBe(vehicles[0]);
    expect((await getGarage(byToken(alice))).json()).toEqual(garage);
  });

  it('is the same after the same PUT twice, and after two at once one of them is whole', async () => {
    const body = { vehicleIds: [vehicles[3], vehicles[4]], activeId: vehicles[4] };
    expectReply(await putGarage(byToken(alice), body), 200);
    const once = (await getGarage(byToken(alice))).json() as Garage;
    expectReply(await putGarage(byToken(alice), body), 200);
    expect((await getGarage(byToken(alice))).json()).toEqual(once);

    const other = { vehicleIds: [vehicles[5]], activeId: null };
    const replies = await Promise.all([putGarage(byToken(alice), body), putGarage(byToken(alice), other)]);
    for (const reply of replies) expectReply(reply, 200);
    const after = (await getGarage(byToken(alice))).json() as Garage;
    expect([body.vehicleIds, other.vehicleIds]).toContainEqual(after.vehicles.map((vehicle) => vehicle._id));
  });

  it('is each customer’s own', async () => {
    expectReply(await putGarage(byToken(bob), { vehicleIds: [vehicles[7]], activeId: vehicles[7] }), 200);

    const bobs = (await getGarage(byToken(bob))).json() as Garage;
    const alices = (await getGarage(byToken(alice))).json() as Garage;
    expect(bobs.vehicles.map((vehicle) => vehicle._id)).toEqual([vehicles[7]]);
    expect(alices.vehicles.map((vehicle) => vehicle._id)).not.toContain(vehicles[7]);
  });

  it('takes a vehicle id in capitals as the vehicle it names, once, even beside its own lower-case spelling', async () => {
    const upper = vehicles[6]!.toUpperCase();
    const response = await putGarage(byToken(bob), { vehicleIds: [vehicles[6], upper], activeId: upper });
    expectReply(response, 200);
    expect(response.json()).toMatchObject({ vehicles: [{ _id: vehicles[6] }], activeId: vehicles[6] });
  });

  it('can be emptied', async () => {
    expectReply(await putGarage(byToken(bob), { vehicleIds: [], activeId: null }), 200);

    expect((await getGarage(byToken(bob))).json()).toEqual({ vehicles: [], activeId: null });
  });

  it('answers 401 to a visitor', async () => {
    expectReply(await getGarage(anonymous), 401);
    expectReply(await putGarage(anonymous, { vehicleIds: [], activeId: null }), 401);
  });

  it.each([
    ['more than 10 vehicles', () => ({ vehicleIds: [...vehicles.slice(0, 11)], activeId: null }), catalogueMessages.garageTooMany],
    ['an active vehicle not in the garage', () => ({ vehicleIds: [vehicles[0]], activeId: vehicles[1] }), catalogueMessages.garageActive],
    ['a vehicle id that is no id', () => ({ vehicleIds: ['corolla'], activeId: null }), catalogueMessages.badVehicle],
    ['a vehicle that does not exist', () => ({ vehicleIds: ['00000000-0000-4000-8000-000000000000'], activeId: null }), catalogueMessages.vehicleNotFound],
  ])('answers 400 to %s and keeps the garage', async (_label, body, message) => {
    const before = (await getGarage(byToken(alice))).json() as Garage;

    expectInvalid(await putGarage(byToken(alice), body()), message);

    expect((await getGarage(byToken(alice))).json()).toEqual(before);
  });
});
