import { companyMessages, directionControlMessage, priceListMessages, requestNotValid, type AdminCompany, type Cart, type PartDetail, type PriceExplained, type PriceList, type PriceListSummary } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectInvalid, expectReply, type Credential } from '../../test/admin';
import { confirmAddress } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { fillCart, insertAddress, insertShippingMethod, postCheckout, userIdOf, withoutDemoShippingAndTax } from '../../test/checkout';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

// Contract prices on the real app and database (decision 080): the admin routes for each role,
// the explain tool, and a member's part reads, cart, checkout and order at their price.
let app: FastifyInstance;
let admin: Customer;
let fleetBuyer: Customer;
let rivalBuyer: Customer;
let stranger: Customer;
let fleetco: string;
let rival: string;
let brakePad: string;
let rotor: string;
let fleetList: string;
let shipping: string;

const send = (credential: Credential, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => call(app, credential, { method, url, ...(payload ? { payload } : {}) });

async function createList(body: object): Promise<string> {
  const response = await send(byToken(admin), 'POST', '/api/admin/price-lists', body);
  expectReply(response, 200);
  return (response.json() as { id: string }).id;
}

async function companyOf(owner: Customer, name: string): Promise<string> {
  // Only a confirmed address is made owner at once (decision 144).
  await confirmAddress(app, owner.email);
  const response = await send(byToken(admin), 'POST', '/api/admin/companies', { name, ownerEmail: owner.email });
  expectReply(response, 200);
  return (response.json() as { id: string }).id;
}

beforeAll(async () => {
  app = await createTestApp();
  await withoutDemoShippingAndTax(app);
  shipping = await insertShippingMethod(app, { name: 'Contract courier', baseCents: 500 });
  [admin, fleetBuyer, rivalBuyer, stranger] = await Promise.all([
    signUpAdmin(app, 'pl-admin'),
    signUpCustomer(app, 'pl-fleet'),
    signUpCustomer(app, 'pl-rival'),
    signUpCustomer(app, 'pl-stranger'),
  ]);
  await app.db.insertInto('categories').values({ slug: 'contract-brakes', name: 'Contract brakes', position: 99 }).execute();
  brakePad = await insertPart(app, { priceCents: 1000, name: 'Contract brake pad' });
  rotor = await insertPart(app, { priceCents: 2000, name: 'Contract rotor' });
  await app.db.updateTable('parts').set({ category_slug: 'contract-brakes' }).where('id', '=', brakePad).execute();
  // The list price's own break: 10 or more at $9.00.
  await app.db.insertInto('part_price_breaks').values({ part_id: brakePad, min_quantity: 10, unit_price_cents: 900 }).execute();
  fleetco = await companyOf(fleetBuyer, 'Fleetco');
  rival = await companyOf(rivalBuyer, 'Rival Garage');
  fleetList = await createList({
    name: 'Fleetco brakes 2026',
    priority: 1,
    entries: [
      { category: 'contract-brakes', percentOff: 12, tiers: [{ minQuantity: 10, percentOff: 20 }] },
      { partId: rotor, unitPrice: 15 },
    ],
  });
  const rivalList = await createList({ name: 'Rival pads', priority: 1, entries: [{ partId: brakePad, unitPrice: '5.00' }] });
  expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${fleetco}`, { priceListIds: [fleetList] }), 200);
  expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${rival}`, { priceListIds: [rivalList] }), 200);
});

afterAll(async () => {
  await app?.close();
});

