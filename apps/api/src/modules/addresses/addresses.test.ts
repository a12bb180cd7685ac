import { ADDRESSES_MAX, addressMessages, apiErrors, countryOf, directionControlMessage, requestNotValid, validation, type Address, type AddressInput } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectInvalid, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { limits } from '../limits/limits';
import { signUpCustomer, type Customer } from '../../test/orders';

let app: FastifyInstance;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([signUpCustomer(app, 'addresses-alice'), signUpCustomer(app, 'addresses-bob')]);
});

afterAll(async () => {
  await app?.close();
});

const springfield: AddressInput = {
  name: 'Jane Doe',
  company: 'Doe Garage',
  line1: '100 Main St',
  line2: 'Bay 2',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '(217) 555-0100',
};
const london: AddressInput = { name: 'Jane Doe', line1: '10 Downing St', city: 'London', postalCode: 'sw1a2aa', country: 'GB', region: null };

const list = async (credential: Credential) => {
  const response = await call(app, credential, { method: 'GET', url: '/api/addresses' });
  expectReply(response, 200);
  return response.json() as Address[];
};
const add = (credential: Credential, body: object) => call(app, credential, { method: 'POST', url: '/api/addresses', payload: body });
const put = (credential: Credential, id: string, body: object) => call(app, credential, { method: 'PUT', url: `/api/addresses/${id}`, payload: body });
const remove = (credential: Credential, id: string) => call(app, credential, { method: 'DELETE', url: `/api/addresses/${id}` });
const added = async (credential: Credential, body: object) => {
  const response = await add(credential, body);
  expectReply(response, 200);
  return response.json() as Address;
};

/** A fresh account for tests that count or move defaults, so they do not meet each other's addresses. */
const freshCustomer = (label: string) => signUpCustomer(app, `addresses-${label}`);

