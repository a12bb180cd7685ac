import { unitPriceCents, type PartDetail, type SearchResult } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { anonymous, byCookie, byToken, call, expectReply, type Credential } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { eventually } from '../../test/wait';

// Runs in the PostgreSQL pass only. Two instances of the shop on one database, as behind nginx
// (deploy/nginx.conf): an admin changes a part's break on one, and a visitor's headline price on
// the other — the price of the minimum order, decision 224 — follows though it had kept the reply,
// while a contract member of a company sees their own price on either, never kept for anyone.
const shops = twoInstances({}, { bareSecond: true });
let admin: Customer;
let member: Customer;
let partId: string;

beforeAll(async () => {
  admin = await signUpAdmin(shops.first, 'mop2-admin');
  member = await signUpCustomer(shops.first, 'mop2-member');
  await shops.first.db.insertInto('categories').values({ slug: 'mop2-pads', name: 'Two-instance pads', position: 90 }).execute();
  partId = await insertPart(shops.first, { priceCents: 4999, minimum: 20, available: 500, name: 'Two-instance brake pad' });
  await shops.first.db.updateTable('parts').set({ category_slug: 'mop2-pads' }).where('id', '=', partId).execute();
  const adminCall = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const reply = await call(shops.first, byToken(admin), { method, url, payload });
    expectReply(reply, 200);
    return reply.json() as { id: string };
  };
  await confirmAddress(shops.first, member.email);
  const company = await adminCall('POST', '/api/admin/companies', { name: 'Padco', ownerEmail: member.email });
  const list = await adminCall('POST', '/api/admin/price-lists', { name: 'Padco pads', priority: 1, entries: [{ partId, percentOff: 5, tiers: [{ minQuantity: 20, unitPrice: 39.99 }] }] });
  await adminCall('PATCH', `/api/admin/companies/${company.id}`, { priceListIds: [list.id] });
});

/** What `credential` is shown of the part on `app`: its price and struck price, on its page and in search sorted by price, with the replies' cache headers. */
async function shown(app: FastifyInstance, credential: Credential) {
  await app.publicCache.caughtUp();
  const part = await call(app, credential, { method: 'GET', url: `/api/part/${partId}` });
  const found = await call(app, credential, { method: 'GET', url: '/api/search?category=mop2-pads&sort=price-asc&maxPrice=45' });
  expectReply(part, 200);
  expectReply(found, 200);
  const item = (found.json() as SearchResult).items.find((candidate) => candidate._id === partId);
  return {
    price: (part.json() as PartDetail).price,
    listPrice: (part.json() as PartDetail).listPrice,
    searched: item?.price,
    cache: [part.headers['cache-control'], found.headers['cache-control']],
  };
}

describe('the price of the minimum order on two instances', () => {
  it('follows an admin’s break on the other instance for a visitor, while a member and a visitor each see their own', async () => {
    const visitorBefore = { price: 49.99, listPrice: undefined, searched: undefined, cache: ['no-cache', 'no-cache'] };
    const memberSees = { price: 39.99, listPrice: 49.99, searched: 39.99, cache: ['private, no-store', 'private, no-store'] };
    // Read on both, twice, so that each instance keeps the visitor's replies.
    for (const app of [shops.second, shops.first, shops.second]) {
      expect(await shown(app, anonymous)).toEqual(visitorBefore);
      expect(await shown(app, byCookie(member))).toEqual(memberSees);
    }
    const hits = shops.second.publicCache.counts().catalogue.hits;
    expect(await shown(shops.second, anonymous)).toEqual(visitorBefore);
    expect(shops.second.publicCache.counts().catalogue.hits).toBeGreaterThan(hits);

    // Everyone's break at the minimum order of 20, on the first instance.
    expectReply(await call(shops.first, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${partId}`, payload: { priceBreaks: [{ minQuantity: 20, unitPrice: 42.5 }] } }), 200);
    const visitorAfter = { price: 42.5, listPrice: undefined, searched: 42.5, cache: ['no-cache', 'no-cache'] };
    expect(await shown(shops.second, anonymous)).toEqual(visitorAfter);
    // The member still pays their contract's $39.99, below everyone's $42.50, struck through beside it.
    const memberAfter = { ...memberSees, listPrice: 42.5 };
    expect(await shown(shops.second, byCookie(member))).toEqual(memberAfter);
    expect(await shown(shops.second, anonymous)).toEqual(visitorAfter);
    expect(await shown(shops.first, anonymous)).toEqual(visitorAfter);
    expect(await shown(shops.first, byCookie(member))).toEqual(memberAfter);

    // And back: the break removed on the second instance, the first follows.
    expectReply(await call(shops.second, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${partId}`, payload: { priceBreaks: [] } }), 200);
    expect(await shown(shops.first, anonymous)).toEqual(visitorBefore);
    expect(await shown(shops.first, byCookie(member))).toEqual(memberSees);
  });
});

describe('the stored price of the minimum order, written at once on two instances', () => {
  /** The part's stored price, and what `unitPriceCents` makes of its row and breaks now. */
  const storedAndExpected = async (id: string) => {
    const part = await shops.first.db.selectFrom('parts').select(['price_cents', 'min_order_quantity', 'min_order_price_cents']).where('id', '=', id).executeTakeFirstOrThrow();
    const breaks = await shops.first.db.selectFrom('part_price_breaks').select(['min_quantity as minQuantity', 'unit_price_cents as unitPriceCents']).where('part_id', '=', id).execute();
    return { stored: part.min_order_price_cents, expected: unitPriceCents(part.min_order_quantity, part.price_cents, breaks) };
  };
  const waitingForALock = () =>
    eventually(async () => {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(shops.first.db);
      return (rows[0]?.waiting ?? 0) > 0;
    });

  it.each([
    ['a break written first, the minimum raised to reach it meanwhile', 'breaks-first'],
    ['the minimum raised first, a break reaching it written meanwhile', 'part-first'],
  ] as const)('holds the rule: %s', async (_name, order) => {
    const id = await insertPart(shops.first, { priceCents: 3000, minimum: 1, available: 500 });
    const writeBreak = (db: typeof shops.first.db) => db.insertInto('part_price_breaks').values({ part_id: id, min_quantity: 10, unit_price_cents: 2500 }).execute();
    const raiseMinimum = (db: typeof shops.first.db) => db.updateTable('parts').set({ min_order_quantity: 10 }).where('id', '=', id).execute();
    let other: Promise<unknown> | undefined;
    await shops.first.db.transaction().execute(async (trx) => {
      if (order === 'breaks-first') await writeBreak(trx);
      else await raiseMinimum(trx);
      // The other instance writes the other half now: it waits for this transaction.
      other = shops.second.db.transaction().execute(async (theirs) => (order === 'breaks-first' ? raiseMinimum(theirs) : writeBreak(theirs)));
      // Either way the other waits for this part's row: a break touches its part (migration 0040).
      await waitingForALock();
    });
    await other;
    expect(await storedAndExpected(id)).toEqual({ stored: 2500, expected: 2500 });
  });
});