describe('the admin routes', () => {
  it.each([
    ['GET', '/api/admin/price-lists'],
    ['POST', '/api/admin/price-lists'],
    ['GET', '/api/admin/price-lists/explain?partId=x'],
    ['GET', '/api/admin/price-lists/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/api/admin/price-lists/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/admin/price-lists/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s: 401 for a visitor, 403 for a customer or a member', async (method, url) => {
    expectReply(await send(anonymous, method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', priority: 1, entries: [] }), 401);
    expectReply(await send(byToken(stranger), method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', priority: 1, entries: [] }), 403);
    expectReply(await send(byCookie(fleetBuyer), method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', priority: 1, entries: [] }), 403);
  });

  it('lists, reads, edits and deletes a list, each write in the audit log in words', async () => {
    const id = await createList({ name: 'Spring promo', priority: 5, startsAt: '2026-03-01', endsAt: '2026-05-31', entries: [{ partId: rotor, percentOff: 7.5, tiers: [{ minQuantity: 4, unitPrice: 17 }] }] });
    const listed = (await send(byToken(admin), 'GET', '/api/admin/price-lists')).json() as PriceListSummary[];
    expect(listed.find((list) => list.id === fleetList)).toMatchObject({ name: 'Fleetco brakes 2026', priority: 1, entries: 2, companies: [{ id: fleetco, name: 'Fleetco' }] });
    expect(listed.find((list) => list.id === id)).toMatchObject({ startsAt: '2026-03-01', endsAt: '2026-05-31', entries: 1, companies: [] });
    const one = (await send(byToken(admin), 'GET', `/api/admin/price-lists/${id}`)).json() as PriceList;
    const { part_number: rotorNumber } = await app.db.selectFrom('parts').select('part_number').where('id', '=', rotor).executeTakeFirstOrThrow();
    expect(one.entries).toEqual([{ partId: rotor, partNumber: rotorNumber, percentOff: 7.5, tiers: [{ minQuantity: 4, unitPrice: 17 }] }]);

    const edited = await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { priority: 6, endsAt: null, entries: [{ category: 'contract-brakes', percentOff: 3 }] });
    expectReply(edited, 200);
    expect(edited.json()).toMatchObject({ priority: 6, startsAt: '2026-03-01', endsAt: null, entries: [{ category: 'contract-brakes', percentOff: 3, tiers: [] }] });
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { endsAt: '2026-01-01' }), 400, priceListMessages.dates);
    expectReply(await send(byToken(admin), 'DELETE', `/api/admin/price-lists/${id}`), 200);
    expectReply(await send(byToken(admin), 'GET', `/api/admin/price-lists/${id}`), 404, priceListMessages.notFound);

    const audit = (await send(byToken(admin), 'GET', `/api/admin/audit?q=${encodeURIComponent(id)}&limit=10`)).json() as Array<{ sentence: string }>;
    expect(audit.map((entry) => entry.sentence)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('created the price list “Spring promo” (priority 5, 1 entry, from Mar 1, 2026 to May 31, 2026)'),
        expect.stringContaining('changed the price list “Spring promo”: no end date, priority 6, entries replaced (1 entry)'),
        expect.stringContaining('deleted the price list “Spring promo”'),
      ]),
    );
  });

  it('refuses entries of parts or categories that do not exist, and bad figures, with the reason', async () => {
    const unknownPart = '00000000-0000-4000-8000-000000000000';
    expectReply(await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: 'Bad', priority: 1, entries: [{ partId: unknownPart, unitPrice: 1 }] }), 400, priceListMessages.partsNotFound([unknownPart]));
    expectReply(await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: 'Bad', priority: 1, entries: [{ category: 'no-such', unitPrice: 1 }] }), 400, priceListMessages.categoriesNotFound(['no-such']));
    expectInvalid(await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: 'Bad', priority: 1, entries: [{ category: 'contract-brakes', percentOff: 120 }] }), priceListMessages.percentOff);
    expectInvalid(await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: 'Bad', priority: 0, entries: [] }), priceListMessages.priority);
    expectReply(await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: 'Bad', priority: 1, entries: [{ partNumber: 'NO-SUCH-1', unitPrice: 1 }] }), 400, priceListMessages.partNumbersNotFound(['NO-SUCH-1']));
    // "Trojan source" (decisions 216, 220): other admins read the name in the lists, the company's page and the audit log.
    expectInvalid(await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: 'Fleet \u202Eetal', priority: 1, entries: [] }), directionControlMessage('Name'));
    expectInvalid(await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${fleetList}`, { name: '\u2066Fleet\u2069' }), directionControlMessage('Name'));
  });

  it('takes a part by its part number, as the admins know it, and refuses it named twice', async () => {
    const { part_number: padNumber } = await app.db.selectFrom('parts').select('part_number').where('id', '=', brakePad).executeTakeFirstOrThrow();
    const id = await createList({ name: 'By number', priority: 9, entries: [{ partNumber: padNumber, percentOff: '2,5', tiers: [{ minQuantity: '5', unitPrice: '7.50' }] }] });
    const one = (await send(byToken(admin), 'GET', `/api/admin/price-lists/${id}`)).json() as PriceList;
    expect(one.entries).toEqual([{ partId: brakePad, partNumber: padNumber, percentOff: 2.5, tiers: [{ minQuantity: 5, unitPrice: 7.5 }] }]);
    const twice = await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { entries: [{ partNumber: padNumber, percentOff: 1 }, { partId: brakePad, percentOff: 2 }] });
    expectReply(twice, 400, priceListMessages.entriesRepeat);
    expectReply(await send(byToken(admin), 'DELETE', `/api/admin/price-lists/${id}`), 200);
  });

  it('reads a part number as the catalogue keeps it, whatever its letter case', async () => {
    const { part_number: padNumber } = await app.db.selectFrom('parts').select('part_number').where('id', '=', brakePad).executeTakeFirstOrThrow();
    expect(padNumber.toLowerCase()).not.toBe(padNumber);
    const id = await createList({ name: 'Typed in lower case', priority: 9, entries: [{ partNumber: ` ${padNumber.toLowerCase()} `, percentOff: 3 }] });
    const one = (await send(byToken(admin), 'GET', `/api/admin/price-lists/${id}`)).json() as PriceList;
    expect(one.entries).toEqual([{ partId: brakePad, partNumber: padNumber, percentOff: 3, tiers: [] }]);
    expectReply(await send(byToken(admin), 'DELETE', `/api/admin/price-lists/${id}`), 200);
    expect(await explain(fleetco, padNumber.toLowerCase(), 1)).toMatchObject({ listPrice: 10 });
  });

  it('refuses a name another list has, letter case and outer spaces aside, with a 409 naming it (migration 0058)', async () => {
    const id = await createList({ name: 'Winter tyres', priority: 3, entries: [] });
    const again = await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: '  winter TYRES ', priority: 4, entries: [{ category: 'contract-brakes', percentOff: 1 }] });
    expectReply(again, 409, priceListMessages.nameTaken('winter TYRES'));
    const named = await app.db.selectFrom('price_lists').select('id').where(sql<string>`lower(name)`, '=', 'winter tyres').execute();
    expect(named).toEqual([{ id }]);
    expectReply(await send(byToken(admin), 'DELETE', `/api/admin/price-lists/${id}`), 200);
  });

  it('adds one list when the same list is sent twice at once: the other is a 409', async () => {
    const body = { name: 'Sent twice', priority: 7, entries: [{ category: 'contract-brakes', percentOff: 4 }] };
    const replies = await Promise.all([1, 2].map(() => send(byToken(admin), 'POST', '/api/admin/price-lists', body)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)?.json()).toEqual({ message: priceListMessages.nameTaken('Sent twice') });
    const lists = await app.db.selectFrom('price_lists').select('id').where('name', '=', 'Sent twice').execute();
    expect(lists).toHaveLength(1);
    const entries = await app.db.selectFrom('price_list_entries').select('id').where('price_list_id', '=', lists[0]?.id ?? '').execute();
    expect(entries).toHaveLength(1);
    const audit = await app.db.selectFrom('audit_log').select('target').where('action', '=', 'price-list.add').where(sql<string>`details->>'name'`, '=', 'Sent twice').execute();
    expect(audit).toEqual([{ target: `price-list ${lists[0]?.id ?? ''}` }]);
    expectReply(await send(byToken(admin), 'DELETE', `/api/admin/price-lists/${lists[0]?.id ?? ''}`), 200);
  });

  it('refuses renaming a list to another list’s name with a 409, and changes nothing of it', async () => {
    const id = await createList({ name: 'Summer oils', priority: 2, entries: [{ category: 'contract-brakes', percentOff: 5 }] });
    const renamed = await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { name: 'FLEETCO brakes 2026', priority: 8, entries: [] });
    expectReply(renamed, 409, priceListMessages.nameTaken('FLEETCO brakes 2026'));
    expect((await send(byToken(admin), 'GET', `/api/admin/price-lists/${id}`)).json()).toMatchObject({ name: 'Summer oils', priority: 2, entries: [{ category: 'contract-brakes', percentOff: 5 }] });
    // Its own name in another letter case is no other list's.
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { name: 'Summer Oils' }), 200);
    expectReply(await send(byToken(admin), 'DELETE', `/api/admin/price-lists/${id}`), 200);
  });

  it('holds an edit to the version the editor loaded: a list saved by someone else since is a 409, nothing written (decision 125)', async () => {
    const id = await createList({ name: 'Two admins oils', priority: 4, entries: [{ category: 'contract-brakes', percentOff: 5 }] });
    const loaded = (await send(byToken(admin), 'GET', `/api/admin/price-lists/${id}`)).json() as PriceList;
    expect(loaded.version).toBe(1);
    const audited = () => app.db.selectFrom('audit_log').select('seq').where('target', '=', `price-list ${id}`).execute();

    // Admin A adds a part entry; admin B, whose editor loaded the list before, saves it without.
    const first = await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, {
      entries: [{ category: 'contract-brakes', percentOff: 5 }, { partId: brakePad, unitPrice: 30 }],
      expectedVersion: loaded.version,
    });
    expectReply(first, 200);
    expect((first.json() as PriceList).version).toBe(2);
    const auditedBefore = await audited();
    const stale = await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { name: 'Two admins oils', priority: 6, entries: [{ category: 'contract-brakes', percentOff: 5 }], expectedVersion: loaded.version });
    expectReply(stale, 409, priceListMessages.changed);
    expect(priceListMessages.changed).toBe('The price list changed since this page loaded (someone else saved it).');
    expect((await send(byToken(admin), 'GET', `/api/admin/price-lists/${id}`)).json()).toMatchObject({ priority: 4, version: 2, entries: [{ category: 'contract-brakes' }, { partId: brakePad }] });
    expect(await audited()).toEqual(auditedBefore);

    // Sent again with the version it now shows, B's save goes in; without a version, as before.
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { priority: 6, expectedVersion: 2 }), 200);
    expect((await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { priority: 7 })).json()).toMatchObject({ priority: 7, version: 4 });
    expectInvalid(await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${id}`, { priority: 7, expectedVersion: 0 }), requestNotValid);
    expectReply(await send(byToken(admin), 'DELETE', `/api/admin/price-lists/${id}`), 200);
  });

  it("assigns lists to a company and reads them back; an unknown list changes nothing of the company's", async () => {
    const company = (await send(byToken(admin), 'GET', `/api/admin/companies/${fleetco}`)).json() as AdminCompany;
    expect(company.priceListIds).toEqual([fleetList]);
    const refused = await send(byToken(admin), 'PATCH', `/api/admin/companies/${fleetco}`, { name: 'Renamed', priceListIds: ['00000000-0000-4000-8000-000000000000'] });
    expectReply(refused, 400, priceListMessages.listsNotFound);
    expect(((await send(byToken(admin), 'GET', `/api/admin/companies/${fleetco}`)).json() as AdminCompany)).toMatchObject({ name: 'Fleetco', priceListIds: [fleetList] });
  });
});

