import { seededRandom, unitPriceCents, type Part, type PartDetail, type PublicPart, type SearchResult } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { anonymous, byCookie, byToken, call, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { importPartsCsv } from '../catalogue-data/parts-csv/import';
import { importPies } from '../catalogue-data/pies/import';
import { piesFile, piesItem, runImport } from '../catalogue-data/pies/test-files';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

// Decision 224: everyone is shown, as a part's price, what they pay a unit at its minimum order
// (the deepest retail break the minimum reaches, else the list price), as the cart charges it, and
// their price sort and range read the same. Decision 104's FLT-1001: list $8.99, minimum 100, 100+
// at $5.99 — every order of it pays $5.99.
let app: FastifyInstance;
let admin: Customer;
let customer: Customer;
let listless: Customer;
let filter: string;
let filterNumber: string;
let cheaper: string;
let dearer: string;

const send = (credential: Credential, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) => call(app, credential, { method, url, ...(payload ? { payload } : {}) });
const numberOf = async (id: string) => (await app.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow()).part_number;

beforeAll(async () => {
  app = await createTestApp();
  [admin, customer, listless] = await Promise.all([signUpAdmin(app, 'mop-admin'), signUpCustomer(app, 'mop-customer'), signUpCustomer(app, 'mop-listless')]);
  await app.db.insertInto('categories').values({ slug: 'mop-filters', name: 'Minimum filters', position: 91 }).execute();
  filter = await insertPart(app, { priceCents: 899, minimum: 100, available: 1000, name: 'Minimum oil filter' });
  // Between the filter's list price and its price at the minimum order.
  cheaper = await insertPart(app, { priceCents: 650, minimum: 1, available: 1000, name: 'Minimum air filter' });
  dearer = await insertPart(app, { priceCents: 700, minimum: 1, available: 1000, name: 'Minimum cabin filter' });
  await app.db.updateTable('parts').set({ category_slug: 'mop-filters' }).where('id', 'in', [filter, cheaper, dearer]).execute();
  await app.db.insertInto('part_price_breaks').values({ part_id: filter, min_quantity: 100, unit_price_cents: 599 }).execute();
  filterNumber = await numberOf(filter);
  // A member of a company without price lists: their replies are everyone's.
  await confirmAddress(app, listless.email);
  expectReply(await send(byToken(admin), 'POST', '/api/admin/companies', { name: 'Listless Garage', ownerEmail: listless.email }), 200);
});

afterAll(async () => {
  await app?.close();
});

const search = async (credential: Credential, query: string) => {
  const reply = await send(credential, 'GET', `/api/search?category=mop-filters&${query}`);
  expectReply(reply, 200);
  return (reply.json() as SearchResult).items.map((item) => [item._id, item.price]);
};

describe('everyone’s price is that of the minimum order (decision 224)', () => {
  it.each([
    ['a visitor', anonymous],
    ['a customer of no company', 'customer'],
    ['a member of a company without lists', 'listless'],
  ] as const)('shows %s the part at the retail break its minimum order reaches, nothing struck through, in the public reply', async (_who, who) => {
    const credential = who === 'customer' ? byToken(customer) : who === 'listless' ? byCookie(listless) : who;
    const part = await send(credential, 'GET', `/api/part/${filter}`);
    expectReply(part, 200);
    expect(part.json()).toMatchObject({ price: 5.99, minOrderQuantity: 100, priceBreaks: [{ minQuantity: 100, unitPrice: 5.99 }] });
    expect((part.json() as PartDetail).listPrice).toBeUndefined();
    expect(part.headers['cache-control']).toBe('no-cache');
    const page = await send(credential, 'GET', `/api/parts/by-number/${encodeURIComponent(filterNumber)}`);
    expect({ price: (page.json() as PublicPart).price, listPrice: (page.json() as PublicPart).listPrice, cache: page.headers['cache-control'] }).toEqual({ price: 5.99, listPrice: undefined, cache: 'no-cache' });
    // The shop's cards and search results.
    expect(await search(credential, 'page=1')).toEqual([
      [filter, 5.99],
      [cheaper, 6.5],
      [dearer, 7],
    ]);
    const cards: Array<Part & { partNumber: string }> = [];
    for (let page = 1; !cards.some((card) => card._id === filter); page++) {
      const listed = (await send(credential, 'GET', `/api/parts?page=${page}`)).json() as Array<Part & { partNumber: string }>;
      if (listed.length === 0) break;
      cards.push(...listed);
    }
    expect(cards.find((card) => card._id === filter)?.price).toBe(5.99);
  });

  it('charges what it shows: the cart’s line at the minimum order', async () => {
    const cart = await call(app, byToken(customer), { method: 'PUT', url: `/api/cart/lines/${filter}`, payload: { quantity: 100 } });
    expectReply(cart, 200);
    expect(cart.json()).toMatchObject({ lines: [expect.objectContaining({ partId: filter, unitPrice: 5.99, lineTotal: 599 })] });
    expectReply(await call(app, byToken(customer), { method: 'DELETE', url: `/api/cart/lines/${filter}` }), 200);
  });

  it('sorts and filters everyone’s search by it', async () => {
    expect((await search(anonymous, 'sort=price-asc')).map(([id]) => id)).toEqual([filter, cheaper, dearer]);
    expect((await search(anonymous, 'sort=price-desc')).map(([id]) => id)).toEqual([dearer, cheaper, filter]);
    expect((await search(byCookie(listless), 'sort=price-asc')).map(([id]) => id)).toEqual([filter, cheaper, dearer]);
    // "Under $6": every order of the filter pays $5.99.
    expect((await search(anonymous, 'maxPrice=6')).map(([id]) => id)).toEqual([filter]);
    expect((await search(byToken(customer), 'minPrice=6')).map(([id]) => id)).toEqual([cheaper, dearer]);
    expect((await search(anonymous, 'minPrice=5.99&maxPrice=5.99')).map(([id]) => id)).toEqual([filter]);
  });

  it('follows an admin’s change of the price, a break or the minimum order at once, though the reply was kept', async () => {
    const part = await insertPart(app, { priceCents: 2000, minimum: 5, available: 500, name: 'Minimum fuel filter' });
    await app.db.updateTable('parts').set({ category_slug: 'mop-filters' }).where('id', '=', part).execute();
    const shown = async () => {
      const [read, found] = await Promise.all([send(anonymous, 'GET', `/api/part/${part}`), search(anonymous, 'sort=price-asc&maxPrice=100')]);
      return [(read.json() as PartDetail).price, found.find(([id]) => id === part)?.[1]];
    };
    const update = async (body: object) => expectReply(await send(byToken(admin), 'PATCH', `/api/admin/part/${part}`, body), 200);
    expect(await shown()).toEqual([20, 20]);
    expect(await shown()).toEqual([20, 20]);
    await update({ priceBreaks: [{ minQuantity: 5, unitPrice: 18 }, { minQuantity: 10, unitPrice: 16 }] });
    expect(await shown()).toEqual([18, 18]);
    await update({ minOrderQuantity: 10, priceBreaks: [{ minQuantity: 10, unitPrice: 16 }] });
    expect(await shown()).toEqual([16, 16]);
    await update({ priceBreaks: [{ minQuantity: 20, unitPrice: 15 }] });
    expect(await shown()).toEqual([20, 20]);
    await update({ minOrderQuantity: 20 });
    expect(await shown()).toEqual([15, 15]);
    await update({ minOrderQuantity: 1, priceBreaks: [] });
    expect(await shown()).toEqual([20, 20]);
    await update({ price: 21 });
    expect(await shown()).toEqual([21, 21]);
    // The admin still edits the list price and its breaks, as stored.
    const listed = (await send(byToken(admin), 'GET', `/api/admin/parts?q=${encodeURIComponent('Minimum oil filter')}`)).json() as { parts: Array<{ _id: string; price: number }> };
    expect(listed.parts.find((row) => row._id === filter)?.price).toBe(8.99);
  });

  it('is kept by Add a Product, the PIES import and the parts CSV import', async () => {
    const added = await send(byToken(admin), 'POST', '/api/addaproduct', { name: 'Minimum wiper', img: '/images/parts/wiper-blades.svg', description: 'Wipes.', storequantity: '50', price: '12.50', minOrderQuantity: '4' });
    expectReply(added, 200);
    expect(((await send(anonymous, 'GET', `/api/part/${(added.json() as { insertedId: string }).insertedId}`)).json() as PartDetail).price).toBe(12.5);

    const pies = piesItem('MOP-100', {
      price: '30.00',
      after: ['<MinimumOrderQuantity>10</MinimumOrderQuantity>', '<Prices><Pricing PriceType="LST"><Price>27.00</Price><PriceBreak>10</PriceBreak></Pricing><Pricing PriceType="LST"><Price>25.00</Price><PriceBreak>50</PriceBreak></Pricing></Prices>'].join('\n'),
    });
    expect((await runImport(app, importPies, piesFile(pies))).problems).toEqual([]);
    const byNumber = async (partNumber: string) => ((await send(anonymous, 'GET', `/api/parts/by-number/${partNumber}`)).json() as PublicPart).price;
    expect(await byNumber('MOP-100')).toBe(27);
    expect((await runImport(app, importPartsCsv, 'partNumber,minOrderQuantity\nMOP-100,50\n')).problems).toEqual([]);
    expect(await byNumber('MOP-100')).toBe(25);
    expect((await runImport(app, importPartsCsv, 'partNumber,price,minOrderQuantity\nMOP-100,31.00,1\n')).problems).toEqual([]);
    expect(await byNumber('MOP-100')).toBe(31);
  });

  it('leaves the distributors’ exports with the list price and its breaks', async () => {
    const csv = await send(byToken(admin), 'GET', '/api/admin/catalogue/exports/parts.csv');
    expectReply(csv, 200);
    expect(csv.body.split('\n').find((line) => line.startsWith(`${filterNumber},`))).toContain(',8.99,100,');
    const pies = await send(byToken(admin), 'GET', '/api/admin/catalogue/exports/pies');
    expectReply(pies, 200);
    const item = pies.body.split('<Item ').find((text) => text.includes(`<PartNumber>${filterNumber}</PartNumber>`)) ?? '';
    expect(item).toMatch(/<Price UOM="PE">8\.99<\/Price>/);
    expect(item).toMatch(/<Price UOM="PE">5\.99<\/Price><PriceBreak UOM="EA">100<\/PriceBreak>/);
  });
});

describe('the stored price of the minimum order', () => {
  it('is shared unitPriceCents at the minimum order for every part, however its price, minimum and breaks were written', async () => {
    const random = seededRandom(224);
    const ids: string[] = [];
    for (let index = 0; index < 40; index++) ids.push(await insertPart(app, { priceCents: random.int(100, 100_000), minimum: random.int(1, 60), name: `Minimum random ${index}` }));
    // Breaks added, changed and deleted, in statements of one part and of many.
    await app.db
      .insertInto('part_price_breaks')
      .values(ids.flatMap((id) => [2, 10, 25, 50].filter(() => random.next() < 0.5).map((quantity, step) => ({ part_id: id, min_quantity: quantity, unit_price_cents: 90 - step * 10 }))))
      .execute();
    await sql`update part_price_breaks set min_quantity = min_quantity + 3 where part_id = any(${ids.filter((_, index) => index % 3 === 0)}::uuid[]) and min_quantity = 50`.execute(app.db);
    await app.db.deleteFrom('part_price_breaks').where('part_id', 'in', ids.filter((_, index) => index % 4 === 0)).where('min_quantity', '=', 10).execute();
    for (const id of ids.filter((_, index) => index % 5 === 0)) await app.db.updateTable('parts').set({ min_order_quantity: random.int(1, 60) }).where('id', '=', id).execute();
    await app.db.updateTable('parts').set({ price_cents: sql`price_cents + 7` }).where('id', 'in', ids.filter((_, index) => index % 2 === 0)).execute();
    // A value written to the column itself is worked out again.
    await sql`update parts set min_order_price_cents = 1 where id = any(${ids}::uuid[])`.execute(app.db);

    const rows = await app.db.selectFrom('parts').select(['id', 'price_cents', 'min_order_quantity', 'min_order_price_cents']).where('id', 'in', ids).execute();
    const breaks = await app.db.selectFrom('part_price_breaks').select(['part_id', 'min_quantity as minQuantity', 'unit_price_cents as unitPriceCents']).where('part_id', 'in', ids).execute();
    expect(rows.filter((row) => row.min_order_price_cents !== row.price_cents).length).toBeGreaterThan(0);
    for (const row of rows) {
      const expected = unitPriceCents(row.min_order_quantity, row.price_cents, breaks.filter((tier) => tier.part_id === row.id));
      expect({ id: row.id, cents: row.min_order_price_cents }).toEqual({ id: row.id, cents: expected });
    }
  });

  it('is the list price of every part once the breaks are truncated', async () => {
    let rows: { part_number: string; price_cents: number; min_order_price_cents: number }[] = [];
    // In a transaction rolled back: the other tests keep their breaks.
    await app.db
      .transaction()
      .execute(async (trx) => {
        const reached = await trx.selectFrom('parts').select('id').where(sql<boolean>`min_order_price_cents <> price_cents`).execute();
        expect(reached.map((part) => part.id)).toContain(filter);
        await sql`truncate part_price_breaks`.execute(trx);
        rows = await trx.selectFrom('parts').select(['part_number', 'price_cents', 'min_order_price_cents']).where('id', 'in', reached.map((part) => part.id)).execute();
        throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rolled back')) throw error;
      });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.min_order_price_cents !== row.price_cents)).toEqual([]);
  });
});
