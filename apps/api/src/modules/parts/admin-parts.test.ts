import { ADMIN_PARTS_PAGE_SIZE, adminMessages, type AdminCatalogue, apiErrors, directionControlMessage, PARTS_PAGE_SIZE, partPricingMessages, quantityBelowMinimum, validation, type AdminPartPage, type Part } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byCookie, byToken, call, expectInvalid, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { count } from '../../test/count';
import {
  insertPart,
  messageOf,
  myOrders,
  placeOrder,
  postOrder,
  signUpAdmin,
  signUpCustomer,
  stockOf,
  type Customer,
} from '../../test/orders';

let app: FastifyInstance;
let admin: Customer;
let alice: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, alice] = await Promise.all([signUpAdmin(app, 'parts-admin'), signUpCustomer(app, 'parts-buyer')]);
});

afterAll(async () => {
  await app?.close();
});

/** The Add a Product form as the web app sends it: every value as text (SPEC §3). */
const form = {
  name: 'Timing belt kit',
  img: 'https://images.example.com/timing-belt.png',
  description: 'Belt, tensioner and idler.',
  storequantity: '10',
  price: '19.99',
};

const addProduct = (body: object, credential: Credential = byToken(admin)) =>
  call(app, credential, { method: 'POST', url: '/api/addaproduct', payload: body });
const updatePart = (id: string, body: object) => call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: body });
const restock = (id: string, body: object) => call(app, byToken(admin), { method: 'POST', url: `/api/admin/part/${id}/restock`, payload: body });
const setArchived = (id: string, archived: unknown) =>
  call(app, byCookie(admin), { method: 'PUT', url: `/api/admin/part/${id}/archived`, payload: { archived } });

