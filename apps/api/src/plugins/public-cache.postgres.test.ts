import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../db/database';
import { byCookie, call, expectReply } from '../test/admin';
import { twoInstances } from '../test/app';
import { insertPart, placeOrder, signUpAdmin, signUpCustomer, type Customer } from '../test/orders';
import { eventually } from '../test/wait';

// Runs in the PostgreSQL pass only. Two instances of the shop on one database: a change made
// through A reaches what B has cached, through PostgreSQL's notifications alone (B's requests
// here do not wait for B to catch up, as the test helpers' do).
const shops = twoInstances({}, { bareSecond: true });
let admin: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(shops.first, 'cache-admin');
});

async function nameOnSecond(id: string): Promise<string> {
  const reply = await shops.second.inject({ method: 'GET', url: `/api/part/${id}` });
  expectReply(reply, 200);
  return (reply.json() as { name: string }).name;
}

/** Whether B now keeps the reply in memory: its own ETag is answered 304. */
async function cachedOnSecond(url: string): Promise<boolean> {
  // The part was just written through A: B keeps nothing it read before hearing of that write.
  await shops.second.publicCache.caughtUp();
  const reply = await shops.second.inject({ method: 'GET', url });
  const etag = String(reply.headers.etag);
  return (await shops.second.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode === 304;
}

describe('the public cache on two instances', () => {
  it('shows on B a change made through A', async () => {
    const id = await insertPart(shops.first, { name: 'Two-instance pads' });
    expect(await cachedOnSecond(`/api/part/${id}`)).toBe(true);
    expect(await nameOnSecond(id)).toBe('Two-instance pads');

    expectReply(await call(shops.first, byCookie(admin), { method: 'PATCH', url: `/api/admin/part/${id}`, payload: { name: 'Two-instance shoes' } }), 200);
    await eventually(async () => (await nameOnSecond(id)) === 'Two-instance shoes');
  });

  it('shows on B the last of a burst of changes: coalesced drops lose none', async () => {
    const id = await insertPart(shops.first, { name: 'Burst 0' });
    expect(await cachedOnSecond(`/api/part/${id}`)).toBe(true);
    const rename = (name: string) => sql`update parts set name = ${name} where id = ${id}`.execute(shops.first.db);
    // B empties the catalogue on the first change it hears and caches the part again; the changes
    // that follow at once reach it as one drop later on (a timer on B: nothing here flushes it).
    await rename('Burst 1');
    await eventually(async () => (await nameOnSecond(id)) === 'Burst 1');
    for (const name of ['Burst 2', 'Burst 3', 'Burst 4']) await rename(name);
    await eventually(async () => (await nameOnSecond(id)) === 'Burst 4');
    // An order through A (stock only) reaches B's part page the same way.
    const buyer = await signUpCustomer(shops.first, 'burst-buyer');
    await placeOrder(shops.first, buyer, id, 1);
    const stockOnSecond = async () => {
      const reply = await shops.second.inject({ method: 'GET', url: `/api/part/${id}` });
      return (reply.json() as { availableQuantity: number }).availableQuantity;
    };
    const { available_quantity: left } = await shops.first.db.selectFrom('parts').select('available_quantity').where('id', '=', id).executeTakeFirstOrThrow();
    await eventually(async () => (await stockOnSecond()) === left);
  });

  it('starts afresh after its listening connection was cut, missing nothing changed meanwhile', async () => {
    const id = await insertPart(shops.first, { name: 'Reconnect filter' });
    expect(await cachedOnSecond(`/api/part/${id}`)).toBe(true);
    // Every listening connection of this database (A's and B's) is cut; then a change is made.
    const { rows } = await sql<{ cut: boolean }>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_NAME}`.execute(shops.first.db);
    expect(rows.length).toBe(2);
    await sql`update parts set name = 'Reconnect screen' where id = ${id}`.execute(shops.first.db);

    await eventually(async () => (await nameOnSecond(id)) === 'Reconnect screen');
    // Listening again, B caches and is told of changes as before.
    await eventually(() => cachedOnSecond(`/api/part/${id}`));
    await sql`update parts set name = 'Reconnect mesh' where id = ${id}`.execute(shops.first.db);
    await eventually(async () => (await nameOnSecond(id)) === 'Reconnect mesh');
  });
});