describe('explain', () => {
  const explain = async (query: string) => {
    const response = await send(byToken(admin), 'GET', `/api/admin/price-lists/explain?${query}`);
    expectReply(response, 200);
    return response.json() as PriceExplained;
  };

  it('names the list, the rate and the tier', async () => {
    expect(await explain(`companyId=${fleetco}&partId=${brakePad}&quantity=12`)).toEqual({
      unitPrice: 8,
      listPrice: 10,
      retailPrice: 9,
      contractPrice: 8,
      priceListId: fleetList,
      rule: 'Fleetco brakes 2026, category contract-brakes, \u221220\u00a0%, tier 10+',
    });
    expect((await explain(`companyId=${fleetco}&partId=${brakePad}&quantity=1`)).unitPrice).toBe(8.8);
    expect(await explain(`companyId=${fleetco}&partId=${rotor}`)).toMatchObject({ unitPrice: 15, rule: 'Fleetco brakes 2026, $15.00 each' });
  });

  it('finds the part by its part number too, and says when there is none', async () => {
    const { part_number: rotorNumber } = await app.db.selectFrom('parts').select('part_number').where('id', '=', rotor).executeTakeFirstOrThrow();
    expect(await explain(`companyId=${fleetco}&partNumber=${encodeURIComponent(rotorNumber)}&quantity=3`)).toMatchObject({ unitPrice: 15, priceListId: fleetList });
    expectReply(await send(byToken(admin), 'GET', '/api/admin/price-lists/explain?partNumber=NO-SUCH-1'), 404);
    // A field a list does not have is a 400 naming it, on creating and on changing (decision 133).
    expectInvalid(await send(byToken(admin), 'POST', '/api/admin/price-lists', { name: 'Mistyped dates', priority: 5, startsOn: '2026-01-01', entries: [] }), priceListMessages.unknownFields(['startsOn']));
    expect(await app.db.selectFrom('price_lists').select('id').where('name', '=', 'Mistyped dates').executeTakeFirst()).toBeUndefined();
    expectInvalid(await send(byToken(admin), 'PATCH', `/api/admin/price-lists/${fleetList}`, { endsOn: '2026-12-31' }), priceListMessages.unknownFields(['endsOn']));
    // A company that is not there is a 404, not what a visitor pays (decision 133).
    expectReply(await send(byToken(admin), 'GET', `/api/admin/price-lists/explain?companyId=00000000-0000-4000-8000-000000000000&partId=${rotor}`), 404, companyMessages.notFound);
    expectReply(await send(byToken(admin), 'GET', `/api/admin/price-lists/explain?companyId=not-an-id&partId=${rotor}`), 404, companyMessages.notFound);
    expectInvalid(await send(byToken(admin), 'GET', `/api/admin/price-lists/explain?partId=${rotor}&quantity=0`), priceListMessages.quantity);
  });

  it('says when no list prices the part: the list price and its breaks', async () => {
    expect(await explain(`partId=${brakePad}&quantity=10`)).toEqual({ unitPrice: 9, listPrice: 10, retailPrice: 9, contractPrice: null, priceListId: null, rule: 'No price list prices this part: list price break 10+' });
    expect(await explain(`companyId=${rival}&partId=${rotor}`)).toMatchObject({ unitPrice: 20, priceListId: null });
  });
});

