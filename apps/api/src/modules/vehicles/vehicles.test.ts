import { catalogueMessages, fitmentQueryMessages, fitWords, vinCheckDigit, type PartDetail, type SearchResult, type Vehicle, type VehicleApplications, type VehicleOptions } from '@autoparts/shared';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../../db/demo-catalogue';
import { DEMO_REFERENCE_DIR, seedReferenceData } from '../../db/seed';
import { expectInvalid, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { insertPart } from '../../test/orders';
import type { ImportContext } from '../catalogue-data/importer';
import { referenceImporter, vcdbTables } from '../catalogue-data/reference-data';
import { syncStorefrontVehicles } from './configurations';
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

  // Read by `Number()`, `0x7e1` was 2017: another address of the same answer (decision 183).
  it('reads a year as decimal digits only', async () => {
    expect((await get('/api/vehicles/makes?year=02016')).json()).toEqual((await get('/api/vehicles/makes?year=2016')).json());
    for (const year of ['0x7e1', '0X7E0', '2016.0', '2.016e3', '%202016', '2016%20', '0b11111100000', '0o3740', '+2016', '']) {
      expectInvalid(await get(`/api/vehicles/makes?year=${year}`), catalogueMessages.badYear);
      expectInvalid(await get(`/api/vehicles/models?year=${year}&make=Ford`), catalogueMessages.badYear);
      expectInvalid(await get(`/api/vehicles/options?year=${year}&make=Ford&model=F-150`), catalogueMessages.badYear);
    }
  });

  it('lists the models of a make in a year as vehicles with their ids', async () => {
    const response = await get('/api/vehicles/models?year=2018&make=Toyota');

    expectReply(response, 200);
    const models = response.json() as Vehicle[];
    expect(models.map((vehicle) => vehicle.model)).toEqual(['Camry', 'Corolla', 'RAV4']);
    // The make as an API client may write it: the same models.
    expect((await get('/api/vehicles/models?year=2018&make=toyota')).json()).toEqual(models);
    expect(models[0]).toEqual({
      _id: expect.any(String),
      year: 2018,
      make: 'Toyota',
      model: 'Camry',
      submodel: '',
      engine: '',
      baseVehicleId: expect.any(Number),
      submodelId: null,
      engineBaseId: null,
    });
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

  it('answers 404 for a vehicle that is not there, as /api/vehicles/{id} does, rather than "none fit"', async () => {
    const [part] = await app.db.selectFrom('parts').select('id').limit(1).execute();
    expectReply(await get(`/api/vehicles/00000000-0000-4000-8000-000000000000/fitting-parts?ids=${part!.id}`), 404, catalogueMessages.vehicleNotFound);
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

describe('vehicles as VCdb configurations, fitment as applications (decision 079)', () => {
  /** The 2016 Ford F-150's base vehicle and two of its engines, from the demo VCdb. */
  async function f150() {
    const base = await app.db
      .selectFrom('vehicles')
      .select(['base_vehicle_id'])
      .where('year', '=', 2016)
      .where('make', '=', 'Ford')
      .where('model', '=', 'F-150')
      .where('submodel_id', 'is', null)
      .where('engine_base_id', 'is', null)
      .executeTakeFirstOrThrow();
    const configurations = await app.db
      .selectFrom('vehicles')
      .select(['id', 'engine', 'base_vehicle_id', 'engine_base_id', 'submodel_id'])
      .where('base_vehicle_id', '=', base.base_vehicle_id)
      .where('submodel_id', 'is', null)
      .orderBy('engine')
      .execute();
    const [whole, first, second] = configurations;
    if (!whole || !first?.engine_base_id || !second?.engine_base_id) throw new Error('the demo F-150 has two engines');
    return { baseVehicleId: base.base_vehicle_id ?? 0, whole, first, second };
  }

  async function qualifiedPart() {
    const { baseVehicleId, first } = await f150();
    const part = await insertPart(app, { name: 'Qualified spark plug' });
    const front = await app.db.selectFrom('pcdb_positions').select('id').where('name', '=', 'Front').executeTakeFirstOrThrow();
    const type = await app.db.selectFrom('pcdb_part_types').select('id').where('name', '=', 'Spark Plug').executeTakeFirstOrThrow();
    await app.db
      .insertInto('applications')
      .values({ part_id: part, base_vehicle_id: baseVehicleId, engine_base_id: first.engine_base_id, position_id: front.id, part_type_id: type.id, quantity: 6, notes: ['Gapped at 1.1 mm'] })
      .execute();
    return part;
  }

  it('fits a part to the engine its application names, and not to another engine or to any engine', async () => {
    const part = await qualifiedPart();
    const { whole, first, second } = await f150();

    const fits = async (vehicle: string) => (await get(`/api/vehicles/${vehicle}/fitting-parts?ids=${part}`)).json() as string[];

    expect(await fits(first.id)).toEqual([part]);
    expect(await fits(second.id)).toEqual([]);
    expect(await fits(whole.id)).toEqual([]);
  });

  it('offers the engines the applications of a base vehicle tell apart, with their vehicles', async () => {
    await qualifiedPart();
    const { first } = await f150();

    const response = await get('/api/vehicles/options?year=2016&make=Ford&model=F-150');

    expectReply(response, 200);
    const options = response.json() as { submodels: string[]; engines: string[]; vehicles: Vehicle[] };
    expect(options.engines).toContain(first.engine);
    expect(options.vehicles).toContainEqual(expect.objectContaining({ _id: first.id, year: 2016, make: 'Ford', model: 'F-150', submodel: '', engine: first.engine }));
    expect(options.vehicles).toContainEqual(expect.objectContaining({ submodel: '', engine: '' }));
  });

  it('matches the make and model of options without regard to case, as the models of a make', async () => {
    await qualifiedPart();
    const asStored = await get('/api/vehicles/options?year=2016&make=Ford&model=F-150');
    expectReply(asStored, 200);

    for (const query of ['make=ford&model=F-150', 'make=FORD&model=f-150']) {
      const response = await get(`/api/vehicles/options?year=2016&${query}`);
      expectReply(response, 200);
      expect(response.json()).toEqual(asStored.json());
    }
    // As /models answers the make in any case.
    expect((await get('/api/vehicles/models?year=2016&make=ford')).json()).toEqual((await get('/api/vehicles/models?year=2016&make=Ford')).json());
  });

  it('answers 404 to options of a vehicle the catalogue does not have, and 400 to a bad query', async () => {
    expectReply(await get('/api/vehicles/options?year=2016&make=Ford&model=Mustang'), 404);
    expectInvalid(await get('/api/vehicles/options?year=2016&make=Ford'), catalogueMessages.badModel);
    expectReply(await get(`/api/vehicles/options?year=2016&make=Ford&model=${'x'.repeat(61)}`), 400);
  });

  it('answers a page of part cards with the parts’ applications on the vehicle’s base vehicle, in words (decision 083)', async () => {
    const part = await qualifiedPart();
    const { whole, first, second } = await f150();
    // A part of another model: no application on the F-150, so left out.
    const other = await insertPart(app, { name: 'Unrelated filter' });
    const elsewhere = await app.db.selectFrom('vehicles').select('base_vehicle_id').where('make', '=', 'Toyota').where('base_vehicle_id', 'is not', null).executeTakeFirstOrThrow();
    await app.db.insertInto('applications').values({ part_id: other, base_vehicle_id: elsewhere.base_vehicle_id ?? 0, quantity: 1, notes: [] }).execute();
    const expected = {
      ...{ year: 2016, make: 'Ford', model: 'F-150', submodel: '', engine: first.engine, position: 'Front', quantity: 6, notes: ['Gapped at 1.1 mm'], partType: 'Spark Plug' },
      ...{ baseVehicleId: first.base_vehicle_id, submodelId: null, engineBaseId: first.engine_base_id },
    };

    // Every configuration of the base vehicle hears of it: the one it fits, and the others, to say "not your …".
    for (const vehicle of [first, second, whole]) {
      const response = await get(`/api/vehicles/${vehicle.id}/applications?ids=${part},${other},not-an-id`);
      expectReply(response, 200);
      expect(response.json()).toEqual([{ part, applications: [expected] }]);
    }
    const toyota = await app.db.selectFrom('vehicles').select('id').where('base_vehicle_id', '=', elsewhere.base_vehicle_id).executeTakeFirstOrThrow();
    expect((await get(`/api/vehicles/${toyota.id}/applications?ids=${part},${other}`)).json()).toEqual([
      { part: other, applications: [expect.objectContaining({ make: 'Toyota', submodel: '', engine: '', position: null, partType: null })] },
    ]);
  });

  it('answers 404 to a page of part cards for a vehicle that does not exist, and 400 to more than 48 part ids', async () => {
    const { whole } = await f150();
    expectReply(await get('/api/vehicles/00000000-0000-4000-8000-000000000000/applications?ids=00000000-0000-4000-8000-000000000001'), 404);
    const ids = Array.from({ length: 49 }, () => '00000000-0000-4000-8000-000000000000').join(',');
    expectReply(await get(`/api/vehicles/${whole.id}/applications?ids=${ids}`), 400);
  });

  // Without `ids` the answer was the generic "This request is not valid." (decision 183).
  it('says a page of part cards without ids in the shop’s words, naming ids; an empty ids asks of no part', async () => {
    const { whole } = await f150();
    for (const route of ['applications', 'fitting-parts']) {
      const response = await get(`/api/vehicles/${whole.id}/${route}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: fitmentQueryMessages.partIdsMissing, field: 'ids' });
      expect((await get(`/api/vehicles/${whole.id}/${route}?ids=`)).json()).toEqual([]);
    }
  });

  // An archived part's page is a 404 and search leaves it out: no card says it fits (decision 183).
  it('answers neither the applications nor the fit of an archived part', async () => {
    const part = await qualifiedPart();
    const { first } = await f150();
    const archived = await insertPart(app, { name: 'Plug taken off sale' });
    await app.db.insertInto('applications').values({ part_id: archived, base_vehicle_id: first.base_vehicle_id ?? 0, quantity: 1, notes: [] }).execute();
    const ask = async (route: string) => (await get(`/api/vehicles/${first.id}/${route}?ids=${part},${archived}`)).json() as unknown[];
    const partsOf = (answer: unknown[]) => (answer as VehicleApplications).map((entry) => entry.part).sort();
    expect(partsOf(await ask('applications'))).toEqual([part, archived].sort());
    const fitting = (await ask('fitting-parts')) as string[];
    expect(fitting).toContain(archived);

    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', archived).execute();
    expect(partsOf(await ask('applications'))).toEqual([part]);
    expect(await ask('fitting-parts')).toEqual(fitting.filter((id) => id !== archived));
    expectReply(await get(`/api/part/${archived}/fitment`), 404);
  });

  it('lists a part’s applications in words on its page and by its number', async () => {
    const part = await qualifiedPart();
    const { first } = await f150();
    const expected = {
      ...{ year: 2016, make: 'Ford', model: 'F-150', submodel: '', engine: first.engine, position: 'Front', quantity: 6, notes: ['Gapped at 1.1 mm'], partType: 'Spark Plug' },
      ...{ baseVehicleId: first.base_vehicle_id, submodelId: null, engineBaseId: first.engine_base_id },
    };

    const byId = await get(`/api/part/${part}`);
    expectReply(byId, 200);
    expect(byId.json().applications).toEqual([expected]);
    const number = (await app.db.selectFrom('parts').select('part_number').where('id', '=', part).executeTakeFirstOrThrow()).part_number;
    const byNumber = await app.inject({ method: 'GET', url: `/api/parts/by-number/${number}`, headers: { origin: undefined } });
    expectReply(byNumber, 200);
    expect(byNumber.json().applications).toEqual([expected]);
    expect(byNumber.json().fitment).toEqual([{ make: 'Ford', model: 'F-150', vehicles: [{ _id: first.id, year: 2016, submodel: '', engine: first.engine }] }]);
  });

  it('keeps a vehicle’s id (a garage’s) and its fitment through a VCdb reload that renames its make', async () => {
    const { first } = await f150();
    const part = await qualifiedPart();
    const makes = fs.readFileSync(path.join(DEMO_REFERENCE_DIR, 'vcdb-demo', 'Make.txt'), 'utf8');
    const reload = (text: string) =>
      app.db.transaction().execute(async (trx) => {
        const context: ImportContext = {
          trx,
          mode: 'apply',
          onProblems: 'refuse',
          fileName: 'Make.txt',
          fileSize: text.length,
          problem: (problem) => {
            throw new Error(problem.message);
          },
          fatal: (problem) => context.problem(problem),
          progress: () => {},
          counts: { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
        };
        await referenceImporter(vcdbTables, 'VCdb')(Readable.from([Buffer.from(text)]), context);
        return context.counts;
      });

    try {
      expect(await reload(makes.replace(/\|Ford(\r?\n)/, '|Ford Motor$1'))).toMatchObject({ changed: 1, deleted: 0 });

      const vehicle = (await get(`/api/vehicles/${first.id}`)).json() as Vehicle;
      expect(vehicle).toEqual({
        ...{ _id: first.id, year: 2016, make: 'Ford Motor', model: 'F-150', submodel: '', engine: first.engine },
        ...{ baseVehicleId: first.base_vehicle_id, submodelId: null, engineBaseId: first.engine_base_id },
      });
      expect((await get(`/api/vehicles/${first.id}/fitting-parts?ids=${part}`)).json()).toEqual([part]);
    } finally {
      await reload(makes);
    }
    expect(((await get(`/api/vehicles/${first.id}`)).json() as Vehicle).make).toBe('Ford');
  });

  it('tells two engines of one base vehicle with the same words apart, and says "fits" exactly where the vehicle filter lists the part', async () => {
    // Two VCdb engine bases that are both "1.4L I4" (1,390 cc and 1,398 cc), on the 2018 Toyota Corolla.
    const base = await app.db
      .selectFrom('vehicles')
      .select('base_vehicle_id')
      .where('year', '=', 2018)
      .where('make', '=', 'Toyota')
      .where('model', '=', 'Corolla')
      .where('submodel_id', 'is', null)
      .where('engine_base_id', 'is', null)
      .executeTakeFirstOrThrow();
    const baseVehicleId = base.base_vehicle_id ?? 0;
    const vcdbVehicle = await app.db.selectFrom('vcdb_vehicles').select('id').where('base_vehicle_id', '=', baseVehicleId).executeTakeFirstOrThrow();
    await app.db
      .insertInto('vcdb_engine_bases')
      .values([
        { id: 990001, liter: '1.4', cc: 1390, cid: 85, cylinders: 4, block_type: 'L' },
        { id: 990002, liter: '1.4', cc: 1398, cid: 85, cylinders: 4, block_type: 'L' },
      ])
      .execute();
    await app.db
      .insertInto('vcdb_vehicle_engines')
      .values([
        { id: 990201, vehicle_id: vcdbVehicle.id, engine_base_id: 990001 },
        { id: 990202, vehicle_id: vcdbVehicle.id, engine_base_id: 990002 },
      ])
      .execute();
    await app.db.transaction().execute((trx) => syncStorefrontVehicles(trx));
    const parts = [await insertPart(app, { name: 'Samewords gasket' }), await insertPart(app, { name: 'Samewords gasket' })];
    await app.db
      .insertInto('applications')
      .values([
        { part_id: parts[0]!, base_vehicle_id: baseVehicleId, engine_base_id: 990001, quantity: 1, notes: [] },
        { part_id: parts[1]!, base_vehicle_id: baseVehicleId, engine_base_id: 990002, quantity: 1, notes: [] },
      ])
      .execute();

    const options = (await get('/api/vehicles/options?year=2018&make=Toyota&model=Corolla')).json() as VehicleOptions;

    // The picker can offer both: two engines in words, each with its own vehicle.
    const sameWords = options.engines.filter((engine) => engine.startsWith('1.4L I4'));
    expect(sameWords).toHaveLength(2);
    const vehicles = sameWords.map((engine) => options.vehicles.filter((vehicle) => vehicle.submodel === '' && vehicle.engine === engine));
    expect(vehicles.map((found) => found.length)).toEqual([1, 1]);
    for (const vehicle of vehicles.flat()) {
      const listed = ((await get(`/api/search?vehicle=${vehicle._id}&q=Samewords`)).json() as SearchResult).items.map((item) => item._id);
      const cards = (await get(`/api/vehicles/${vehicle._id}/applications?ids=${parts.join(',')}`)).json() as VehicleApplications;
      for (const part of parts) {
        const onCard = cards.find((card) => card.part === part)?.applications ?? [];
        const onPage = ((await get(`/api/part/${part}`)).json() as PartDetail).applications;
        const fits = listed.includes(part);
        expect({ vehicle: vehicle.engine, part, card: fitWords(onCard, vehicle).verdict }).toEqual({ vehicle: vehicle.engine, part, card: fits ? 'fits' : 'other' });
        expect({ vehicle: vehicle.engine, part, page: fitWords(onPage, vehicle).verdict }).toEqual({ vehicle: vehicle.engine, part, page: fits ? 'fits' : 'other' });
      }
      expect(listed).toHaveLength(1);
    }

    // A shop whose rows were made before the words told them apart gets them at its next start.
    await app.db.updateTable('vehicles').set({ engine: '1.4L I4' }).where('engine_base_id', 'in', [990001, 990002]).execute();
    expect(await seedReferenceData(app.db)).toBe(false);
    const again = (await get('/api/vehicles/options?year=2018&make=Toyota&model=Corolla')).json() as VehicleOptions;
    expect(again.engines.filter((engine) => engine.startsWith('1.4L I4'))).toEqual(sameWords);
  });
});
