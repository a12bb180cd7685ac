import { adminMessages, apiErrors, directionControlMessage, shippingMessages, type ShippingMethod } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, auditCount, byCookie, byToken, call, expectInvalid, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

let app: FastifyInstance;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(app, 'shipping-admin'), signUpCustomer(app, 'shipping-buyer')]);
});

afterAll(async () => {
  await app?.close();
});

const url = '/api/admin/shipping-methods';
const list = (credential: Credential = byToken(admin)) => call(app, credential, { method: 'GET', url });
const add = (body: object, credential: Credential = byToken(admin)) => call(app, credential, { method: 'POST', url, payload: body });
const update = (id: string, body: object, credential: Credential = byCookie(admin)) => call(app, credential, { method: 'PUT', url: `${url}/${id}`, payload: body });
const remove = (id: string, credential: Credential = byCookie(admin)) => call(app, credential, { method: 'DELETE', url: `${url}/${id}` });

let serial = 0;
const method = (fields: object = {}) => ({
  name: `Test Courier ${++serial}`,
  estimate: '3–4 business days',
  countries: ['US', 'CA'],
  basePrice: 6.95,
  pricePerKg: 0.85,
  maxWeightKg: 30,
  freeOver: 150,
  active: true,
  ...fields,
});

async function added(fields: object = {}): Promise<ShippingMethod> {
  const response = await add(method(fields));
  expectReply(response, 200);
  return response.json() as ShippingMethod;
}

