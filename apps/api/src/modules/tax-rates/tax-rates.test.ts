import { adminMessages, apiErrors, shippingMessages, taxPlace, type TaxRate } from '@autoparts/shared';
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
  [admin, customer] = await Promise.all([signUpAdmin(app, 'tax-admin'), signUpCustomer(app, 'tax-buyer')]);
});

afterAll(async () => {
  await app?.close();
});

const url = '/api/admin/tax-rates';
const list = (credential: Credential = byToken(admin)) => call(app, credential, { method: 'GET', url });
const add = (body: object, credential: Credential = byToken(admin)) => call(app, credential, { method: 'POST', url, payload: body });
const update = (id: string, body: object, credential: Credential = byCookie(admin)) => call(app, credential, { method: 'PUT', url: `${url}/${id}`, payload: body });
const remove = (id: string, credential: Credential = byCookie(admin)) => call(app, credential, { method: 'DELETE', url: `${url}/${id}` });

/** Canadian provinces: the demo shop seeds US states only, so each test has a place of its own. */
const rate = (fields: object = {}) => ({ country: 'CA', region: 'ON', ratePercent: 13, appliesToShipping: true, ...fields });

async function added(fields: object): Promise<TaxRate> {
  const response = await add(rate(fields));
  expectReply(response, 200);
  return response.json() as TaxRate;
}