describe("a member's prices", () => {
  const part = (credential: Credential) => send(credential, 'GET', `/api/part/${brakePad}`);

  it('are theirs on a part read, private; a visitor and another company see their own', async () => {
    const mine = await part(byCookie(fleetBuyer));
    expectReply(mine, 200);
    expect(mine.json()).toMatchObject({ price: 8.8, listPrice: 10, priceBreaks: [{ minQuantity: 10, unitPrice: 8 }] });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const visitor = await part(anonymous);
    expect(visitor.json()).toMatchObject({ price: 10, priceBreaks: [{ minQuantity: 10, unitPrice: 9 }] });
    expect((visitor.json() as PartDetail).listPrice).toBeUndefined();
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect((await part(byToken(rivalBuyer))).json()).toMatchObject({ price: 5, listPrice: 10, priceBreaks: [] });
    expect((await part(byCookie(stranger))).json()).toMatchObject({ price: 10 });
    // Asked for its headers only, it is kept by no cache either.
    const head = await call(app, byCookie(fleetBuyer), { method: 'HEAD', url: `/api/part/${brakePad}` });
    expectReply(head, 200);
    expect(head.headers['cache-control']).toBe('private, no-store');
  });

  it('price their cart and their order, whatever the browser says', async () => {
    const buyerId = await userIdOf(app, fleetBuyer.email);
    await fillCart(app, buyerId, [
      [brakePad, 10],
      [rotor, 1],
    ]);
    const cartReply = await send(byCookie(fleetBuyer), 'GET', '/api/cart');
    // Its route says nothing of caches: no cache keeps it.
    expect(cartReply.headers['cache-control']).toBe('private, no-store');
    const cart = cartReply.json() as Cart;
    expect(cart.lines.map((line) => [line.partId, line.unitPrice, line.listPrice])).toEqual([
      [brakePad, 8, 9],
      [rotor, 15, 20],
    ]);
    expect(cart.subtotal).toBe(95);
    const placed = await postCheckout(app, fleetBuyer.cookie, { addressId: await insertAddress(app, buyerId), shippingMethodId: shipping, lines: [{ partId: brakePad, quantity: 10, unitPrice: 0.01 }] });
    expectReply(placed, 200);
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    const lines = await app.db.selectFrom('order_lines').select(['part_id', 'unit_price_cents']).where('order_id', '=', orderId).orderBy('unit_price_cents').execute();
    expect(lines).toEqual([
      { part_id: brakePad, unit_price_cents: 800 },
      { part_id: rotor, unit_price_cents: 1500 },
    ]);
  });
});

