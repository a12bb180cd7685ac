import type { AuditEntry } from '@autoparts/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byCookie, byToken, call, expectReply, insertReview, insertUser, payOrder, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import type { AuditAction } from '@autoparts/shared';

let app: FastifyInstance;
let admin: Customer;
let alice: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, alice] = await Promise.all([signUpAdmin(app, 'audit-admin'), signUpCustomer(app, 'audit-customer')]);
});

afterAll(async () => {
  await app?.close();
});

function getAudit(query = '', credential: Credential = byToken(admin)) {
  return call(app, credential, { method: 'GET', url: `/api/admin/audit${query}` });
}

async function auditEntries(query = ''): Promise<AuditEntry[]> {
  const response = await getAudit(query);
  expectReply(response, 200);
  return response.json();
}

/** Makes the call as the admin; it must succeed. */
async function asAdmin(request: Pick<InjectOptions, 'method' | 'url' | 'payload'>, credential: Credential = byCookie(admin)) {
  const response = await call(app, credential, request);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('GET /api/admin/audit', () => {
  it('records every admin action, newest first, with who, what, on what and when', async () => {
    const promoted = await insertUser(app, { emailVerified: true });
    const removed = await insertUser(app);
    const added = await asAdmin({
      method: 'POST',
      url: '/api/addaproduct',
      payload: { name: 'Audited part', img: '/images/parts/a.png', description: 'Watched.', storequantity: '5', price: '3.50' },
    });
    const partId = (added.json() as { insertedId: string }).insertedId;
    const shipped = await placeOrder(app, alice, partId);
    await payOrder(app, alice, shipped);
    const cancelled = await placeOrder(app, alice, partId, 2);
    const reviewId = await insertReview(app);

    await asAdmin({ method: 'PUT', url: `/api/user/admin/${promoted}` });
    await asAdmin({ method: 'DELETE', url: `/api/user/${removed}` });
    await asAdmin({ method: 'PATCH', url: `/api/admin/part/${partId}`, payload: { price: '2.50', name: 'Renamed' } });
    await asAdmin({ method: 'POST', url: `/api/admin/part/${partId}/restock`, payload: { quantity: 3 } });
    await asAdmin({ method: 'PUT', url: `/api/admin/part/${partId}/archived`, payload: { archived: true } });
    await asAdmin({ method: 'PUT', url: `/api/admin/part/${partId}/archived`, payload: { archived: false } });
    await asAdmin({ method: 'POST', url: `/api/admin/order/${shipped}/ship` });
    await asAdmin({ method: 'POST', url: `/api/admin/order/${cancelled}/cancel` });
    await asAdmin({ method: 'PUT', url: `/api/admin/review/${reviewId}/visibility`, payload: { hidden: true } }, byToken(admin));
    await asAdmin({ method: 'PUT', url: `/api/admin/review/${reviewId}/visibility`, payload: { hidden: false } }, byToken(admin));

    const expected: Array<{ action: AuditAction; target: string; details: Record<string, unknown> }> = [
      { action: 'part.add', target: `part ${partId}`, details: { name: 'Audited part' } },
      { action: 'user.make-admin', target: promoted, details: {} },
      { action: 'user.remove', target: removed, details: {} },
      { action: 'part.update', target: `part ${partId}`, details: { price: 2.5, name: 'Renamed' } },
      { action: 'part.restock', target: `part ${partId}`, details: { quantity: 3 } },
      { action: 'part.archive', target: `part ${partId}`, details: {} },
      { action: 'part.unarchive', target: `part ${partId}`, details: {} },
      {
        action: 'order.ship',
        target: `order ${shipped}`,
        details: { email: alice.email, carrier: 'other', trackingNumber: '', shipment: expect.any(String), status: 'shipped' },
      },
      { action: 'order.cancel', target: `order ${cancelled}`, details: { email: alice.email, was: 'unpaid' } },
      { action: 'review.hide', target: `review ${reviewId}`, details: {} },
      { action: 'review.show', target: `review ${reviewId}`, details: {} },
    ];
    const entries = await auditEntries(`?limit=${expected.length}`);

    expect(entries.map(({ action, target, details }) => ({ action, target, details }))).toEqual([...expected].reverse());
    for (const entry of entries) {
      expect(entry).toEqual({
        _id: expect.any(String),
        actor: admin.email,
        action: expect.any(String),
        target: expect.any(String),
        details: expect.any(Object),
        sentence: expect.any(String),
        createdAt: expect.any(String),
      });
    }
    // Each entry in words, with what it changed, naming its part, order or review as it is now.
    const partNumber = (await app.db.selectFrom('parts').select('part_number').where('id', '=', partId).executeTakeFirstOrThrow()).part_number;
    const numberOf = async (id: string) => (await app.db.selectFrom('orders').select('order_number').where('id', '=', id).executeTakeFirstOrThrow()).order_number;
    const part = `“Renamed” (${partNumber})`;
    const reviewer = (await app.db.selectFrom('reviews').select('name').where('id', '=', reviewId).executeTakeFirstOrThrow()).name;
    expect(entries.map((entry) => entry.sentence).reverse()).toEqual([
      `added the product “Audited part” (${partNumber})`,
      `made ${promoted} an admin`,
      `removed the user ${removed}`,
      `edited ${part}: name “Renamed”, price $2.50`,
      `restocked ${part} by 3`,
      `archived ${part}: it is no longer for sale`,
      `put ${part} back in the shop`,
      `shipped 1 of 1 × Audited part (${partNumber}) of order ${await numberOf(shipped)} (${alice.email}) by another carrier, without a tracking number; everything on it has gone`,
      `cancelled order ${await numberOf(cancelled)} (${alice.email}), which was unpaid`,
      `hid the review by ${reviewer} from the shop`,
      `showed the review by ${reviewer} again`,
    ]);
    expect(new Set(entries.map((entry) => entry._id)).size).toBe(entries.length);
    const times = entries.map((entry) => Date.parse(entry.createdAt));
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers the 20 newest by default, and as many as `limit` asks, up to 100', async () => {
    const partId = await insertPart(app);
    for (let n = 1; n <= 21; n++) {
      await asAdmin({ method: 'POST', url: `/api/admin/part/${partId}/restock`, payload: { quantity: n } });
    }

    const entries = await auditEntries();

    expect(entries).toHaveLength(20);
    expect(entries.map((entry) => entry.details.quantity)).toEqual(Array.from({ length: 20 }, (_, index) => 21 - index));
    expect(await auditEntries('?limit=1')).toEqual([entries[0]]);
    expect(await auditEntries('?limit=100')).toHaveLength(Math.min(100, await auditCount(app)));
  });

  it.each(['0', '-1', '101', '1.5', 'all', ''])('answers 400 to limit=%j', async (limit) => {
    const response = await getAudit(`?limit=${limit}`);

    expect(response.statusCode, response.body).toBe(400);
  });

  it('records nothing for calls that change nothing or are refused', async () => {
    const partId = await insertPart(app);
    const unpaid = await placeOrder(app, alice, partId);
    const before = await auditCount(app);

    const attempts: Array<[Credential, Pick<InjectOptions, 'method' | 'url' | 'payload'>, number]> = [
      [byToken(admin), { method: 'PUT', url: `/api/user/admin/${admin.email}` }, 200],
      [byToken(admin), { method: 'PUT', url: '/api/user/admin/nobody@example.com' }, 404],
      [byToken(admin), { method: 'DELETE', url: `/api/user/${admin.email}` }, 409],
      [byToken(admin), { method: 'DELETE', url: '/api/user/nobody@example.com' }, 404],
      [byToken(admin), { method: 'POST', url: '/api/addaproduct', payload: { name: 'No price' } }, 400],
      [byToken(admin), { method: 'PATCH', url: '/api/admin/part/not-an-id', payload: { name: 'x' } }, 404],
      [byToken(admin), { method: 'POST', url: `/api/admin/part/${partId}/restock`, payload: { quantity: 0 } }, 400],
      [byToken(admin), { method: 'POST', url: `/api/admin/order/${unpaid}/ship` }, 409],
      [byToken(admin), { method: 'POST', url: '/api/admin/order/00000000-0000-4000-8000-000000000000/cancel' }, 404],
      [byToken(admin), { method: 'PUT', url: '/api/admin/review/not-an-id/visibility', payload: { hidden: true } }, 404],
      [byToken(alice), { method: 'POST', url: `/api/admin/part/${partId}/restock`, payload: { quantity: 1 } }, 403],
      [byToken(alice), { method: 'POST', url: `/api/admin/order/${unpaid}/cancel` }, 403],
    ];
    for (const [credential, request, status] of attempts) {
      expectReply(await call(app, credential, request), status);
    }

    expect(await auditCount(app)).toBe(before);
  });

  it('keeps the actor’s e-mail after the actor’s account is removed', async () => {
    const other = await signUpAdmin(app, 'leaving-admin');
    const partId = await insertPart(app);
    await asAdmin({ method: 'POST', url: `/api/admin/part/${partId}/restock`, payload: { quantity: 7 } }, byToken(other));

    await asAdmin({ method: 'DELETE', url: `/api/user/${other.email}` });

    const [removal, restock] = await auditEntries('?limit=2');
    expect(removal).toMatchObject({ actor: admin.email, action: 'user.remove', target: other.email });
    expect(restock).toMatchObject({ actor: other.email, action: 'part.restock', target: `part ${partId}`, details: { quantity: 7 } });
  });

  it('cannot be changed through the API', async () => {
    const before = await auditEntries('?limit=100');

    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await call(app, byToken(admin), { method, url: '/api/admin/audit', payload: {} })).statusCode).toBe(404);
    }

    expect(await auditEntries('?limit=100')).toEqual(before);
  });
});

