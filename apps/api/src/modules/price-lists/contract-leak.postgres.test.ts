import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { anonymous, byCookie, byToken, call, expectReply, type Credential } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

// Runs in the PostgreSQL pass only (decision 080). Two instances of the shop on one database, two
// companies with different contract prices and a visitor read the same part in turn, on both
// instances, in several orders, through the API and the server-rendered part page: each sees
// only their own price, and the visitor the list price, whatever the caches kept before them.

// A stand-in for the web build's server renderer: the part page shows the price the API gives it.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-contract-pages-'));
const renderer = `
export const PAGE_DATA_ID = 'page-data';
export const isServerRendered = (pathname) => pathname.startsWith('/parts/');
export const pageDataJson = (data) => JSON.stringify(data);
export const pageSearch = () => '';
export async function renderPage({ url, api }) {
  const reply = await api('/api/parts/by-number/' + url.pathname.slice('/parts/'.length), { method: 'GET' });
  const part = await reply.json();
  return { html: '<p class="price">' + part.price + '</p>', head: { title: part.name, description: '' }, data: { part }, complete: true };
}
export async function renderPartPage() {
  return undefined;
}
export const inlineScriptHashes = () => [];
`;

fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Shop</title><meta name="description" content=""></head><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(distDir, 'server', 'entry-server.js'), renderer);
const shops = twoInstances({ webDistDir: distDir }, { bareSecond: true });
let fleetBuyer: Customer;
let rivalBuyer: Customer;
let partId: string;
let partNumber: string;

beforeAll(async () => {
  const admin = await signUpAdmin(shops.first, 'leak-admin');
  [fleetBuyer, rivalBuyer] = await Promise.all([signUpCustomer(shops.first, 'leak-fleet'), signUpCustomer(shops.first, 'leak-rival')]);
  partId = await insertPart(shops.first, { priceCents: 10_000, name: 'Leak-test caliper' });
  partNumber = (await shops.first.db.selectFrom('parts').select('part_number').where('id', '=', partId).executeTakeFirstOrThrow()).part_number;
  const adminCall = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const reply = await call(shops.first, byToken(admin), { method, url, payload });
    expectReply(reply, 200);
    return reply.json() as { id: string };
  };
  for (const [owner, name, unitPrice] of [
    [fleetBuyer, 'Fleetco', 71],
    [rivalBuyer, 'Rival Garage', 83],
  ] as const) {
    // Only a confirmed address is made owner at once (decision 144).
    await confirmAddress(shops.first, owner.email);
    const company = await adminCall('POST', '/api/admin/companies', { name, ownerEmail: owner.email });
    const list = await adminCall('POST', '/api/admin/price-lists', { name: `${name} calipers`, priority: 1, entries: [{ partId, unitPrice }] });
    await adminCall('PATCH', `/api/admin/companies/${company.id}`, { priceListIds: [list.id] });
  }
});

afterAll(async () => {
  fs.rmSync(distDir, { recursive: true, force: true });
});

type Reader = 'visitor' | 'fleet' | 'rival';
const credentialOf = (reader: Reader): Credential => (reader === 'fleet' ? byCookie(fleetBuyer) : reader === 'rival' ? byCookie(rivalBuyer) : anonymous);
const priceOf: Record<Reader, number> = { visitor: 100, fleet: 71, rival: 83 };

/** What `reader` sees of the part on `app`: the API's reads and the rendered page, each checked. */
async function read(app: FastifyInstance, reader: Reader) {
  const personal = reader !== 'visitor';
  for (const url of [`/api/part/${partId}`, `/api/parts/by-number/${encodeURIComponent(partNumber)}`, '/api/parts?page=1']) {
    const reply = await call(app, credentialOf(reader), { method: 'GET', url });
    expectReply(reply, 200);
    const body = reply.json() as { price: number; listPrice?: number } | Array<{ _id: string; price: number; listPrice?: number }>;
    const part = Array.isArray(body) ? body.find((candidate) => candidate._id === partId) : body;
    // The first page of the catalogue may not hold this part; when it does, its price is the reader's.
    if (part) expect({ reader, url, price: part.price, listPrice: part.listPrice }).toEqual({ reader, url, price: priceOf[reader], listPrice: personal ? 100 : undefined });
    expect({ reader, url, cacheControl: reply.headers['cache-control'] }).toEqual({ reader, url, cacheControl: personal ? 'private, no-store' : 'no-cache' });
  }
  const page = await call(app, credentialOf(reader), { method: 'GET', url: `/parts/${encodeURIComponent(partNumber)}` });
  expectReply(page, 200);
  expect({ reader, page: /<p class="price">([^<]*)<\/p>/.exec(page.body)?.[1] }).toEqual({ reader, page: String(priceOf[reader]) });
  expect({ reader, cacheControl: page.headers['cache-control'] }).toEqual({ reader, cacheControl: personal ? 'private, no-store' : 'no-cache' });
  // The signed-in part page names who is signed in: their browser's alone, and with a member's
  // prices kept by no cache at all.
  const partPage = await call(app, credentialOf(reader), { method: 'GET', url: `/part/${partId}` });
  expect({ reader, partPage: partPage.headers['cache-control'] }).toEqual({ reader, partPage: personal ? 'private, no-store' : 'private, no-cache' });
}

describe('contract prices on two instances', () => {
  it.each([
    [['visitor', 'fleet', 'rival']],
    [['fleet', 'visitor', 'rival']],
    [['rival', 'fleet', 'visitor']],
    [['fleet', 'rival', 'visitor', 'fleet']],
  ] as Array<[Reader[]]>)('each reader sees their own price, read in the order %j, alternately on each instance', async (readers) => {
    await Promise.all([shops.first.publicCache.caughtUp(), shops.second.publicCache.caughtUp()]);
    for (const [index, reader] of readers.entries()) {
      await read(index % 2 === 0 ? shops.first : shops.second, reader);
      await read(index % 2 === 0 ? shops.second : shops.first, reader);
    }
    // Whatever was read before, a visitor on either instance sees the list price, from memory or not.
    await read(shops.first, 'visitor');
    await read(shops.second, 'visitor');
  });

  it('keeps no member reply in the public cache: a member\u2019s ETag is never answered 304 to a visitor', async () => {
    const url = `/api/part/${partId}`;
    const member = await call(shops.second, byCookie(fleetBuyer), { method: 'GET', url });
    expect(member.headers.etag).toBeUndefined();
    const visitor = await shops.second.inject({ method: 'GET', url });
    expect((visitor.json() as { price: number }).price).toBe(100);
  });
});