describe('search sorted by price (decision 085)', () => {
  it("sorts a member's results by the price they pay, a visitor's and another company's by the list price, and keeps each to its own", async () => {
    await app.db.insertInto('categories').values({ slug: 'zebra-hubs', name: 'Zebra hubs', position: 98 }).execute();
    const [cheap, dear] = await Promise.all([insertPart(app, { priceCents: 1000, name: 'Zebra hub small' }), insertPart(app, { priceCents: 2000, name: 'Zebra hub large' })]);
    await app.db.updateTable('parts').set({ category_slug: 'zebra-hubs' }).where('id', 'in', [cheap, dear]).execute();
    const deal = await createList({ name: 'Zebra deal', priority: 2, entries: [{ partId: dear, unitPrice: 5 }] });
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${fleetco}`, { priceListIds: [fleetList, deal] }), 200);

    const search = async (credential: Credential, sort: string) => {
      const response = await send(credential, 'GET', `/api/search?category=zebra-hubs&sort=${sort}`);
      expectReply(response, 200);
      const items = (response.json() as { items: Array<{ _id: string; price: number; listPrice?: number }> }).items;
      return { order: items.map((item) => item._id), prices: items.map((item) => [item.price, item.listPrice]), cacheControl: response.headers['cache-control'] };
    };
    // In turn, so that a reply kept for one would be served to the next.
    expect(await search(anonymous, 'price-asc')).toMatchObject({ order: [cheap, dear], prices: [[10, undefined], [20, undefined]] });
    const member = await search(byCookie(fleetBuyer), 'price-asc');
    expect(member).toEqual({ order: [dear, cheap], prices: [[5, 20], [10, undefined]], cacheControl: 'private, no-store' });
    expect((await search(byCookie(fleetBuyer), 'price-desc')).order).toEqual([cheap, dear]);
    expect(await search(anonymous, 'price-asc')).toMatchObject({ order: [cheap, dear], prices: [[10, undefined], [20, undefined]] });
    expect(await search(byToken(rivalBuyer), 'price-asc')).toMatchObject({ order: [cheap, dear], prices: [[10, undefined], [20, undefined]] });
    expect(await search(byCookie(stranger), 'price-desc')).toMatchObject({ order: [dear, cheap] });
  });

  it("sorts by the entry of the list that comes first, a category's before another list's part entry, the part's own first within a list", async () => {
    await app.db.insertInto('categories').values({ slug: 'yak-hubs', name: 'Yak hubs', position: 97 }).execute();
    const [twenty, thirty, sixteen] = [await insertPart(app, { priceCents: 2000 }), await insertPart(app, { priceCents: 3000 }), await insertPart(app, { priceCents: 1600 })];
    await app.db.updateTable('parts').set({ category_slug: 'yak-hubs' }).where('id', 'in', [twenty, thirty, sixteen]).execute();
    const first = await createList({ name: 'Yak first', priority: 900, entries: [{ category: 'yak-hubs', percentOff: 50 }, { partId: thirty, unitPrice: 9 }] });
    const second = await createList({ name: 'Yak second', priority: 901, entries: [{ partId: twenty, unitPrice: 1 }] });
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${fleetco}`, { priceListIds: [fleetList, first, second] }), 200);

    const response = await send(byCookie(fleetBuyer), 'GET', '/api/search?category=yak-hubs&sort=price-asc');

    expectReply(response, 200);
    const items = (response.json() as { items: Array<{ _id: string; price: number }> }).items;
    // 16 − 50 % = 8 (category, first list), 9 (own, first list, before its category's 15), 20 − 50 % = 10 (not the second list's 1).
    expect(items.map((item) => [item._id, item.price])).toEqual([
      [sixteen, 8],
      [thirty, 9],
      [twenty, 10],
    ]);
  });
});