describe('the audit log in words, and its screen’s filters', () => {
  it('says what each parcel took, by which carrier and tracking number, not the whole order twice', async () => {
    const partId = await insertPart(app, { name: 'Vented Brake Rotor' });
    const orderId = await placeOrder(app, alice, partId, 32);
    await payOrder(app, alice, orderId);
    await asAdmin({ method: 'POST', url: `/api/admin/order/${orderId}/ship`, payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId, quantity: 22 }] } });
    await asAdmin({ method: 'POST', url: `/api/admin/order/${orderId}/ship`, payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456785' } });
    await asAdmin({ method: 'POST', url: `/api/admin/order/${orderId}/deliver` });
    const { order_number: number } = await app.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
    const { part_number: partNumber } = await app.db.selectFrom('parts').select('part_number').where('id', '=', partId).executeTakeFirstOrThrow();

    const sentences = (await auditEntries(`?limit=3&q=${number}`)).map((entry) => entry.sentence);

    expect(sentences).toEqual([
      `marked order ${number} (${alice.email}) delivered`,
      `shipped 10 of 32 × Vented Brake Rotor (${partNumber}) of order ${number} (${alice.email}) by UPS 1Z 999 AA1 01 2345 6785; everything on it has gone`,
      `shipped 22 of 32 × Vented Brake Rotor (${partNumber}) of order ${number} (${alice.email}) by UPS 1Z 999 AA1 01 2345 6784; the rest is still to ship`,
    ]);
  });

  it('never shows an action’s raw key', async () => {
    const entries = await auditEntries('?limit=100');

    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      expect(entry.sentence).not.toContain(entry.action);
      expect(entry.sentence).not.toMatch(/did “|undefined|\[object/);
    }
  });

  it('filters by admin, action, time and a search by order number, part number or e-mail, a page at a time', async () => {
    const other = await signUpAdmin(app, 'filtering-admin');
    const bob = await signUpCustomer(app, 'filtered-customer');
    const partId = await insertPart(app, { name: 'Ceramic Brake Pads' });
    const { part_number: partNumber } = await app.db.selectFrom('parts').select('part_number').where('id', '=', partId).executeTakeFirstOrThrow();
    const orderId = await placeOrder(app, bob, partId, 2);
    const { order_number: orderNumber } = await app.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
    const before = new Date().toISOString();
    await asAdmin({ method: 'POST', url: `/api/admin/part/${partId}/restock`, payload: { quantity: 4 } }, byToken(other));
    await asAdmin({ method: 'POST', url: `/api/admin/part/${partId}/restock`, payload: { quantity: 5 } }, byToken(other));
    await asAdmin({ method: 'POST', url: `/api/admin/order/${orderId}/cancel` }, byToken(other));
    const after = new Date(Date.now() + 1000).toISOString();

    const mine = await auditEntries(`?actor=${encodeURIComponent(other.email.toUpperCase())}`);
    expect(mine.map((entry) => entry.action)).toEqual(['order.cancel', 'part.restock', 'part.restock']);
    expect((await auditEntries(`?actor=${encodeURIComponent(other.email)}&action=part.restock`)).map((entry) => entry.details.quantity)).toEqual([5, 4]);
    expect((await auditEntries(`?actor=${encodeURIComponent(other.email)}&limit=1&page=2`)).map((entry) => entry.details.quantity)).toEqual([5]);
    expect(await auditEntries(`?actor=${encodeURIComponent(other.email)}&limit=1&page=4`)).toEqual([]);
    expect(await auditEntries(`?actor=${encodeURIComponent(other.email)}&to=${encodeURIComponent(before)}`)).toEqual([]);
    expect(await auditEntries(`?actor=${encodeURIComponent(other.email)}&from=${encodeURIComponent(before)}&to=${encodeURIComponent(after)}`)).toEqual(mine);
    // The order by its number and by its customer's e-mail; the part, and the order, by the part number.
    expect((await auditEntries(`?q=${orderNumber}`)).map((entry) => entry.sentence)).toEqual([`cancelled order ${orderNumber} (${bob.email}), which was unpaid`]);
    expect((await auditEntries(`?q=${encodeURIComponent(bob.email.slice(0, 12))}`)).map((entry) => entry.target)).toEqual([`order ${orderId}`]);
    expect((await auditEntries(`?q=${partNumber.toLowerCase()}`)).map((entry) => entry.action)).toEqual(['order.cancel', 'part.restock', 'part.restock']);

    const actors = await call(app, byToken(admin), { method: 'GET', url: '/api/admin/audit/actors' });
    expectReply(actors, 200);
    expect(actors.json()).toEqual(expect.arrayContaining([admin.email, other.email]));
    expect(actors.json()).not.toContain(bob.email);
  });

  it.each([
    ['page=0'],
    ['page=abc'],
    ['action=order.explode'],
    ['from=yesterday'],
    ['from=2026-12-02T00:00:00.000Z&to=2026-12-01T00:00:00.000Z'],
    [`q=${'x'.repeat(201)}`],
  ])('answers 400 with a reason to %s', async (query) => {
    const response = await getAudit(`?${query}`);

    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { message: string }).message).toBeTruthy();
  });

  it('is the admins’ only', async () => {
    expectReply(await getAudit('', byToken(alice)), 403);
    expectReply(await call(app, byToken(alice), { method: 'GET', url: '/api/admin/audit/actors' }), 403);
  });
});
