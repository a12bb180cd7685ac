import type { AuditEntry } from '@autoparts/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byCookie, byToken, call, expectReply, insertReview, insertUser, payOrder, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import type { AuditAction } from './repository';

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
    const promoted = await insertUser(app);
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
        subject: expect.toBeOneOf([expect.any(String), null]),
        createdAt: expect.any(String),
      });
    }
    // Each entry names its part, order or review as a person reads it, as they are now.
    const partNumber = (await app.db.selectFrom('parts').select('part_number').where('id', '=', partId).executeTakeFirstOrThrow()).part_number;
    const subjects = new Map(entries.map((entry) => [entry.target, entry.subject]));
    expect(subjects.get(`part ${partId}`)).toBe(`“Renamed” (${partNumber})`);
    expect(subjects.get(`order ${shipped}`)).toBe(`${alice.email}’s order of 1 × Audited part`);
    expect(subjects.get(`order ${cancelled}`)).toBe(`${alice.email}’s order of 2 × Audited part`);
    expect(subjects.get(`review ${reviewId}`)).toMatch(/^the review by .+/);
    expect(subjects.get(promoted)).toBeNull();
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