describe('search by a price range (decision 191)', () => {
  it("keeps a member's results to the range by the price they pay, as their cards show it; a visitor's by the list price", async () => {
    await app.db.insertInto('categories').values({ slug: 'ox-hubs', name: 'Ox hubs', position: 94 }).execute();
    // One after the other: a search without a text or sort lists them in this order.
    const cheap = await insertPart(app, { priceCents: 1500, name: 'Ox hub small' });
    const dealt = await insertPart(app, { priceCents: 5000, name: 'Ox hub dealt' });
    const dear = await insertPart(app, { priceCents: 6000, name: 'Ox hub large' });
    await app.db.updateTable('parts').set({ category_slug: 'ox-hubs' }).where('id', 'in', [cheap, dealt, dear]).execute();
    // $50.00 listed, $12.00 to Fleetco.
    const deal = await createList({ name: 'Ox deal', priority: 3, entries: [{ partId: dealt, unitPrice: 12 }] });
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${fleetco}`, { priceListIds: [fleetList, deal] }), 200);

    const search = async (credential: Credential, range: string) => {
      const response = await send(credential, 'GET', `/api/search?category=ox-hubs&${range}`);
      expectReply(response, 200);
      const reply = response.json() as { items: Array<{ _id: string; price: number }>; total: number; facets: { categories: Array<{ slug: string; count: number }> } };
      return { parts: reply.items.map((item) => [item._id, item.price]), total: reply.total, counted: reply.facets.categories.find((facet) => facet.slug === 'ox-hubs')?.count };
    };
    // Up to $20: the member's $12.00 hub is theirs at that price; a visitor's is $50.00.
    expect(await search(byCookie(fleetBuyer), 'maxPrice=20')).toEqual({ parts: [[cheap, 15], [dealt, 12]], total: 2, counted: 2 });
    expect(await search(anonymous, 'maxPrice=20')).toEqual({ parts: [[cheap, 15]], total: 1, counted: 1 });
    // From $40: not the hub the member's card says is $12.00.
    expect(await search(byCookie(fleetBuyer), 'minPrice=40')).toEqual({ parts: [[dear, 60]], total: 1, counted: 1 });
    expect(await search(anonymous, 'minPrice=40')).toEqual({ parts: [[dealt, 50], [dear, 60]], total: 2, counted: 2 });
    // Sorted by their price within the range.
    expect((await search(byCookie(fleetBuyer), 'maxPrice=20&sort=price-asc')).parts).toEqual([[dealt, 12], [cheap, 15]]);
    expect((await search(byToken(rivalBuyer), 'maxPrice=20')).parts).toEqual([[cheap, 15]]);
  });
});

describe('a member never pays more than anyone else for the same quantity (decision 104)', () => {
  // The trade-accounts audit's case: 12 % off a category, taken off the one-unit list price, is
  // dearer than the part's own retail break at the quantity it is bought in.
  let filterBuyer: Customer;
  let retailBuyer: Customer;
  let filter: string;
  let filterNumber: string;
  let cable: string;
  let cableNumber: string;
  let list: { id: string; warnings: string[] };
  let filterco: string;

  beforeAll(async () => {
    [filterBuyer, retailBuyer] = await Promise.all([signUpCustomer(app, 'pl-filterco'), signUpCustomer(app, 'pl-retail')]);
    await app.db.insertInto('categories').values({ slug: 'fleet-filters', name: 'Fleet filters', position: 96 }).execute();
    filter = await insertPart(app, { priceCents: 899, minimum: 100, available: 1000, name: 'Fleet oil filter' });
    cable = await insertPart(app, { priceCents: 18900, name: 'Fleet starter cable' });
    await app.db.updateTable('parts').set({ category_slug: 'fleet-filters' }).where('id', '=', filter).execute();
    // The admin's retail break: 100 or more at $5.99, for everyone.
    await app.db.insertInto('part_price_breaks').values({ part_id: filter, min_quantity: 100, unit_price_cents: 599 }).execute();
    const numberOf = async (id: string) => (await app.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow()).part_number;
    [filterNumber, cableNumber] = [await numberOf(filter), await numberOf(cable)];
    filterco = await companyOf(filterBuyer, 'Filterco');
    const created = await send(byToken(admin), 'POST', '/api/admin/price-lists', {
      name: 'Fleetco 2026',
      priority: 1,
      entries: [
        { category: 'fleet-filters', percentOff: 12 },
        // Above the list price of $189: saved, with a warning.
        { partNumber: cableNumber, unitPrice: 250 },
      ],
    });
    expectReply(created, 200);
    list = created.json() as { id: string; warnings: string[] };
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${filterco}`, { priceListIds: [list.id] }), 200);
  });

  const setQuantity = (credential: Credential, partId: string, quantity: number) =>
    call(app, credential, { method: 'PUT', url: `/api/cart/lines/${partId}`, payload: { quantity } });

  it('prices the cart at the retail break where it is lower than the contract price, with nothing struck through', async () => {
    const mine = await setQuantity(byCookie(filterBuyer), filter, 100);
    expectReply(mine, 200);
    const cart = mine.json() as Cart;
    expect(cart.lines).toEqual([expect.objectContaining({ partId: filter, quantity: 100, unitPrice: 5.99, lineTotal: 599 })]);
    expect(cart.lines[0]?.listPrice).toBeUndefined();
    expect(cart.subtotal).toBe(599);

    const theirs = await setQuantity(byCookie(retailBuyer), filter, 100);
    expectReply(theirs, 200);
    expect((theirs.json() as Cart).subtotal).toBe(599);
  });

  it('shows the price of the minimum order, the retail break below the contract price, nothing struck through as everyone pays it', async () => {
    const read = await send(byCookie(filterBuyer), 'GET', `/api/part/${filter}`);
    expectReply(read, 200);
    // $8.99 − 12 % = $7.91 each below 100, which no order is (the minimum is 100): from 100 the
    // retail break's $5.99 is what every order pays, so it is the price shown (decision 219), and
    // everyone's (decision 224): no price struck through that nobody pays, as the cart's line.
    expect(read.json()).toMatchObject({ price: 5.99, priceBreaks: [{ minQuantity: 100, unitPrice: 5.99 }] });
    expect((read.json() as PartDetail).listPrice).toBeUndefined();
    expect((await send(anonymous, 'GET', `/api/part/${filter}`)).json()).toMatchObject({ price: 5.99 });
    expect(await explain(filterco, filterNumber, 99)).toEqual({
      unitPrice: 7.91,
      listPrice: 8.99,
      retailPrice: 8.99,
      contractPrice: 7.91,
      priceListId: list.id,
      rule: 'Fleetco 2026, category fleet-filters, \u221212\u00a0%',
    });
  });

  it('says in the explain tool that the retail break won, and what retail pays', async () => {
    expect(await explain(filterco, filterNumber, 100)).toEqual({
      unitPrice: 5.99,
      listPrice: 8.99,
      retailPrice: 5.99,
      contractPrice: 7.91,
      priceListId: null,
      rule: 'Retail price break 100+ ($5.99) is lower than the contract price of $7.91 (Fleetco 2026, category fleet-filters, \u221212\u00a0%), so the member pays it',
    });
  });

  it('charges the placed order the lower price, whatever the browser says', async () => {
    const buyerId = await userIdOf(app, filterBuyer.email);
    const placed = await postCheckout(app, filterBuyer.cookie, { addressId: await insertAddress(app, buyerId), shippingMethodId: shipping, lines: [{ partId: filter, quantity: 100, unitPrice: 7.91 }] });
    expectReply(placed, 200);
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    expect(await app.db.selectFrom('order_lines').select(['part_id', 'unit_price_cents']).where('order_id', '=', orderId).execute()).toEqual([{ part_id: filter, unit_price_cents: 599 }]);
  });

  it('never charges a fixed contract price above the list price, and warns the admin who saves one', async () => {
    expect(list.warnings).toEqual([priceListMessages.aboveRetail(cableNumber, 1, 250, 189)]);
    expect(((await send(byToken(admin), 'GET', `/api/admin/price-lists/${list.id}`)).json() as PriceList).warnings).toEqual(list.warnings);
    const read = (await send(byCookie(filterBuyer), 'GET', `/api/part/${cable}`)).json() as PartDetail;
    expect(read.price).toBe(189);
    expect(read.listPrice).toBeUndefined();
    expect(await explain(filterco, cableNumber, 1)).toMatchObject({
      unitPrice: 189,
      retailPrice: 189,
      contractPrice: 250,
      priceListId: null,
      rule: 'The list price ($189.00) is lower than the contract price of $250.00 (Fleetco 2026, $250.00 each), so the member pays it',
    });
    const cart = (await setQuantity(byCookie(filterBuyer), cable, 1)).json() as Cart;
    expect(cart.lines.find((line) => line.partId === cable)).toMatchObject({ unitPrice: 189 });
    expect(cart.lines.find((line) => line.partId === cable)?.listPrice).toBeUndefined();
  });

  it("sorts the member's search by the price they pay: never the fixed price above the list price", async () => {
    await app.db.insertInto('categories').values({ slug: 'fleet-cables', name: 'Fleet cables', position: 95 }).execute();
    const dearer = await insertPart(app, { priceCents: 20000, name: 'Fleet battery cable' });
    await app.db.updateTable('parts').set({ category_slug: 'fleet-cables' }).where('id', 'in', [cable, dearer]).execute();
    const response = await send(byCookie(filterBuyer), 'GET', '/api/search?category=fleet-cables&sort=price-asc');
    expectReply(response, 200);
    const items = (response.json() as { items: Array<{ _id: string; price: number }> }).items;
    expect(items.map((item) => [item._id, item.price])).toEqual([
      [cable, 189],
      [dearer, 200],
    ]);
  });
});