/** The part's stored row, without the search columns generated from it. */
async function partRow(id: string) {
  const { search_vector: _vector, search_text: _text, ...row } = await app.db.selectFrom('parts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return row;
}

async function added(body: object): Promise<string> {
  const response = await addProduct(body);
  expectReply(response, 200);
  return (response.json() as { insertedId: string }).insertedId;
}

/** Every part on sale: GET /api/parts page by page (SPEC §7's array, a page at a time). */
async function partsOnSale(): Promise<Part[]> {
  const all: Part[] = [];
  for (let page = 1; ; page++) {
    const response = await app.inject({ method: 'GET', url: `/api/parts?page=${page}` });
    expectReply(response, 200);
    const parts = response.json() as Part[];
    all.push(...parts);
    if (parts.length < PARTS_PAGE_SIZE) return all;
  }
}

/** Every part of Manage Products: GET /api/admin/parts page by page, 100 a page. */
async function everyAdminPart(): Promise<AdminPartPage['parts']> {
  const all: AdminPartPage['parts'] = [];
  for (let page = 1; ; page++) {
    const response = await call(app, byCookie(admin), { method: 'GET', url: `/api/admin/parts?pageSize=100&page=${page}` });
    expectReply(response, 200);
    const reply = response.json() as AdminPartPage;
    all.push(...reply.parts);
    if (all.length >= reply.total) return all;
  }
}

function order(partId: string, orderQuantity: number) {
  return postOrder(app, alice.cookie, { partId, customername: 'Alice', address: '1 Road', orderQuantity });
}

const MISSING_PART = '00000000-0000-4000-8000-000000000000';
const badIds: Array<[string, string]> = [
  ['a well-formed id that names no part', MISSING_PART],
  ['a malformed id', 'not-an-id'],
  ['an id with SQL in it', encodeURIComponent("1' or '1'='1")],
];

describe('POST /api/addaproduct', () => {
  it('adds the product from text values: price stored in cents, stock as available, minimum 1', async () => {
    const response = await addProduct(form);

    expectReply(response, 200);
    const reply = response.json() as { acknowledged: boolean; insertedId: string };
    expect(reply).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    expect(await partRow(reply.insertedId)).toMatchObject({
      name: 'Timing belt kit',
      img: 'https://images.example.com/timing-belt.png',
      description: 'Belt, tensioner and idler.',
      price_cents: 1999,
      available_quantity: 10,
      min_order_quantity: 1,
      archived_at: null,
    });
  });

  it('shows the new part at once in GET /parts and GET /part/{id}, priced in dollars', async () => {
    const id = await added({ ...form, name: 'Listed part' });
    const expected: Part = {
      _id: id,
      name: 'Listed part',
      img: form.img,
      description: form.description,
      price: 19.99,
      availableQuantity: 10,
      minOrderQuantity: 1,
    };

    const partNumber = expect.stringMatching(/^AP-\d{6}$/);
    expect((await partsOnSale()).at(-1)).toEqual({ ...expected, partNumber });
    const one = await app.inject({ method: 'GET', url: `/api/part/${id}` });
    expectReply(one, 200);
    // A part added here has no category yet, the next AP- part number, no weight and no price breaks.
    expect(one.json()).toEqual({ ...expected, category: null, partNumber, oemNumbers: [], specs: [], weightKg: 0, priceBreaks: [], coreDeposit: null, warrantyMonths: null, lifecycle: { code: '2', label: 'Available to order' }, replacedBy: null, replaces: [], interchange: [], kit: null, inKits: [], formerNumbers: [], gtin: null, package: { weightGrams: 0, lengthMm: null, widthMm: null, heightMm: null }, descriptions: [{ code: 'DES', text: 'Listed part' }, { code: 'MKT', text: form.description }], applications: [] });
  });

  it('takes numbers as well as text, and a minimum order quantity', async () => {
    const id = await added({ ...form, storequantity: 7, price: 4.35, minOrderQuantity: '3' });

    expect(await partRow(id)).toMatchObject({ price_cents: 435, available_quantity: 7, min_order_quantity: 3 });
  });

  it.each([
    [19.99, 1999],
    ['0.29', 29],
    [1.15, 115],
    ['8.99', 899],
    [0.1 + 0.2, 30],
    ['0', 0],
    [' 12.5 ', 1250],
    // A decimal comma is twelve dollars fifty, never $1,250.
    ['12,50', 1250],
    ['1000000', 100_000_000],
  ])('stores the price %j as %i cents', async (price, cents) => {
    const id = await added({ ...form, price });

    expect((await partRow(id)).price_cents).toBe(cents);
  });

  it('can be ordered at once within its limits: below the minimum 400, above the stock 409, else 200', async () => {
    const id = await added({ ...form, storequantity: '10', minOrderQuantity: '3' });

    const below = await order(id, 2);
    expectReply(below, 400, quantityBelowMinimum(3));
    const above = await order(id, 11);
    expectReply(above, 409, validation.quantityAboveStock);
    expect(await stockOf(app, id)).toBe(10);

    expectReply(await order(id, 3), 200);
    expect(await stockOf(app, id)).toBe(7);
    expectReply(await order(id, 7), 200);
    expect(await stockOf(app, id)).toBe(0);
  });

  it.each([
    ['no name', { name: undefined }, 'Name is Required'],
    ['a blank name', { name: '   ' }, 'Name is Required'],
    ['no image', { img: undefined }, 'Image is Required'],
    ['an empty image', { img: '' }, 'Image is Required'],
    ['no description', { description: undefined }, 'Description is Required'],
    ['an empty description', { description: '' }, 'Description is Required'],
    ['no store quantity', { storequantity: undefined }, 'Store quantity is Required'],
    ['an empty store quantity', { storequantity: '' }, 'Store quantity is Required'],
    ['no price', { price: undefined }, 'Price is Required'],
    ['an empty price', { price: '' }, 'Price is Required'],
    ['a blank price', { price: '  ' }, 'Price is Required'],
    ['a non-numeric price', { price: 'ten dollars' }, 'Price must be an amount like 12.50'],
    ['a NaN price', { price: 'NaN' }, 'Price must be an amount like 12.50'],
    ['an infinite price', { price: 'Infinity' }, 'Price must be an amount like 12.50'],
    ['a price of true', { price: true }, 'Price must be an amount like 12.50'],
    ['a price of null', { price: null }, 'Price must be an amount like 12.50'],
    // "1,250": thousands or twelve fifty? Refused, never stored as $1,250.
    ['an ambiguous price', { price: '1,250' }, 'Price must be an amount like 12.50'],
    ['a non-numeric store quantity', { storequantity: 'lots' }, 'Store quantity must be a number'],
    ['a negative price', { price: '-0.01' }, 'Price cannot be negative'],
    ['a negative store quantity', { storequantity: -1 }, 'Store quantity cannot be negative'],
    ['a price with three decimals', { price: '1.005' }, 'Price has at most two decimals'],
    ['a price of 19.999', { price: 19.999 }, 'Price has at most two decimals'],
    ['a fractional store quantity', { storequantity: '1.5' }, 'Store quantity must be a whole number'],
    ['a minimum of 0', { minOrderQuantity: 0 }, 'Minimum order quantity is at least 1'],
    ['a fractional minimum', { minOrderQuantity: '2.5' }, 'Minimum order quantity must be a whole number'],
    ['a non-numeric minimum', { minOrderQuantity: 'two' }, 'Minimum order quantity must be a number'],
    ['a javascript: image', { img: 'javascript:alert(1)' }, 'Give an image URL (https://…) or a path on this site (/images/…)'],
    // Said as too long, not as required (the field's own error said 'Name is Required' of 201 letters).
    ['a name of 201 characters', { name: 'N'.repeat(201) }, 'Name is at most 200 characters'],
    ['a description of 2,001 characters', { description: 'D'.repeat(2001) }, 'Description is at most 2,000 characters'],
    ['an image URL of 2,001 characters', { img: `https://images.example.com/${'i'.repeat(1975)}` }, 'An image URL is at most 2,000 characters'],
    ['a data: image', { img: 'data:image/png;base64,AAAA' }, 'Give an image URL (https://…) or a path on this site (/images/…)'],
    ['a protocol-relative image', { img: '//evil.example/x.png' }, 'Give an image URL (https://…) or a path on this site (/images/…)'],
    ['a relative image path', { img: 'images/x.png' }, 'Give an image URL (https://…) or a path on this site (/images/…)'],
    ['an image URL with a space', { img: 'https://x.example/a b.png' }, 'Give an image URL (https://…) or a path on this site (/images/…)'],
    // "Trojan source" (decisions 216, 220): the buyer, the invoice and the CSV read the name as the admin wrote it.
    ['a name with a right-to-left override', { name: 'Brake pad \u202Etnorf' }, directionControlMessage('Name')],
    ['a description with an isolate', { description: 'Fits \u2067all\u2069 cars' }, directionControlMessage('Description')],
  ])('answers 400 to %s, with the field’s message, and adds nothing', async (_label, fields, message) => {
    const [parts, audits] = [await count(app.db, 'parts'), await auditCount(app)];

    expectInvalid(await addProduct({ ...form, ...fields }), message);

    expect(await count(app.db, 'parts')).toBe(parts);
    expect(await auditCount(app)).toBe(audits);
  });

  it.each([
    ['an over-long name', { name: 'n'.repeat(201) }],
    ['an over-long description', { description: 'd'.repeat(2001) }],
    ['an over-long image URL', { img: `https://x.example/${'i'.repeat(2000)}` }],
    ['a price over a million', { price: '1000000.01' }],
    ['a list for a body', [form]],
  ])('answers 400 to %s and adds nothing', async (_label, fields) => {
    const before = await count(app.db, 'parts');

    expectReply(await addProduct(Array.isArray(fields) ? fields : { ...form, ...fields }), 400);

    expect(await count(app.db, 'parts')).toBe(before);
  });

  // Regression (was a bug): storequantity, availableQuantity, minOrderQuantity and restock quantities
  // have no upper bound in the shared schemas, but the columns are 32-bit integers: a larger value
  // passes validation and the insert or update fails with a 500 (DESIGN §5: no input ever
  // yields a 500).
  it('answers 400, not 500, to a store quantity past the 32-bit column', async () => {
    const before = await count(app.db, 'parts');

    expectReply(await addProduct({ ...form, storequantity: 3_000_000_000 }), 400);
    expect(await count(app.db, 'parts')).toBe(before);
  });

  // Regression (was a bug): the image rule accepts `http://` as well as `https://` URLs; the brief asks
  // for an https URL or a path on the site (an http image on the https shop is mixed content).
  it('answers 400 to a plain http:// image URL', async () => {
    expectInvalid(await addProduct({ ...form, img: 'http://images.example.com/belt.png' }), 'Give an image URL (https://…) or a path on this site (/images/…)');
  });

  it('takes a path on this site as the image', async () => {
    const id = await added({ ...form, img: '/images/parts/belt.png' });

    expect((await partRow(id)).img).toBe('/images/parts/belt.png');
  });
});

describe('GET /api/admin/parts', () => {
  it('lists every part, archived ones too, with its archived flag, in catalogue order', async () => {
    const onSale = await insertPart(app, { name: 'On sale' });
    const archived = await insertPart(app, { name: 'Archived' });
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', archived).execute();

    const parts = await everyAdminPart();
    expect(parts).toHaveLength(await count(app.db, 'parts'));
    expect(parts.at(-2)).toMatchObject({ _id: onSale, name: 'On sale', archived: false });
    expect(parts.at(-1)).toMatchObject({ _id: archived, name: 'Archived', archived: true });
    for (const part of parts) {
      expect(Object.keys(part).sort()).toEqual(
        ['_id', 'archived', 'availableQuantity', 'coreDeposit', 'description', 'img', 'lifecycle', 'minOrderQuantity', 'name', 'openFitmentReports', 'partNumber', 'price', 'priceBreaks', 'replacedBy', 'warrantyMonths', 'weightKg'].sort(),
      );
    }
    expect((await partsOnSale()).map((part) => part._id)).toEqual(parts.filter((part) => !part.archived).map((part) => part._id));
  });

  it("gives each part its life cycle and the number of the part that directly replaces it, for the row's badge", async () => {
    const [old, current, ended] = [await insertPart(app), await insertPart(app), await insertPart(app)];
    const numberOf = async (id: string) => (await app.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow()).part_number;
    const patch = (id: string, payload: object) => call(app, byCookie(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload });
    // What the editor loaded goes with each change (decision 112): a new part is available, replaced by none.
    expectReply(await patch(old, { lifecycle: '7', replacedBy: await numberOf(current), expected: { lifecycle: '2', replacedBy: null } }), 200);
    expectReply(await patch(ended, { lifecycle: '9', expected: { lifecycle: '2' } }), 200);
    const parts = await everyAdminPart();
    const row = (id: string) => parts.find((part) => part._id === id);
    expect(row(old)).toMatchObject({ lifecycle: { code: '7', label: 'Superseded' }, replacedBy: await numberOf(current) });
    expect(row(ended)).toMatchObject({ lifecycle: { code: '9', label: 'Obsolete' }, replacedBy: null });
    expect(row(current)).toMatchObject({ lifecycle: { code: '2', label: 'Available to order' }, replacedBy: null });
  });

  it('pages on the server: 20 a page unless told, the total with each page', async () => {
    const total = await count(app.db, 'parts');
    const first = (await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/parts?pageSize=2' })).json() as AdminPartPage;
    const second = (await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/parts?pageSize=2&page=2' })).json() as AdminPartPage;
    expect(first).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(first.parts).toHaveLength(2);
    expect(second.parts).toHaveLength(2);
    expect(second.parts[0]?._id).not.toBe(first.parts[1]?._id);
    const defaults = (await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/parts' })).json() as AdminPartPage;
    expect(defaults.pageSize).toBe(ADMIN_PARTS_PAGE_SIZE);
  });

  it('searches name and description, in any case, with % and _ taken literally', async () => {
    const belt = await insertPart(app, { name: 'Searchable Zqx-Ribbed BELT 100%' });
    await insertPart(app, { name: 'Searchable other 1000' });
    const search = async (q: string) =>
      ((await call(app, byCookie(admin), { method: 'GET', url: `/api/admin/parts?q=${encodeURIComponent(q)}` })).json() as AdminPartPage).parts.map(
        (part) => part._id,
      );
    expect(await search('zqx-ribbed belt')).toEqual([belt]);
    expect(await search('belt 100%')).toEqual([belt]);
    expect(await search('searchable _')).toEqual([]);
    expect(await search('no such part anywhere')).toEqual([]);
  });

  it('finds a part by its part number or an OEM number, in any case, with or without spaces and dashes', async () => {
    const pad = await insertPart(app, { name: 'Numbered pad' });
    await app.db.updateTable('parts').set({ part_number: 'ZQB-7301', oem_numbers: ['04465-ZQ901', 'MK ZQ77'] }).where('id', '=', pad).execute();
    const search = async (q: string) =>
      ((await call(app, byCookie(admin), { method: 'GET', url: `/api/admin/parts?q=${encodeURIComponent(q)}` })).json() as AdminPartPage).parts;
    for (const q of ['ZQB-7301', 'zqb7301', 'ZQB 7301', 'zqb-73', '04465ZQ901', '04465-zq901', 'mk-zq77']) {
      expect((await search(q)).map((part) => part._id), q).toEqual([pad]);
    }
    expect((await search('ZQB-7301'))[0]).toMatchObject({ partNumber: 'ZQB-7301' });
  });

  it.each(['page=0', 'pageSize=101', `q=${'x'.repeat(201)}`])('refuses ?%s with 400', async (query) => {
    expectReply(await call(app, byCookie(admin), { method: 'GET', url: `/api/admin/parts?${query}` }), 400);
  });
});

describe('PATCH /api/admin/part/{id}', () => {
  it('changes only the fields given', async () => {
    const id = await insertPart(app, { name: 'Before', priceCents: 1000, available: 5, minimum: 1 });
    const before = await partRow(id);

    const response = await updatePart(id, { price: '24.5', name: '  After  ' });

    expectReply(response, 200);
    expect(response.json()).toEqual({ acknowledged: true, warnings: [] });
    // `updated_at` says the catalogue data changed (migration 0040); everyone's price at the minimum
    // order of 1 follows the list price (migration 0135).
    expect(await partRow(id)).toEqual({ ...before, name: 'After', price_cents: 2450, min_order_price_cents: 2450, updated_at: expect.any(Date) });
  });

  it('changes every field at once, and GET /part/{id} shows them', async () => {
    const id = await insertPart(app);
    const changes = {
      name: 'Oil filter',
      img: '/images/parts/oil-filter.png',
      description: 'Spin-on filter.',
      price: 8.99,
      availableQuantity: '40',
      minOrderQuantity: 4,
    };

    expectReply(await updatePart(id, { ...changes, expectedAvailableQuantity: 100 }), 200);

    const part = (await app.inject({ method: 'GET', url: `/api/part/${id}` })).json() as Part;
    expect(part).toMatchObject({ _id: id, ...changes, availableQuantity: 40 });
  });

  it('never undoes sales made since the page loaded: a stale stock figure is a 409 and changes nothing', async () => {
    const id = await insertPart(app, { available: 10 });
    // The admin loaded the page at 10; a customer then ordered 3.
    await app.db.updateTable('parts').set({ available_quantity: 7 }).where('id', '=', id).execute();

    const stale = await updatePart(id, { availableQuantity: 50, expectedAvailableQuantity: 10, name: 'Renamed' });
    expectReply(stale, 409);
    expect(stale.json()).toEqual({ message: adminMessages.stockChanged(7), field: 'availableQuantity', current: 7 });
    // The fact only: every admin screen has fetched the part again by then, and says what to do next.
    expect(adminMessages.stockChanged(7)).toBe('The stock changed since this page loaded (orders came in): it is now 7.');
    const part = (await app.inject({ method: 'GET', url: `/api/part/${id}` })).json() as Part;
    expect(part.availableQuantity).toBe(7);
    expect(part.name).not.toBe('Renamed');

    expectReply(await updatePart(id, { availableQuantity: 50 }), 400);
    expectReply(await updatePart(id, { availableQuantity: 50, expectedAvailableQuantity: 7 }), 200);
    expect(((await app.inject({ method: 'GET', url: `/api/part/${id}` })).json() as Part).availableQuantity).toBe(50);
  });

  it('writes a field only while it is still what the form loaded: two admins editing at once, the second is a 409 naming the field and its value now', async () => {
    const id = await insertPart(app, { priceCents: 5000, available: 30, minimum: 2 });
    // Both admins loaded the part at $50.00; the first saves $55.00, the second then $60.00.
    expectReply(await updatePart(id, { price: 55, expected: { price: 50 } }), 200);
    const second = await updatePart(id, { price: 60, name: 'Renamed', expected: { price: 50 } });
    expectReply(second, 409);
    expect(second.json()).toEqual({ message: adminMessages.fieldChanged('price', '$55.00'), field: 'price', current: 55 });
    expect(adminMessages.fieldChanged('price', '$55.00')).toBe('The price changed since this page loaded (someone else saved it): it is now $55.00.');
    expect(await partRow(id)).toMatchObject({ price_cents: 5500 });
    expect((await partRow(id)).name).not.toBe('Renamed');

    // Every field of the edit form by the same rule; each message names its field.
    await app.db.updateTable('parts').set({ min_order_quantity: 3, warranty_months: 12, description: 'Changed meanwhile' }).where('id', '=', id).execute();
    await app.db.insertInto('part_price_breaks').values({ part_id: id, min_quantity: 10, unit_price_cents: 5000 }).execute();
    const cases: Array<[object, string, unknown, string]> = [
      [{ minOrderQuantity: 4, expected: { minOrderQuantity: 2 } }, 'minOrderQuantity', 3, adminMessages.fieldChanged('minimum order quantity', '3')],
      [{ warrantyMonths: 24, expected: { warrantyMonths: null } }, 'warrantyMonths', 12, adminMessages.fieldChanged('warranty', '12 months')],
      [{ description: 'Mine', expected: { description: 'A part made for a test.' } }, 'description', 'Changed meanwhile', adminMessages.fieldChanged('description')],
      [{ priceBreaks: [], expected: { priceBreaks: [] } }, 'priceBreaks', [{ minQuantity: 10, unitPrice: 50 }], adminMessages.fieldChanged('price breaks')],
    ];
    for (const [body, field, current, message] of cases) {
      const response = await updatePart(id, body);
      expectReply(response, 409);
      expect(response.json()).toEqual({ message, field, current });
    }
    // With what is stored now, each goes through; without `expected` (an older client) as before.
    expectReply(await updatePart(id, { minOrderQuantity: 4, warrantyMonths: 24, priceBreaks: [], expected: { minOrderQuantity: 3, warrantyMonths: 12, priceBreaks: [{ minQuantity: 10, unitPrice: 50 }] } }), 200);
    expect(await partRow(id)).toMatchObject({ min_order_quantity: 4, warranty_months: 24 });
    expectReply(await updatePart(id, { price: 61 }), 200);
  });

  it('holds the price breaks to a new minimum: one break at or below it is every order\u2019s price, a second could never be charged', async () => {
    const id = await insertPart(app, { priceCents: 1000, available: 500, minimum: 1 });
    const tiers = [{ minQuantity: 10, unitPrice: 8 }, { minQuantity: 50, unitPrice: 7 }];
    expectReply(await updatePart(id, { priceBreaks: tiers }), 200);
    // A minimum of 60 would leave both breaks under it: the one from 10 never charged.
    // Said at the field that made the stored breaks wrong (decision 164): the minimum.
    const refused = await updatePart(id, { minOrderQuantity: 60 });
    expectReply(refused, 400);
    expect(refused.json()).toEqual({ message: partPricingMessages.tierNeverCharged(10, 50, 60), field: 'minOrderQuantity' });
    expect(await partRow(id)).toMatchObject({ min_order_quantity: 1 });
    // New breaks against the stored minimum, and both sent together, by the same rule.
    expectReply(await updatePart(id, { minOrderQuantity: 20 }), 200);
    const tiersRefused = await updatePart(id, { priceBreaks: [{ minQuantity: 5, unitPrice: 9 }, ...tiers] });
    expectReply(tiersRefused, 400);
    expect(tiersRefused.json()).toEqual({ message: partPricingMessages.tierNeverCharged(5, 10, 20), field: 'priceBreaks' });
    expectInvalid(await updatePart(id, { minOrderQuantity: 60, priceBreaks: tiers }), partPricingMessages.tierNeverCharged(10, 50, 60));
    // One break at or below the minimum stands (decision 049): it is the price of every order.
    expectInvalid(await updatePart(id, { minOrderQuantity: 50 }), partPricingMessages.tierNeverCharged(10, 50, 50));
    expectReply(await updatePart(id, { minOrderQuantity: 60, priceBreaks: [{ minQuantity: 50, unitPrice: 7 }] }), 200);
  });

  it('takes a minimum above the stock (a restock or an import brings stock later); the editor warns of it', async () => {
    const id = await insertPart(app, { available: 5, minimum: 1 });
    expectReply(await updatePart(id, { minOrderQuantity: 20 }), 200);
    expect(await partRow(id)).toMatchObject({ min_order_quantity: 20, available_quantity: 5 });
  });

  it('puts a new minimum into force for the next order', async () => {
    const id = await insertPart(app, { available: 50, minimum: 1 });

    expectReply(await updatePart(id, { minOrderQuantity: 5 }), 200);

    expectReply(await order(id, 4), 400, quantityBelowMinimum(5));
    expectReply(await order(id, 5), 200);
  });

  it('writes nothing for a save of the values already stored: no audit row, no cached read emptied on any instance (decision 152)', async () => {
    const id = await insertPart(app);
    expectReply(await updatePart(id, { priceBreaks: [{ minQuantity: 10, unitPrice: 11 }], coreDeposit: 5, warrantyMonths: 12, weightKg: 1.5 }), 200);
    const catalogue = (await call(app, byToken(admin), { method: 'GET', url: `/api/admin/part/${id}/catalogue` })).json() as AdminCatalogue;
    const { category, partNumber, oemNumbers, specs, changes } = catalogue;
    const part = (await everyAdminPart()).find((row) => row._id === id);
    if (!part) throw new Error('the part is not listed');
    const { name, img, description, price, availableQuantity, minOrderQuantity, weightKg, coreDeposit, warrantyMonths, priceBreaks } = part;
    const before = await partRow(id);
    await app.publicCache.caughtUp();
    const [version, audits] = [app.publicCache.version(), await auditCount(app)];

    const same = { name, img, description, price, minOrderQuantity, weightKg, coreDeposit, warrantyMonths, priceBreaks };
    expectReply(await updatePart(id, { ...same, availableQuantity, expectedAvailableQuantity: availableQuantity, expected: same }), 200);
    expectReply(await updatePart(id, { ...changes, expected: changes }), 200);
    expectReply(await setArchived(id, false), 200);
    const details = { category, partNumber, oemNumbers, specs };
    expectReply(await call(app, byToken(admin), { method: 'PUT', url: `/api/admin/part/${id}/catalogue`, payload: { ...details, expected: details } }), 200);

    expect(await auditCount(app)).toBe(audits);
    expect(app.publicCache.version()).toBe(version);
    expect(await partRow(id)).toEqual(before);
    // Archiving twice is one archive, audited once.
    expectReply(await setArchived(id, true), 200);
    expectReply(await setArchived(id, true), 200);
    expect(await auditCount(app)).toBe(audits + 1);
  });

  it('ignores fields that are not the part’s, and an empty body changes nothing', async () => {
    const id = await insertPart(app);
    const before = await partRow(id);

    expectReply(await updatePart(id, { id: MISSING_PART, archived_at: null, price_cents: 1, seq: 1 }), 200);
    expectReply(await updatePart(id, {}), 200);

    expect(await partRow(id)).toEqual(before);
  });

  it.each([
    ['an empty name', { name: '' }, 'Name is Required'],
    ['a javascript: image', { img: 'javascript:alert(1)' }, 'Give an image URL (https://…) or a path on this site (/images/…)'],
    ['a non-numeric price', { price: 'abc' }, 'Price must be an amount like 12.50'],
    ['a negative price', { price: -1 }, 'Price cannot be negative'],
    ['a three-decimal price', { price: 2.005 }, 'Price has at most two decimals'],
    ['a price over a million dollars', { price: 1_000_000.01 }, 'Price is at most $1,000,000.00'],
    ['a negative stock', { availableQuantity: -1 }, 'Available quantity cannot be negative'],
    ['a fractional stock', { availableQuantity: 2.5 }, 'Available quantity must be a whole number'],
    ['a minimum of 0', { minOrderQuantity: '0' }, 'Minimum order quantity is at least 1'],
    ['a name with an embedding', { name: 'Rotor \u202Bfront' }, directionControlMessage('Name')],
  ])('answers 400 to %s and changes nothing', async (_label, body, message) => {
    const id = await insertPart(app);
    const before = await partRow(id);

    expectInvalid(await updatePart(id, body), message);

    expect(await partRow(id)).toEqual(before);
  });

  it.each(badIds)('answers 404 for %s', async (_label, id) => {
    expectReply(await updatePart(id, { name: 'Ghost' }), 404, apiErrors.partNotFound);
    expectReply(await updatePart(id, {}), 404, apiErrors.partNotFound);
  });

  it('answers 400, not 500, to a stock or minimum past the 32-bit column', async () => {
    const id = await insertPart(app);
    const before = await partRow(id);

    expectReply(await updatePart(id, { availableQuantity: 3_000_000_000 }), 400);
    expectReply(await updatePart(id, { minOrderQuantity: 3_000_000_000 }), 400);
    expect(await partRow(id)).toEqual(before);
  });
});

describe('POST /api/admin/part/{id}/restock', () => {
  it('adds the quantity to the stock, given as a number or as text', async () => {
    const id = await insertPart(app, { available: 3 });

    const response = await restock(id, { quantity: 5 });

    expectReply(response, 200);
    expect(response.json()).toEqual({ acknowledged: true });
    expect(await stockOf(app, id)).toBe(8);
    expectReply(await restock(id, { quantity: '2' }), 200);
    expect(await stockOf(app, id)).toBe(10);
  });

  it('composes with orders taking stock at the same time', async () => {
    const id = await insertPart(app, { available: 10 });

    const replies = await Promise.all([
      ...Array.from({ length: 5 }, () => restock(id, { quantity: 2 })),
      ...Array.from({ length: 8 }, () => order(id, 1)),
    ]);

    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    expect(await stockOf(app, id)).toBe(10 + 10 - 8);
  });

  it.each([
    ['0', { quantity: 0 }, 'Restock at least 1'],
    ['a negative quantity', { quantity: -3 }, 'Restock at least 1'],
    ['a fraction', { quantity: 1.5 }, 'Quantity must be a whole number'],
    ['text that is no number', { quantity: 'many' }, 'Quantity must be a number'],
    ['no quantity', {}, 'Quantity is Required'],
  ])('answers 400 to %s and leaves the stock', async (_label, body, message) => {
    const id = await insertPart(app, { available: 4 });

    expectInvalid(await restock(id, body), message);

    expect(await stockOf(app, id)).toBe(4);
  });

  it.each(badIds)('answers 404 for %s', async (_label, id) => {
    expectReply(await restock(id, { quantity: 1 }), 404, apiErrors.partNotFound);
  });

  it('answers 4xx, not 500, to a restock that would pass the 32-bit column', async () => {
    const id = await insertPart(app, { available: 10 });

    const response = await restock(id, { quantity: 2 ** 31 - 5 });

    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(await stockOf(app, id)).toBe(10);
  });
});

describe('PUT /api/admin/part/{id}/archived', () => {
  it('takes the part out of the shop, keeps it for its orders, and puts it back', async () => {
    const id = await insertPart(app, { name: 'Soon archived', available: 20 });
    const orderId = await placeOrder(app, alice, id, 2);
    const { img } = await partRow(id);

    const response = await setArchived(id, true);

    expectReply(response, 200);
    expect(response.json()).toEqual({ acknowledged: true });
    expect((await partsOnSale()).map((part) => part._id)).not.toContain(id);
    const detail = await app.inject({ method: 'GET', url: `/api/part/${id}` });
    expectReply(detail, 404, apiErrors.partNotFound);
    const refused = await order(id, 1);
    expectReply(refused, 404);
    expect(messageOf(refused)).toBe(apiErrors.partNotFound);
    expect(await stockOf(app, id)).toBe(18);
    expect((await myOrders(app, alice)).find((mine) => mine._id === orderId)).toMatchObject({
      partId: id,
      name: 'Soon archived',
      img,
      orderQuantity: 2,
    });
    const orderDetail = await call(app, byToken(alice), { method: 'GET', url: `/api/order/${orderId}` });
    expectReply(orderDetail, 200);
    const adminList = await everyAdminPart();
    expect(adminList.find((part) => part._id === id)).toMatchObject({ archived: true });

    expectReply(await setArchived(id, false), 200);

    expect((await partsOnSale()).map((part) => part._id)).toContain(id);
    expectReply(await order(id, 1), 200);
  });

  it('keeps an archived part editable and restockable by admins', async () => {
    const id = await insertPart(app, { available: 1 });
    expectReply(await setArchived(id, true), 200);

    expectReply(await restock(id, { quantity: 4 }), 200);
    expectReply(await updatePart(id, { name: 'Renamed while archived' }), 200);

    expect(await partRow(id)).toMatchObject({ available_quantity: 5, name: 'Renamed while archived', archived_at: expect.any(Date) });
  });

  it.each([
    ['no archived', undefined],
    ['archived as text', 'true'],
    ['archived as a number', 1],
  ])('answers 400 to %s and leaves the part on sale', async (_label, archived) => {
    const id = await insertPart(app);

    expectReply(await setArchived(id, archived), 400);

    expect((await partRow(id)).archived_at).toBeNull();
  });

  it.each(badIds)('answers 404 for %s', async (_label, id) => {
    expectReply(await setArchived(id, true), 404, apiErrors.partNotFound);
  });
});