const rowOf = (id: string) => app.db.selectFrom('tax_rates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('/api/admin/tax-rates', () => {
  it('lists the demo shop’s US states', async () => {
    const rates = (await list()).json() as TaxRate[];

    expect(rates.filter((each) => each.country === 'US').map(({ id: _id, ...each }) => each)).toEqual([
      { country: 'US', region: 'CA', ratePercent: 7.25, appliesToShipping: false },
      { country: 'US', region: 'IL', ratePercent: 6.25, appliesToShipping: false },
      { country: 'US', region: 'NY', ratePercent: 4, appliesToShipping: true },
      { country: 'US', region: 'TX', ratePercent: 6.25, appliesToShipping: false },
    ]);
  });

  it('adds a rate with four decimals exactly, as parts per million, and audits it', async () => {
    const before = await auditCount(app);

    const response = await add(rate({ region: 'qc', ratePercent: 14.975 }));

    expectReply(response, 200);
    const created = response.json() as TaxRate;
    expect(created).toEqual({ id: expect.any(String), country: 'CA', region: 'QC', ratePercent: 14.975, appliesToShipping: true });
    expect(await rowOf(created.id)).toMatchObject({ region: 'QC', rate_ppm: 149_750 });
    expect((await list()).json()).toContainEqual(created);
    expect(await auditCount(app)).toBe(before + 1);
    const [entry] = await app.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).execute();
    expect(entry).toMatchObject({ action: 'tax-rate.add', target: `tax-rate ${created.id}` });
  });

  it('keeps a whole country as region null (stored as empty), from a form’s text', async () => {
    const created = await added({ country: ' de ', region: '', ratePercent: '19', appliesToShipping: 'true' });

    expect(created).toMatchObject({ country: 'DE', region: null, ratePercent: 19, appliesToShipping: true });
    expect((await rowOf(created.id)).region).toBe('');
  });

  it('refuses a second rate for the same place, naming the place, also two at once', async () => {
    const first = await added({ region: 'BC', ratePercent: 7 });
    const whole = await added({ country: 'FR', region: null, ratePercent: 20 });
    const before = await auditCount(app);

    expectReply(await add(rate({ region: 'bc', ratePercent: 5 })), 409, shippingMessages.rateTaken(taxPlace('CA', 'BC')));
    expectReply(await add(rate({ country: 'FR', region: null })), 409, shippingMessages.rateTaken('FR (the whole country)'));
    expectReply(await update(whole.id, rate({ region: 'BC' })), 409, shippingMessages.rateTaken('CA-BC'));
    expect((await rowOf(first.id)).rate_ppm).toBe(70_000);
    expect(await auditCount(app)).toBe(before);
    const twice = await Promise.all([add(rate({ region: 'MB' })), add(rate({ region: 'MB' }))]);
    expect(twice.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a PUT whose `expected` is not the rate as it is now, writing and auditing nothing, with the rate now (decision 202)', async () => {
    const created = await added({ region: 'NB', ratePercent: 15 });
    const { id: _id, ...loaded } = created;
    expectReply(await update(created.id, { ...loaded, ratePercent: 14, expected: loaded }), 200);
    const before = await auditCount(app);

    const stale = await update(created.id, { ...loaded, appliesToShipping: false, expected: loaded });

    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: adminMessages.fieldChanged('tax rate'), current: { ...created, ratePercent: 14 } });
    expect(await rowOf(created.id)).toMatchObject({ rate_ppm: 140_000, applies_to_shipping: true });
    expect(await auditCount(app)).toBe(before);
    expectReply(await update(created.id, { ...loaded, ratePercent: 14, appliesToShipping: false, expected: { ...loaded, ratePercent: 14 } }), 200);
    expectReply(await update('nope', { ...loaded, expected: loaded }), 404, shippingMessages.rateNotFound);
  });

  it('replaces a rate with PUT and deletes it once', async () => {
    const created = await added({ region: 'NS', ratePercent: 15 });

    const changed = await update(created.id, rate({ region: 'NS', ratePercent: 14, appliesToShipping: false }));

    expectReply(changed, 200);
    expect(changed.json()).toEqual({ id: created.id, country: 'CA', region: 'NS', ratePercent: 14, appliesToShipping: false });
    expectReply(await remove(created.id), 200);
    expectReply(await remove(created.id), 404, shippingMessages.rateNotFound);
    expectReply(await update(created.id, rate()), 404, shippingMessages.rateNotFound);
    expectReply(await remove('nope'), 404, shippingMessages.rateNotFound);
    const actions = await app.db.selectFrom('audit_log').select('action').where('target', '=', `tax-rate ${created.id}`).execute();
    expect(actions.map((entry) => entry.action).sort()).toEqual(['tax-rate.add', 'tax-rate.remove', 'tax-rate.update']);
  });

  it.each([
    [{ country: '' }, shippingMessages.countryRequired],
    [{ country: 'XX' }, shippingMessages.countryUnknown('XX')],
    [{ country: 'Canada' }, shippingMessages.countryUnknown('CANADA')],
    [{ region: 'CA-ON' }, shippingMessages.regionInvalid],
    [{ region: 'ONTARIO' }, shippingMessages.regionInvalid],
    [{ ratePercent: -1 }, shippingMessages.ratePercentRange],
    [{ ratePercent: 100.5 }, shippingMessages.ratePercentRange],
    [{ ratePercent: 6.12345 }, shippingMessages.ratePercentDecimals],
    [{ ratePercent: '' }, 'Rate is Required'],
    [{ ratePercent: 'six' }, 'Rate must be a number like 2.5'],
    [{ appliesToShipping: 1 }, 'Applies to shipping is yes or no'],
  ])('refuses %j: %s', async (fields, message) => {
    const before = await auditCount(app);

    expectInvalid(await add(rate(fields)), message);
    expect(await auditCount(app)).toBe(before);
  });

  it.each([
    ['a visitor', 'anonymous', 401, apiErrors.signInRequired],
    ['a customer by cookie', 'cookie', 403, apiErrors.forbidden],
    ['a customer by token', 'token', 403, apiErrors.forbidden],
  ] as const)('answers %s (%s) with %i on every route and changes nothing', async (_who, how, status, message) => {
    const credential: Credential = how === 'anonymous' ? anonymous : how === 'cookie' ? byCookie(customer) : byToken(customer);
    const created = await added({ country: 'MX', region: null, ratePercent: 16 });
    const before = await auditCount(app);

    expectReply(await list(credential), status, message);
    expectReply(await add(rate({ region: 'PE' }), credential), status, message);
    expectReply(await update(created.id, rate({ country: 'MX', region: null, ratePercent: 0 }), credential), status, message);
    expectReply(await remove(created.id, credential), status, message);
    expect((await rowOf(created.id)).rate_ppm).toBe(160_000);
    expect(await auditCount(app)).toBe(before);
    expectReply(await remove(created.id), 200);
  });

  it('is described in /api/docs', async () => {
    const paths = ((await app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, object> }).paths;

    expect(Object.keys(paths['/admin/tax-rates'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(paths['/admin/tax-rates/{id}'] ?? {})).toEqual(['put', 'delete']);
  });
});