// Decision 212's walk: BRK-1001 showed a member $44.99 though they paid $39.99 at any quantity they
// could order, its minimum order reaching the contract's tier. The price a member is shown, on the
// part, its cards and search, sorted and filtered, is what they pay a unit at the minimum order.
describe("a member's price is that of the least quantity they may order (decision 219)", () => {
  let tierBuyer: Customer;
  let tiered: string;
  let broken: string;
  let plain: string;

  beforeAll(async () => {
    tierBuyer = await signUpCustomer(app, 'pl-tierco');
    await app.db.insertInto('categories').values({ slug: 'tier-pads', name: 'Tier pads', position: 93 }).execute();
    // One after the other: a search without a sort lists them in this order.
    tiered = await insertPart(app, { priceCents: 4499, minimum: 4, available: 100, name: 'Tier brake pad' });
    broken = await insertPart(app, { priceCents: 4100, minimum: 10, available: 100, name: 'Tier rotor' });
    plain = await insertPart(app, { priceCents: 4050, minimum: 2, available: 100, name: 'Tier caliper' });
    await app.db.updateTable('parts').set({ category_slug: 'tier-pads' }).where('id', 'in', [tiered, broken, plain]).execute();
    // Everyone's break, reached by the rotor's minimum order of 10: $38.00 each.
    await app.db.insertInto('part_price_breaks').values({ part_id: broken, min_quantity: 10, unit_price_cents: 3800 }).execute();
    const tierco = await companyOf(tierBuyer, 'Tierco');
    const list = await createList({ name: 'Tierco pads', priority: 1, entries: [{ partId: tiered, unitPrice: 42, tiers: [{ minQuantity: 4, unitPrice: 39.99 }] }] });
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${tierco}`, { priceListIds: [list] }), 200);
  });

  const search = async (credential: Credential, query: string) => {
    const response = await send(credential, 'GET', `/api/search?category=tier-pads&${query}`);
    expectReply(response, 200);
    const items = (response.json() as { items: Array<{ _id: string; price: number; listPrice?: number }> }).items;
    return { items: items.map((item) => [item._id, item.price, item.listPrice]), cacheControl: response.headers['cache-control'] };
  };

  it('shows it on the part, its cards and search, as the cart charges it; a visitor and another company their own', async () => {
    const read = await send(byCookie(tierBuyer), 'GET', `/api/part/${tiered}`);
    expectReply(read, 200);
    expect(read.json()).toMatchObject({ price: 39.99, listPrice: 44.99, minOrderQuantity: 4, priceBreaks: [{ minQuantity: 4, unitPrice: 39.99 }] });
    expect(read.headers['cache-control']).toBe('private, no-store');
    // A part no list prices: its own break at the minimum order, everyone's price (decision 224), nothing struck through.
    const rotor = (await send(byCookie(tierBuyer), 'GET', `/api/part/${broken}`)).json() as PartDetail;
    expect([rotor.price, rotor.listPrice]).toEqual([38, undefined]);
    // What the cart charges at the minimum order: the same.
    const cart = (await call(app, byCookie(tierBuyer), { method: 'PUT', url: `/api/cart/lines/${tiered}`, payload: { quantity: 4 } })).json() as Cart;
    expect(cart.lines.find((line) => line.partId === tiered)).toMatchObject({ unitPrice: 39.99, listPrice: 44.99 });

    // In turn, so that a reply kept for one would be served to the next.
    const visitor = await send(anonymous, 'GET', `/api/part/${tiered}`);
    expect(visitor.json()).toMatchObject({ price: 44.99, priceBreaks: [] });
    expect((visitor.json() as PartDetail).listPrice).toBeUndefined();
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect((await send(byToken(rivalBuyer), 'GET', `/api/part/${tiered}`)).json()).toMatchObject({ price: 44.99 });
    expect((await send(byCookie(stranger), 'GET', `/api/part/${tiered}`)).json()).toMatchObject({ price: 44.99 });

    expect(await search(byCookie(tierBuyer), 'page=1')).toEqual({
      items: [
        [tiered, 39.99, 44.99],
        [broken, 38, undefined],
        [plain, 40.5, undefined],
      ],
      cacheControl: 'private, no-store',
    });
    // Everyone pays the rotor's break at its minimum order (decision 224).
    expect((await search(anonymous, 'page=1')).items).toEqual([
      [tiered, 44.99, undefined],
      [broken, 38, undefined],
      [plain, 40.5, undefined],
    ]);
    // Another company with lists: not Tierco's tier, but what it pays at the rotor's minimum order.
    expect((await search(byToken(rivalBuyer), 'page=1')).items.map((item) => item[1])).toEqual([44.99, 38, 40.5]);
  });

  it('sorts and filters the member’s search by it', async () => {
    expect((await search(byCookie(tierBuyer), 'sort=price-asc')).items.map((item) => [item[0], item[1]])).toEqual([
      [broken, 38],
      [tiered, 39.99],
      [plain, 40.5],
    ]);
    expect((await search(byCookie(tierBuyer), 'maxPrice=40')).items.map((item) => item[0])).toEqual([tiered, broken]);
    expect((await search(anonymous, 'sort=price-asc')).items.map((item) => item[0])).toEqual([broken, plain, tiered]);
    expect((await search(anonymous, 'maxPrice=40')).items.map((item) => item[0])).toEqual([broken]);
  });

  it('takes a category’s tier at each part’s own minimum order, in the sort as on the cards', async () => {
    await app.db.insertInto('categories').values({ slug: 'tier-discs', name: 'Tier discs', position: 92 }).execute();
    // $50.00 at a minimum of 3 reaches the category's 20 % tier: $40.00; $44.00 at a minimum of 1 takes its 5 %: $41.80.
    const byThree = await insertPart(app, { priceCents: 5000, minimum: 3, available: 100, name: 'Tier disc by three' });
    const single = await insertPart(app, { priceCents: 4400, minimum: 1, available: 100, name: 'Tier disc single' });
    await app.db.updateTable('parts').set({ category_slug: 'tier-discs' }).where('id', 'in', [byThree, single]).execute();
    const tierco = (await app.db.selectFrom('companies').select('id').where('name', '=', 'Tierco').executeTakeFirstOrThrow()).id;
    const discs = await createList({ name: 'Tierco discs', priority: 2, entries: [{ category: 'tier-discs', percentOff: 5, tiers: [{ minQuantity: 3, percentOff: 20 }] }] });
    const assigned = (await send(byToken(admin), 'GET', `/api/admin/companies/${tierco}`)).json() as AdminCompany;
    expectReply(await send(byToken(admin), 'PATCH', `/api/admin/companies/${tierco}`, { priceListIds: [...assigned.priceListIds, discs] }), 200);

    const discSearch = async (sort: string) =>
      ((await send(byCookie(tierBuyer), 'GET', `/api/search?category=tier-discs&sort=${sort}`)).json() as { items: Array<{ _id: string; price: number }> }).items.map((item) => [item._id, item.price]);
    expect(await discSearch('price-asc')).toEqual([
      [byThree, 40],
      [single, 41.8],
    ]);
    expect(await discSearch('price-desc')).toEqual([
      [single, 41.8],
      [byThree, 40],
    ]);
    expect((await send(byCookie(tierBuyer), 'GET', `/api/part/${byThree}`)).json()).toMatchObject({ price: 40, listPrice: 50 });
  });
});

async function explain(companyId: string, partNumber: string, quantity: number): Promise<PriceExplained> {
  const response = await send(byToken(admin), 'GET', `/api/admin/price-lists/explain?companyId=${companyId}&partNumber=${encodeURIComponent(partNumber)}&quantity=${quantity}`);
  expectReply(response, 200);
  return response.json() as PriceExplained;
}
