import { catalogueMessages, vinCheckDigit, type Vehicle } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../../db/demo-catalogue';
import { expectInvalid, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { sameModel, vinKeyMatches } from './vin';

let app: FastifyInstance;
const demo = generateDemoCatalogue();

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

describe('the vehicle selector: GET /api/vehicles/years, makes, models', () => {
  it('lists the years of the catalogue, newest first', async () => {
    const response = await get('/api/vehicles/years');

    expectReply(response, 200);
    const expected = [...new Set(demo.vehicles.map((vehicle) => vehicle.year))].sort((a, b) => b - a);
    expect(response.json()).toEqual(expected);
  });

  it('lists only the makes that have a vehicle in that year', async () => {
    const response = await get('/api/vehicles/makes?year=2015');

    expectReply(response, 200);
    const makes = response.json() as string[];
    expect(makes).toContain('Toyota');
    // Hyundai's Elantra starts in 2016 in the catalogue.
    expect(makes).not.toContain('Hyundai');
    expect(makes).toEqual([...makes].sort());
    expect((await get('/api/vehicles/makes?year=2016')).json()).toContain('Hyundai');
    expect((await get('/api/vehicles/makes?year=1990')).json()).toEqual([]);
  });

  it('lists the models of a make in a year as vehicles with their ids', async () => {
    const response = await get('/api/vehicles/models?year=2018&make=Toyota');

    expectReply(response, 200);
    const models = response.json() as Vehicle[];
    expect(models.map((vehicle) => vehicle.model)).toEqual(['Camry', 'Corolla', 'RAV4']);
    expect(models[0]).toEqual({ _id: expect.any(String), year: 2018, make: 'Toyota', model: 'Camry', submodel: '', engine: '' });
    expect((await get(`/api/vehicles/${models[0]!._id}`)).json()).toEqual(models[0]);
  });

  it.each([
    ['makes without a year', '/api/vehicles/makes', catalogueMessages.badYear],
    ['makes for a year that is no number', '/api/vehicles/makes?year=new', catalogueMessages.badYear],
    ['makes for the year 20000', '/api/vehicles/makes?year=20000', catalogueMessages.badYear],
    ['models without a make', '/api/vehicles/models?year=2018', catalogueMessages.badMake],
    ['models for an over-long make', `/api/vehicles/models?year=2018&make=${'x'.repeat(41)}`, catalogueMessages.badMake],
  ])('answers 400 to %s', async (_label, url, message) => {
    expectInvalid(await get(url), message);
  });

  it('answers 404 for a vehicle that does not exist', async () => {
    expectReply(await get('/api/vehicles/00000000-0000-4000-8000-000000000000'), 404, catalogueMessages.vehicleNotFound);
    expectReply(await get('/api/vehicles/corolla'), 404, catalogueMessages.vehicleNotFound);
  });
});

describe('fitment: GET /api/part/{id}/fitment and GET /api/vehicles/{id}/fitting-parts', () => {
  it('lists the vehicles a part fits, by make, model and year', async () => {
    const part = demo.parts[5]!;
    const { id } = await app.db.selectFrom('parts').select('id').where('part_number', '=', part.part_number).executeTakeFirstOrThrow();

    const response = await get(`/api/part/${id}/fitment`);

    expectReply(response, 200);
    const expected = part.fits
      .map((index) => demo.vehicles[index]!)
      .sort((a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model) || a.year - b.year);
    expect((response.json() as Vehicle[]).map(({ make, model, year }) => ({ make, model, year }))).toEqual(expected);
  });

  it('answers 404 for a part that is not on sale', async () => {
    expectReply(await get('/api/part/00000000-0000-4000-8000-000000000000/fitment'), 404);
    expectReply(await get('/api/part/nope/fitment'), 404);
  });

  it('says which of a page of parts fit a vehicle', async () => {
    const [corolla] = (await get('/api/vehicles/models?year=2018&make=Toyota')).json() as Vehicle[];
    const parts = await app.db.selectFrom('parts').select('id').orderBy('seq').limit(48).execute();
    const fitting = await app.db.selectFrom('fitments').select('part_id').where('vehicle_id', '=', corolla!._id).execute();
    const expected = parts.map((part) => part.id).filter((id) => fitting.some((row) => row.part_id === id));

    const response = await get(`/api/vehicles/${corolla!._id}/fitting-parts?ids=${parts.map((part) => part.id).join(',')}`);

    expectReply(response, 200);
    expect((response.json() as string[]).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it('answers 400 to more than 48 part ids', async () => {
    const ids = Array.from({ length: 49 }, () => '00000000-0000-4000-8000-000000000000').join(',');
    expectReply(await get(`/api/vehicles/00000000-0000-4000-8000-000000000000/fitting-parts?ids=${ids}`), 400);
  });
});

describe('GET /api/vin/{vin}', () => {
  type VinReply = { vin: string; year: number; make: string; model: string | null; vehicles: Vehicle[] };

  it('decodes a VIN to its year, make and model, and lists the catalogue’s vehicles of that model', async () => {
    // 2T1 + B***E: a Corolla in NHTSA's vPIC patterns for 2018.
    const vin = withCheckDigit('2T1BURHE0JC123456');

    const response = await get(`/api/vin/${vin}`);

    expectReply(response, 200);
    const reply = response.json() as VinReply;
    expect(reply).toMatchObject({ vin, year: 2018, make: 'Toyota', model: 'Corolla' });
    expect(reply.vehicles.map((vehicle) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`)).toEqual(['2018 Toyota Corolla']);
  });

  it('names the catalogue’s model when the VIN’s is its first words (Silverado: Silverado 1500)', async () => {
    const reply = (await get(`/api/vin/${withCheckDigit('1GCUKREC0JF123456')}`)).json() as VinReply;

    expect(reply).toMatchObject({ year: 2018, make: 'Chevrolet', model: 'Silverado 1500' });
    expect(reply.vehicles.every((vehicle) => vehicle.model === 'Silverado 1500')).toBe(true);
  });

  it('offers the series a BMW trim belongs to (vPIC’s 328i is the catalogue’s 3 Series)', async () => {
    const reply = (await get(`/api/vin/${withCheckDigit('WBA8E9G50GNU12345')}`)).json() as VinReply;

    expect(reply).toMatchObject({ year: 2016, make: 'BMW', model: '3 Series' });
    expect(reply.vehicles.map((vehicle) => vehicle.model)).toEqual(['3 Series']);
  });

  it('offers none of the make’s other models for a model the catalogue does not carry (a 2018 Mustang)', async () => {
    const reply = (await get(`/api/vin/${withCheckDigit('1FA6P8TH0J5100000')}`)).json() as VinReply;

    expect(reply).toMatchObject({ year: 2018, make: 'Ford', model: 'Mustang', vehicles: [] });
  });

  it('answers no model when the VIN’s descriptor matches none of vPIC’s patterns, and the make’s vehicles', async () => {
    const reply = (await get(`/api/vin/${withCheckDigit('2T1ZZZZZ0JC123456')}`)).json() as VinReply;

    expect(reply).toMatchObject({ year: 2018, make: 'Toyota', model: null });
    expect(reply.vehicles.map((vehicle) => vehicle.model)).toEqual(['Camry', 'Corolla', 'RAV4']);
  });

  it('decodes a VIN of a vehicle the catalogue does not carry, with no vehicles', async () => {
    const response = await get('/api/vin/1HGCM82633A004352');

    expectReply(response, 200);
    expect(response.json()).toEqual({ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', vehicles: [] });
  });

  it.each([
    ['a bad check digit', '2T1BURHE5JC123456', catalogueMessages.vinCheckDigit],
    ['an unknown maker', withCheckDigit('ZZZBURHE0JC123456'), catalogueMessages.vinUnknownMake],
    ['16 characters', '1HGCM82633A00435', catalogueMessages.vinLength],
    ['a letter O', '1HGCM82633A0O4352', catalogueMessages.vinCharacters],
  ])('answers 400 to %s, with the reason', async (_label, vin, message) => {
    expectReply(await get(`/api/vin/${vin}`), 400, message);
  });
});

describe('vPIC keys and model names', () => {
  it.each([
    ['B***E', 'BURHE|JC123456', true],
    ['CM82[67]', 'CM826|3A004352', true],
    ['CM82[67]', 'CM825|3A004352', false],
    ['Z[A-F9]', 'ZD5ST|JF123456', true],
    ['Z[A-F9]', 'ZG5ST|JF123456', false],
    ['*****|*[ACKM]', 'BURHE|JC123456', true],
    ['*****|*[ACKM]', 'BURHE|JB123456', false],
    ['*', 'BURHE|JC123456', true],
  ])('key %s against %s: %s', (key, descriptor, matches) => {
    expect(vinKeyMatches(key, descriptor)).toBe(matches);
  });

  it('matches a catalogue model by its words, the VIN’s first', () => {
    expect(sameModel('Silverado 1500', 'Silverado')).toBe(true);
    expect(sameModel('CR-V', 'CR-V')).toBe(true);
    expect(sameModel('Corolla', 'Corolla Cross')).toBe(false);
    expect(sameModel('Camry', 'Cam')).toBe(false);
  });

  it('matches a BMW series by the first digit of its trims, and nothing else by digits', () => {
    expect(sameModel('3 Series', '328i')).toBe(true);
    expect(sameModel('3 Series', 'M340i xDrive')).toBe(true);
    expect(sameModel('3 Series', '528i')).toBe(false);
    expect(sameModel('3 Series', 'X3')).toBe(false);
    expect(sameModel('F-150', 'F-250')).toBe(false);
  });
});
