import { apiErrors, partPricingMessages, type AdminPartPage, type PartDetail, type PublicPart } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byCookie, byToken, call, expectInvalid, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { listFitment } from '../../test/fitment';

let app: FastifyInstance;
let admin: Customer;
let buyer: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, buyer] = await Promise.all([signUpAdmin(app, 'pages-admin'), signUpCustomer(app, 'pages-buyer')]);
});

afterAll(async () => {
  await app?.close();
});

const updatePart = (id: string, body: object) => call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: body });
const partOf = async (id: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/part/${id}` });
  expectReply(response, 200);
  return response.json() as PartDetail;
};
const numberOf = async (id: string) => (await app.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow()).part_number;
const storedBreaks = (id: string) =>
  app.db.selectFrom('part_price_breaks').select(['min_quantity', 'unit_price_cents']).where('part_id', '=', id).orderBy('min_quantity').execute();

describe('PATCH /api/admin/part/{id}: weight and price breaks', () => {
  it('stores the weight in grams and the tiers by quantity, with one audit entry, and GET /api/part/{id} returns them', async () => {
    const id = await insertPart(app, { priceCents: 999 });
    expect(await partOf(id)).toMatchObject({ weightKg: 0, priceBreaks: [] });
    const audits = await auditCount(app);

    // As the form sends them: text, the tiers in any order.
    const response = await updatePart(id, {
      weightKg: '1.25',
      priceBreaks: [
        { minQuantity: '50', unitPrice: '7.90' },
        { minQuantity: '10', unitPrice: '8.50' },
      ],
    });

    expectReply(response, 200);
    expect(await auditCount(app)).toBe(audits + 1);
    const row = await app.db.selectFrom('parts').select('weight_grams').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.weight_grams).toBe(1250);
    expect(await storedBreaks(id)).toEqual([
      { min_quantity: 10, unit_price_cents: 850 },
      { min_quantity: 50, unit_price_cents: 790 },
    ]);
    // The cached read shows the change at once (the price-break trigger tells the cache).
    expect(await partOf(id)).toMatchObject({
      weightKg: 1.25,
      priceBreaks: [
        { minQuantity: 10, unitPrice: 8.5 },
        { minQuantity: 50, unitPrice: 7.9 },
      ],
    });
  });

  it('replaces the whole set, and [] removes every tier', async () => {
    const id = await insertPart(app, { priceCents: 2000 });
    expectReply(await updatePart(id, { priceBreaks: [{ minQuantity: 5, unitPrice: 19 }, { minQuantity: 20, unitPrice: 18 }] }), 200);
    expectReply(await updatePart(id, { priceBreaks: [{ minQuantity: 100, unitPrice: 15 }] }), 200);
    expect((await partOf(id)).priceBreaks).toEqual([{ minQuantity: 100, unitPrice: 15 }]);
    expectReply(await updatePart(id, { priceBreaks: [] }), 200);
    expect((await partOf(id)).priceBreaks).toEqual([]);
  });

  it('lists the weight and tiers in Manage Products', async () => {
    const id = await insertPart(app, { name: 'Listed heavy rotor', priceCents: 5000 });
    expectReply(await updatePart(id, { weightKg: 7.5, priceBreaks: [{ minQuantity: 4, unitPrice: 45 }] }), 200);
    const response = await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/parts?q=Listed%20heavy%20rotor' });
    expectReply(response, 200);
    expect((response.json() as AdminPartPage).parts).toEqual([
      expect.objectContaining({ _id: id, weightKg: 7.5, priceBreaks: [{ minQuantity: 4, unitPrice: 45 }] }),
    ]);
  });

  it('refuses a bad weight or tier with a message naming it, and changes nothing', async () => {
    const id = await insertPart(app, { priceCents: 1000 });
    expectReply(await updatePart(id, { priceBreaks: [{ minQuantity: 10, unitPrice: 9 }] }), 200);
    const audits = await auditCount(app);
    const refusals: Array<[object, string]> = [
      [{ weightKg: -1 }, partPricingMessages.weightRange],
      [{ weightKg: 1000.5 }, partPricingMessages.weightRange],
      [{ weightKg: 1.2345 }, partPricingMessages.weightDecimals],
      [{ weightKg: 'heavy' }, partPricingMessages.weightNumber],
      [{ priceBreaks: [{ minQuantity: 1, unitPrice: 5 }] }, partPricingMessages.tierQuantity(1)],
      [{ priceBreaks: [{ minQuantity: 10, unitPrice: 9 }, { minQuantity: 2.5, unitPrice: 8 }] }, partPricingMessages.tierQuantity(2)],
      [{ priceBreaks: [{ minQuantity: 10, unitPrice: 'cheap' }] }, partPricingMessages.tierPrice(1)],
      [{ priceBreaks: [{ minQuantity: 10, unitPrice: 8.555 }] }, partPricingMessages.tierPrice(1)],
      [{ priceBreaks: [{ minQuantity: 10, unitPrice: 9 }, { minQuantity: 10, unitPrice: 8 }] }, partPricingMessages.tierTwice(10)],
      [{ priceBreaks: [{ minQuantity: 10, unitPrice: 8 }, { minQuantity: 50, unitPrice: 8.5 }] }, partPricingMessages.tierNotFalling(50, 10)],
      [{ priceBreaks: Array.from({ length: 21 }, (_, index) => ({ minQuantity: index + 2, unitPrice: 9 - index * 0.1 })) }, partPricingMessages.tooManyTiers],
      // Against the price sent with them, and against the stored one.
      [{ price: 8, priceBreaks: [{ minQuantity: 10, unitPrice: 8 }] }, partPricingMessages.tierNotBelowList(10, 8)],
      [{ priceBreaks: [{ minQuantity: 10, unitPrice: 10 }] }, partPricingMessages.tierNotBelowList(10, 10)],
      // A new price below a stored tier.
      [{ price: 9 }, partPricingMessages.tierNotBelowList(10, 9)],
    ];
    for (const [body, message] of refusals) expectInvalid(await updatePart(id, body), message);
    // The server's own refusals by the stored tiers or price name the field the form says them at (decision 164).
    const fields: Array<[object, string]> = [
      [{ priceBreaks: [{ minQuantity: 10, unitPrice: 10 }] }, 'priceBreaks'],
      [{ price: 9 }, 'price'],
    ];
    for (const [body, field] of fields) expect((await updatePart(id, body)).json()).toMatchObject({ field });

    expect(await auditCount(app)).toBe(audits);
    expect(await partOf(id)).toMatchObject({ price: 10, weightKg: 0, priceBreaks: [{ minQuantity: 10, unitPrice: 9 }] });
  });

  it('takes the weight and tiers from admins only, on the admins’ write limit', async () => {
    const id = await insertPart(app);
    expectReply(await call(app, byToken(buyer), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { weightKg: 2 } }), 403);
    expectReply(await call(app, 'anonymous', { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { weightKg: 2 } }), 401);
    expect((await partOf(id)).weightKg).toBe(0);
  });
});

describe('GET /api/parts/by-number/{partNumber}', () => {
  it('answers anyone with the part on sale, its tiers and its fitment grouped by make and model', async () => {
    const id = await insertPart(app, { name: 'Public page pads', priceCents: 4599, available: 12, minimum: 2 });
    expectReply(await updatePart(id, { weightKg: 0.8, priceBreaks: [{ minQuantity: 10, unitPrice: 42 }] }), 200);
    await app.db.updateTable('parts').set({ oem_numbers: ['04465-33450'], specs: JSON.stringify([{ name: 'Position', value: 'Front' }]) }).where('id', '=', id).execute();
    const vehicles = await app.db
      .insertInto('vehicles')
      .values([
        { make: 'Toyota', model: 'Camry', year: 2019, engine: '2.5L' },
        { make: 'Hyundai', model: 'Elantra', year: 2016, engine: '1.8L' },
        { make: 'Toyota', model: 'Camry', year: 2018, engine: '2.5L' },
      ])
      .returning(['id', 'make', 'year'])
      .execute();
    for (const vehicle of vehicles) await listFitment(app.db, id, vehicle.id);
    const partNumber = await numberOf(id);

    const response = await app.inject({ method: 'GET', url: `/api/parts/by-number/${encodeURIComponent(partNumber)}`, headers: { origin: undefined } });

    expectReply(response, 200);
    const part = response.json() as PublicPart;
    const idOf = (make: string, year: number) => vehicles.find((vehicle) => vehicle.make === make && vehicle.year === year)?.id;
    expect(part).toEqual({
      _id: id,
      name: 'Public page pads',
      description: 'A part made for a test.',
      img: '/images/parts/test-part.png',
      price: 45.99,
      availableQuantity: 12,
      minOrderQuantity: 2,
      partNumber,
      category: null,
      oemNumbers: ['04465-33450'],
      specs: [{ name: 'Position', value: 'Front' }],
      weightKg: 0.8,
      priceBreaks: [{ minQuantity: 10, unitPrice: 42 }],
      coreDeposit: null,
      warrantyMonths: null,
      lifecycle: { code: '2', label: 'Available to order' }, replacedBy: null, replaces: [], interchange: [], kit: null, inKits: [], formerNumbers: [],
      gtin: null,
      package: { weightGrams: 800, lengthMm: null, widthMm: null, heightMm: null },
      descriptions: [
        { code: 'DES', text: 'Public page pads' },
        { code: 'MKT', text: 'A part made for a test.' },
      ],
      // Vehicles made by their words here: their applications name the base vehicle only.
      applications: [
        ['Hyundai', 'Elantra', 2016],
        ['Toyota', 'Camry', 2018],
        ['Toyota', 'Camry', 2019],
      ].map(([make, model, year]) => ({
        ...{ year, make, model, submodel: '', engine: '', position: null, quantity: 1, notes: [], partType: null },
        ...{ baseVehicleId: expect.any(Number), submodelId: null, engineBaseId: null },
      })),
      fitment: [
        { make: 'Hyundai', model: 'Elantra', vehicles: [{ _id: idOf('Hyundai', 2016), year: 2016, submodel: '', engine: '1.8L' }] },
        {
          make: 'Toyota',
          model: 'Camry',
          vehicles: [
            { _id: idOf('Toyota', 2018), year: 2018, submodel: '', engine: '2.5L' },
            { _id: idOf('Toyota', 2019), year: 2019, submodel: '', engine: '2.5L' },
          ],
        },
      ],
    });
    expect(response.headers.etag).toBeDefined();
  });

  it('answers 404 for an archived part, an unknown number, and a number not as stored', async () => {
    const id = await insertPart(app);
    const partNumber = await numberOf(id);
    expectReply(await app.inject({ method: 'GET', url: `/api/parts/by-number/${partNumber}` }), 200);
    expectReply(await call(app, byToken(admin), { method: 'PUT', url: `/api/admin/part/${id}/archived`, payload: { archived: true } }), 200);

    expectReply(await app.inject({ method: 'GET', url: `/api/parts/by-number/${partNumber}` }), 404, apiErrors.partNotFound);
    expectReply(await app.inject({ method: 'GET', url: '/api/parts/by-number/NO-SUCH-PART' }), 404, apiErrors.partNotFound);
    const other = await numberOf(await insertPart(app));
    expectReply(await app.inject({ method: 'GET', url: `/api/parts/by-number/${other.toLowerCase()}` }), 404, apiErrors.partNotFound);
  });
});