describe('GET/POST /api/addresses', () => {
  it('starts empty, and the first address is the default, kept in the country’s forms', async () => {
    const customer = await freshCustomer('first');
    expect(await list(byToken(customer))).toEqual([]);

    const first = await added(byCookie(customer), springfield);

    expect(first).toEqual({
      id: expect.any(String) as string,
      name: 'Jane Doe',
      company: 'Doe Garage',
      line1: '100 Main St',
      line2: 'Bay 2',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
      phone: '+1 217 555 0100',
      isDefault: true,
    });
    expect(await list(byToken(customer))).toEqual([first]);
  });

  it('keeps region null where the country has no list, and the postal code as the country writes it', async () => {
    const customer = await freshCustomer('london');
    await added(byToken(customer), springfield);

    const second = await added(byToken(customer), london);

    expect(second).toMatchObject({ region: null, postalCode: 'SW1A 2AA', country: 'GB', phone: '', company: '', line2: '', isDefault: false });
    const row = await app.db.selectFrom('addresses').select(['region', 'is_default']).where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ region: '', is_default: false });
  });

  it('moves the default to a new address sent with isDefault, in one step', async () => {
    const customer = await freshCustomer('move-on-add');
    const first = await added(byToken(customer), springfield);

    const second = await added(byToken(customer), { ...london, isDefault: true });

    expect(second.isDefault).toBe(true);
    const book = await list(byToken(customer));
    expect(book.map((address) => [address.id, address.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it.each([
    ['a postal code of another form', { postalCode: 'K1A 0B1' }, addressMessages.postalCode(countryOf('US')!)],
    ['a region not in the country’s list', { region: 'ON' }, addressMessages.regionRequired(countryOf('US')!)],
    ['no region where the country has a list', { region: null }, addressMessages.regionRequired(countryOf('US')!)],
    ['a region where the country has none', { country: 'DE', region: 'BY', postalCode: '10115', phone: '' }, addressMessages.regionNone(countryOf('DE')!)],
    ['a country the shop does not ship to', { country: 'BR' }, addressMessages.countryUnknown],
    ['a phone that is no number', { phone: '555-abc' }, validation.phoneCharacters],
    ['a phone of too few digits', { phone: '555 01' }, validation.phoneDigits],
    ['a blank name', { name: '  ' }, addressMessages.nameRequired],
    ['no line 1', { line1: '' }, addressMessages.line1Required],
    ['no city', { city: '' }, addressMessages.cityRequired],
    ['a name too long', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    // "Trojan source" (decision 216): an override makes the admin read the line backwards.
    ['a name with a right-to-left override', { name: 'Jane \u202Eeod' }, directionControlMessage('Name')],
    ['a line 1 with an isolate', { line1: '100 \u2067Main St\u2069' }, directionControlMessage('Address line 1')],
    ['isDefault that is no boolean', { isDefault: 'yes' }, requestNotValid],
  ])('answers 400 to %s, in the field’s words (no field name before them), and keeps the book', async (_label, change, message) => {
    const before = await list(byToken(alice));

    expectInvalid(await add(byToken(alice), { ...springfield, ...change }), message);

    expect(await list(byToken(alice))).toEqual(before);
  });

  it('answers 400 with the first field’s message when many are wrong, the country’s checks among them', async () => {
    const response = await add(byToken(alice), { ...springfield, name: '', city: '', region: 'ON', postalCode: 'K1A 0B1' });
    expectReply(response, 400);
    expect(response.json()).toEqual({ message: addressMessages.nameRequired });
    const wrongRegionFirst = await add(byToken(alice), { ...springfield, region: 'ON', postalCode: 'K1A 0B1' });
    expect(wrongRegionFirst.json()).toEqual({ message: addressMessages.regionRequired(countryOf('US')!) });
  });

  it('refuses a body larger than an address can be', async () => {
    const response = await add(byToken(alice), { ...springfield, note: 'x'.repeat(8 * 1024) });
    expectReply(response, 413);
  });

  it(`keeps at most ${ADDRESSES_MAX} addresses, also when they are added at once`, async () => {
    const customer = await freshCustomer('many');
    const replies = await Promise.all(
      Array.from({ length: ADDRESSES_MAX + 3 }, (_, n) => add(byToken(customer), { ...springfield, line1: `${n + 1} Main St` })),
    );

    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(ADDRESSES_MAX);
    for (const refused of replies.filter((reply) => reply.statusCode !== 200)) expectReply(refused, 409, addressMessages.tooMany);
    const book = await list(byToken(customer));
    expect(book).toHaveLength(ADDRESSES_MAX);
    expect(book.filter((address) => address.isDefault)).toHaveLength(1);
  });

  it('answers 401 to a visitor, and changes nothing', async () => {
    expectReply(await call(app, anonymous, { method: 'GET', url: '/api/addresses' }), 401, apiErrors.signInRequired);
    expectReply(await add(anonymous, springfield), 401, apiErrors.signInRequired);
  });

  it('counts writes per account: 429 over the limit, another account unaffected', async () => {
    const customer = await freshCustomer('limited');
    expectReply(await add(byToken(customer), springfield), 200);
    const { id: userId } = await app.db.selectFrom('users').select('id').where('email', '=', customer.email).executeTakeFirstOrThrow();
    // The window as an account at the limit leaves it, without sending thousands of requests.
    await app.db
      .updateTable('rate_counters')
      .set({ count: limits.addresses.max * app.config.limitScale })
      .where('key', '=', `addresses:account:${userId}`)
      .execute();

    const limited = await add(byCookie(customer), london);

    expect(limited.statusCode).toBe(429);
    expect((limited.json() as { message: string }).message).toMatch(/^Too many requests\. Please try again in /);
    expect(await list(byToken(customer))).toHaveLength(1);
    expectReply(await remove(byToken(alice), '00000000-0000-4000-8000-000000000000'), 404);
  });

  it('refuses a cookie-carrying write from another site', async () => {
    const customer = await freshCustomer('csrf');
    const response = await app.inject({
      method: 'POST',
      url: '/api/addresses',
      payload: springfield,
      headers: { cookie: customer.cookie, origin: 'https://evil.example' },
    });

    expectReply(response, 403, apiErrors.crossOrigin);
    expect(await list(byToken(customer))).toEqual([]);
  });
});

describe('PUT /api/addresses/{id}', () => {
  it('replaces the fields, and the same PUT twice leaves the same address', async () => {
    const customer = await freshCustomer('replace');
    const address = await added(byToken(customer), springfield);
    const change = { ...springfield, line1: '200 Elm St', region: 'us-ca', postalCode: '94105', phone: '+1 415 555 0100' };

    const first = await put(byCookie(customer), address.id, change);
    const second = await put(byCookie(customer), address.id, change);

    expectReply(first, 200);
    expect(first.json()).toEqual({ ...address, line1: '200 Elm St', region: 'CA', postalCode: '94105', phone: '+1 415 555 0100' });
    expect(second.json()).toEqual(first.json());
    expect(await list(byToken(customer))).toEqual([first.json()]);
  });

  it('moves the default with isDefault; false on the default keeps it, for one must stay', async () => {
    const customer = await freshCustomer('move');
    const first = await added(byToken(customer), springfield);
    const second = await added(byToken(customer), london);

    expectReply(await put(byToken(customer), second.id, { ...london, isDefault: true }), 200);
    expect((await list(byToken(customer))).map((address) => [address.id, address.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    const kept = await put(byToken(customer), second.id, { ...london, isDefault: false });
    expect((kept.json() as Address).isDefault).toBe(true);

    // Two moves at once: one of them wins, and there is still exactly one default.
    const replies = await Promise.all([
      put(byToken(customer), first.id, { ...springfield, isDefault: true }),
      put(byToken(customer), second.id, { ...london, isDefault: true }),
    ]);
    for (const reply of replies) expectReply(reply, 200);
    expect((await list(byToken(customer))).filter((address) => address.isDefault)).toHaveLength(1);
  });

  it('answers 404 for another account’s address, and for an id that names none, changing nothing', async () => {
    const bobs = await added(byToken(bob), springfield);

    expectReply(await put(byToken(alice), bobs.id, london), 404, addressMessages.notFound);
    expectReply(await put(byToken(alice), '00000000-0000-4000-8000-000000000000', london), 404, addressMessages.notFound);
    expectReply(await put(byToken(alice), 'not-an-id', london), 404, addressMessages.notFound);
    expect((await list(byToken(bob))).find((address) => address.id === bobs.id)).toEqual(bobs);
  });

  it('checks the body as POST does', async () => {
    const address = await added(byToken(alice), springfield);
    expectInvalid(await put(byToken(alice), address.id, { ...springfield, postalCode: 'ABC' }), addressMessages.postalCode(countryOf('US')!));
  });
});

describe('DELETE /api/addresses/{id}', () => {
  it('deletes, and the newest remaining address becomes the default when the default goes', async () => {
    const customer = await freshCustomer('delete');
    const first = await added(byToken(customer), springfield);
    const second = await added(byToken(customer), london);
    const third = await added(byToken(customer), { ...springfield, line1: '300 Oak St' });

    const response = await remove(byCookie(customer), first.id);

    expectReply(response, 200);
    expect((response.json() as Address[]).map((address) => [address.id, address.isDefault])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    expectReply(await remove(byCookie(customer), first.id), 404, addressMessages.notFound);
    expectReply(await remove(byToken(customer), second.id), 200);
    expectReply(await remove(byToken(customer), third.id), 200);
    expect(await list(byToken(customer))).toEqual([]);
  });

  it('answers 404 for another account’s address and keeps it', async () => {
    const bobs = await added(byToken(bob), london);

    expectReply(await remove(byToken(alice), bobs.id), 404, addressMessages.notFound);
    expect((await list(byToken(bob))).map((address) => address.id)).toContain(bobs.id);
  });
});

describe('/api/docs', () => {
  it('lists the address book’s routes for signed-in callers', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, unknown>> };

    expect(Object.keys(docs.paths['/addresses'] ?? {}).toSorted()).toEqual(['get', 'post']);
    expect(Object.keys(docs.paths['/addresses/{id}'] ?? {}).toSorted()).toEqual(['delete', 'put']);
  });
});