const rowOf = (id: string) => app.db.selectFrom('shipping_methods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('/api/admin/shipping-methods', () => {
  it('adds a method, keeping cents and grams, and lists it', async () => {
    const before = await auditCount(app);
    const body = method({ basePrice: 12.5, pricePerKg: 1.05, maxWeightKg: 31.5, freeOver: 149.99 });

    const response = await add(body);

    expectReply(response, 200);
    const created = response.json() as ShippingMethod;
    expect(created).toEqual({ id: expect.any(String), ...body });
    expect(await rowOf(created.id)).toMatchObject({
      base_price_cents: 1250,
      price_per_kg_cents: 105,
      max_weight_grams: 31_500,
      free_over_cents: 14_999,
      countries: ['US', 'CA'],
      active: true,
    });
    expect((await list()).json()).toContainEqual(created);
    expect(await auditCount(app)).toBe(before + 1);
    const [entry] = await app.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).execute();
    expect(entry).toMatchObject({ action: 'shipping-method.add', target: `shipping-method ${created.id}`, actor_email: admin.email });
  });

  it('takes a form as typed: text figures, countries as a list in any case, empty limits as none', async () => {
    const response = await add({
      name: `  Form Courier ${++serial}  `,
      estimate: 'Ready next business day',
      countries: 'us, ca;US',
      basePrice: '0',
      pricePerKg: '0,50',
      maxWeightKg: '',
      freeOver: '',
      active: 'false',
    });

    expectReply(response, 200);
    expect(response.json()).toMatchObject({ countries: ['US', 'CA'], basePrice: 0, pricePerKg: 0.5, maxWeightKg: null, freeOver: null, active: false });
  });

  it('lists the demo methods of a new shop first, oldest first', async () => {
    const names = ((await list()).json() as ShippingMethod[]).map((each) => each.name);

    expect(names.slice(0, 4)).toEqual(['Standard', 'Express', 'Freight', 'Pickup at the factory']);
  });

  it('replaces a whole method with PUT, the same twice, and audits each', async () => {
    const created = await added();
    const changed = method({ name: `${created.name} renamed`, countries: ['MX'], maxWeightKg: null, freeOver: null, active: false });

    const first = await update(created.id, changed);
    const second = await update(created.id, changed);

    expectReply(first, 200);
    expect(first.json()).toEqual({ id: created.id, ...changed });
    expect(second.json()).toEqual(first.json());
    const entries = await app.db.selectFrom('audit_log').select('action').where('target', '=', `shipping-method ${created.id}`).execute();
    expect(entries.map((entry) => entry.action).sort()).toEqual(['shipping-method.add', 'shipping-method.update', 'shipping-method.update']);
  });

  it('refuses a PUT whose `expected` is not the method as it is now, writing and auditing nothing, with the method now (decision 202)', async () => {
    const created = await added({ basePrice: 9.99 });
    const { id: _id, ...loaded } = created;
    // Another admin raises the price; this admin's page, loaded before, deactivates the method it shows.
    expectReply(await update(created.id, { ...loaded, basePrice: 12.99, expected: loaded }), 200);
    const before = await auditCount(app);

    const stale = await update(created.id, { ...loaded, active: false, expected: loaded });

    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: adminMessages.fieldChanged('shipping method'), current: { ...created, basePrice: 12.99 } });
    expect(await rowOf(created.id)).toMatchObject({ base_price_cents: 1299, active: true });
    expect(await auditCount(app)).toBe(before);
    // Sent again expecting the method as the 409 gave it, the change is written; without `expected`, as before.
    const again = await update(created.id, { ...loaded, basePrice: 12.99, active: false, expected: { ...loaded, basePrice: 12.99 } });
    expectReply(again, 200);
    expect(again.json()).toEqual({ ...created, basePrice: 12.99, active: false });
    expectReply(await update(created.id, { ...loaded, active: true }), 200);
    const entries = await app.db.selectFrom('audit_log').select('details').where('target', '=', `shipping-method ${created.id}`).orderBy('seq').execute();
    expect(entries.map((entry) => entry.details)).not.toContainEqual(expect.objectContaining({ expected: expect.anything() }));
  });

  it('refuses a second method of the same name, whatever its case, naming it; the form sent twice adds one', async () => {
    const created = await added();
    const other = await added();
    const before = await auditCount(app);

    const again = await add(method({ name: created.name.toUpperCase() }));
    const renamed = await update(other.id, method({ name: created.name }));

    expectReply(again, 409, shippingMessages.nameTaken(created.name.toUpperCase()));
    expectReply(renamed, 409, shippingMessages.nameTaken(created.name));
    expect((await rowOf(other.id)).name).toBe(other.name);
    expect(await auditCount(app)).toBe(before);
    const twice = await Promise.all([add(method({ name: 'Twice Courier' })), add(method({ name: 'Twice Courier' }))]);
    expect(twice.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('deletes a method once; then it is not found', async () => {
    const created = await added();

    expectReply(await remove(created.id), 200);
    expect(await remove(created.id)).toMatchObject({ statusCode: 404 });
    expectReply(await remove(created.id), 404, shippingMessages.methodNotFound);
    expectReply(await update(created.id, method()), 404, shippingMessages.methodNotFound);
    expectReply(await remove('not-an-id'), 404, shippingMessages.methodNotFound);
    expect((await list()).json()).not.toContainEqual(expect.objectContaining({ id: created.id }));
  });

  it.each([
    [{ name: '' }, 'Name is Required'],
    [{ name: 'x'.repeat(81) }, 'Name is at most 80 characters'],
    [{ estimate: ' ' }, 'Delivery estimate is Required'],
    // "Trojan source" (decisions 216, 220): the customer reads the method's name at checkout, in the order and its mail.
    [{ name: 'Express \u202Eyadot' }, directionControlMessage('Name')],
    [{ estimate: '\u20663–4 days\u2069' }, directionControlMessage('Delivery estimate')],
    [{ countries: [] }, shippingMessages.countriesRequired],
    [{ countries: '' }, shippingMessages.countriesRequired],
    [{ countries: ['US', 'XX'] }, shippingMessages.countryUnknown('XX')],
    [{ countries: ['USA'] }, shippingMessages.countryUnknown('USA')],
    [{ countries: Array.from({ length: 61 }, (_, index) => `A${index}`) }, shippingMessages.countriesTooMany],
    [{ basePrice: -1 }, 'Base price cannot be negative'],
    [{ basePrice: 1.234 }, 'Base price has at most two decimals'],
    [{ basePrice: 'lots' }, 'Base price must be an amount like 12.50'],
    [{ basePrice: 100_000.01 }, 'Base price is at most $100,000.00'],
    [{ pricePerKg: undefined }, 'Price per kg is Required'],
    [{ maxWeightKg: 0 }, shippingMessages.weightRange],
    [{ maxWeightKg: 1.2345 }, shippingMessages.weightDecimals],
    [{ maxWeightKg: 'heavy' }, 'Maximum weight must be a number like 2.5'],
    [{ freeOver: -5 }, 'Free over cannot be negative'],
    [{ active: 'maybe' }, 'Active is yes or no'],
  ])('refuses %j: %s', async (fields, message) => {
    const before = await auditCount(app);

    expectInvalid(await add(method(fields)), message);
    expect(await auditCount(app)).toBe(before);
  });

  it.each([
    ['a visitor', 'anonymous', 401, apiErrors.signInRequired],
    ['a customer by cookie', 'cookie', 403, apiErrors.forbidden],
    ['a customer by token', 'token', 403, apiErrors.forbidden],
  ] as const)('answers %s (%s) with %i on every route and changes nothing', async (_who, how, status, message) => {
    const credential: Credential = how === 'anonymous' ? anonymous : how === 'cookie' ? byCookie(customer) : byToken(customer);
    const created = await added();
    const before = await auditCount(app);

    expectReply(await list(credential), status, message);
    expectReply(await add(method(), credential), status, message);
    expectReply(await update(created.id, method({ name: 'Hijacked' }), credential), status, message);
    expectReply(await remove(created.id, credential), status, message);
    expect(await rowOf(created.id)).toMatchObject({ name: created.name });
    expect(await auditCount(app)).toBe(before);
  });

  it('refuses a cookie write from another site', async () => {
    const response = await app.inject({ method: 'POST', url, headers: { cookie: admin.cookie, origin: 'https://evil.example' }, payload: method() });

    expectReply(response, 403, apiErrors.crossOrigin);
  });

  it('is described in /api/docs', async () => {
    const paths = ((await app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, object> }).paths;

    expect(Object.keys(paths['/admin/shipping-methods'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(paths['/admin/shipping-methods/{id}'] ?? {})).toEqual(['put', 'delete']);
  });
});
