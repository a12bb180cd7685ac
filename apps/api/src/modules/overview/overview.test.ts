import { OVERVIEW_DAYS, type AdminOverview, type OrderStatus } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { byCookie, call, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { clearOfMidnight } from '../../test/clock';
import { insertPart, placeOrder, setOrderStatus, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

/** The overview's days are the shop's: midnight to midnight there (decision 113). */
const SHOP_TIME_ZONE = 'America/Detroit';
let app: FastifyInstance;
let admin: Customer;
let buyer: Customer;

beforeAll(async () => {
  app = await createTestApp({ env: { SHOP_TIME_ZONE: SHOP_TIME_ZONE } });
  [admin, buyer] = await Promise.all([signUpAdmin(app, 'overview-admin'), signUpCustomer(app, 'overview-buyer')]);
});

afterAll(async () => {
  await app?.close();
});

// The overview's days run midnight to midnight in the shop's time zone, taken by the database and by
// the tests each for itself: no test runs across that midnight (decision 197).
beforeEach(() => clearOfMidnight(SHOP_TIME_ZONE));

async function order(partId: string, quantity: number, status: OrderStatus, daysAgo = 0) {
  const id = await placeOrder(app, buyer, partId, quantity);
  await setOrderStatus(app, id, status);
  if (daysAgo > 0) {
    await sql`update orders set created_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`.execute(app.db);
  }
  return id;
}

/** The part number the catalogue gave a part: the overview names each part by it as well. */
async function numberOf(partId: string) {
  return (await app.db.selectFrom('parts').select('part_number').where('id', '=', partId).executeTakeFirstOrThrow()).part_number;
}

const shopDate = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The shop's date (YYYY-MM-DD) `daysAgo` days of 24 hours ago. */
const shopDay = (daysAgo: number) => shopDate.format(new Date(Date.now() - daysAgo * 86_400_000));

describe('GET /api/admin/overview', () => {
  it('computes revenue and orders per day, orders by status, best sellers and low stock', async () => {
    const pump = await insertPart(app, { name: 'Overview pump', priceCents: 1000, available: 100 });
    const valve = await insertPart(app, { name: 'Overview valve', priceCents: 500, available: 100 });
    await order(pump, 3, 'paid');
    await order(valve, 1, 'unpaid');
    await order(pump, 1, 'cancelled');
    await order(pump, 2, 'shipped', 2);
    await order(valve, 4, 'paid', 5);
    // Outside the window: counted by status, not in the chart or the best sellers.
    await order(valve, 10, 'paid', 40);

    const low = await insertPart(app, { name: 'Overview low', available: 3, minimum: 2 });
    const justEnough = await insertPart(app, { name: 'Overview enough', available: 4, minimum: 2 });
    const ownThreshold = await insertPart(app, { name: 'Overview own threshold', available: 9, minimum: 1 });
    await app.db.updateTable('parts').set({ low_stock_threshold: 10 }).where('id', '=', ownThreshold).execute();
    const archived = await insertPart(app, { name: 'Overview archived', available: 0 });
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('id', '=', archived).execute();

    const response = await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/overview' });

    expectReply(response, 200);
    const overview = response.json() as AdminOverview;
    expect(overview.days).toHaveLength(OVERVIEW_DAYS);
    expect(overview.days.at(-1)).toEqual({ date: shopDay(0), orders: 3, revenue: 30 });
    expect(overview.days.find((day) => day.date === shopDay(2))).toEqual({ date: shopDay(2), orders: 1, revenue: 20 });
    expect(overview.days.find((day) => day.date === shopDay(5))).toEqual({ date: shopDay(5), orders: 1, revenue: 20 });
    expect(overview.days.at(0)?.date).toBe(shopDay(OVERVIEW_DAYS - 1));
    expect(overview.days.reduce((sum, day) => sum + day.orders, 0)).toBe(5);

    expect(overview.byStatus).toEqual({ unpaid: 1, paid: 3, partially_shipped: 0, shipped: 1, delivered: 0, cancelled: 1, expired: 0 });
    expect(overview.bestSellers).toEqual([
      { _id: pump, name: 'Overview pump', partNumber: await numberOf(pump), quantity: 5, revenue: 50 },
      { _id: valve, name: 'Overview valve', partNumber: await numberOf(valve), quantity: 4, revenue: 20 },
    ]);

    const lowIds = overview.lowStock.map((part) => part._id);
    expect(lowIds).toContain(low);
    expect(lowIds).toContain(ownThreshold);
    expect(lowIds).not.toContain(justEnough);
    expect(lowIds).not.toContain(archived);
    expect(overview.lowStock.find((part) => part._id === low)).toMatchObject({ partNumber: await numberOf(low), availableQuantity: 3, minOrderQuantity: 2, threshold: 4 });
    expect(overview.lowStock.find((part) => part._id === ownThreshold)).toMatchObject({ threshold: 10 });
  });

  it('counts every paid order, shipped in part or whole or delivered, less its refunds; best sellers likewise', async () => {
    const disc = await insertPart(app, { name: 'Overview disc', priceCents: 100_000, available: 100 });
    const before = ((await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/overview' })).json() as AdminOverview).days.find(
      (day) => day.date === shopDay(9),
    )!.revenue;
    await order(disc, 1, 'partially_shipped', 9);
    const delivered = await order(disc, 2, 'delivered', 9);
    await app.db.insertInto('credit_notes').values({ number: 990_001, order_id: delivered, return_id: null, amount_cents: 30_000 }).execute();

    const overview = (await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/overview' })).json() as AdminOverview;

    expect(overview.days.find((day) => day.date === shopDay(9))!.revenue).toBe(before + 1000 + 2000 - 300);
    expect(overview.bestSellers.find((part) => part._id === disc)).toMatchObject({ quantity: 3 });
  });

  it('best sellers count the units sold and kept: not a cancelled rest, a refunded return or a free replacement', async () => {
    const gear = await insertPart(app, { name: 'Overview gear', priceCents: 1000, available: 500 });
    const shipParcel = async (orderId: string, quantity: number) => {
      const { id } = await app.db.insertInto('shipments').values({ order_id: orderId, carrier: 'ups', tracking_number: `1Z${orderId.slice(0, 8)}` }).returning('id').executeTakeFirstOrThrow();
      await app.db.insertInto('shipment_lines').values({ shipment_id: id, order_id: orderId, position: 1, quantity }).execute();
    };
    let rma = 990_100;
    const returned = async (orderId: string, quantity: number, reason: 'defective' | 'core', status: 'refunded' | 'requested' = 'refunded') => {
      const { id } = await app.db
        .insertInto('returns')
        .values({ rma_number: ++rma, order_id: orderId, user_id: null, reason, status, resolution: 'refund' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await app.db.insertInto('return_lines').values({ return_id: id, order_id: orderId, position: 1, quantity }).execute();
    };
    // 30 ordered, 12 shipped, the rest cancelled (the order is then shipped in full): 12 sold.
    const restCancelled = await order(gear, 30, 'shipped', 1);
    await shipParcel(restCancelled, 12);
    // 20 delivered, 5 sent back and refunded: 15 sold. A core sent back, or a return not yet refunded, leaves them sold.
    const delivered = await order(gear, 20, 'delivered', 1);
    await shipParcel(delivered, 20);
    await returned(delivered, 5, 'defective');
    await returned(delivered, 2, 'core');
    await returned(delivered, 1, 'defective', 'requested');
    // An order shipped before parcels were recorded counts whole: 4 sold.
    await order(gear, 4, 'shipped', 1);
    // A free warranty replacement of 40 is not a sale.
    const replacement = await order(gear, 40, 'paid', 1);
    await app.db.updateTable('orders').set({ payment_provider: 'replacement', total_cents: 0 }).where('id', '=', replacement).execute();

    const overview = (await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/overview' })).json() as AdminOverview;

    expect(overview.bestSellers[0]).toEqual({ _id: gear, name: 'Overview gear', partNumber: await numberOf(gear), quantity: 12 + 15 + 4, revenue: 310 });
  });

  it("counts the shop's days, midnight to midnight where it is, whatever the database session's time zone", async () => {
    const nut = await insertPart(app, { name: 'Overview nut', priceCents: 100, available: 1000 });
    /** Places the order at `time` of the shop's day `daysBack` days before today. */
    const placedAt = (id: string, daysBack: number, time: string) =>
      sql`update orders set created_at = (((now() at time zone ${SHOP_TIME_ZONE}::text)::date - ${daysBack}::int) + ${time}::time) at time zone ${SHOP_TIME_ZONE}::text
          where id = ${id}`.execute(app.db);
    const overview = async () => (await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/overview' })).json() as AdminOverview;
    const dayOf = (figures: AdminOverview, daysAgo: number) => figures.days.find((day) => day.date === shopDay(daysAgo))!;
    const before = await overview();

    // 23:30 yesterday in Detroit is today in UTC; 00:30 today is today in both.
    await placedAt(await order(nut, 1, 'paid'), 1, '23:30');
    await placedAt(await order(nut, 2, 'paid'), 0, '00:30');
    // The window's first day from its first minute; the evening before is outside it.
    await placedAt(await order(nut, 40, 'paid'), OVERVIEW_DAYS - 1, '00:30');
    await placedAt(await order(nut, 100, 'paid'), OVERVIEW_DAYS, '23:30');

    await sql`set time zone 'Pacific/Kiritimati'`.execute(app.db);
    try {
      const after = await overview();
      expect(after.timeZone).toBe(SHOP_TIME_ZONE);
      expect(after.days.at(-1)?.date).toBe(shopDay(0));
      expect(dayOf(after, 1)).toEqual({ ...dayOf(before, 1), orders: dayOf(before, 1).orders + 1, revenue: dayOf(before, 1).revenue + 1 });
      expect(dayOf(after, 0)).toEqual({ ...dayOf(before, 0), orders: dayOf(before, 0).orders + 1, revenue: dayOf(before, 0).revenue + 2 });
      expect(after.days[0]).toEqual({ date: shopDay(OVERVIEW_DAYS - 1), orders: before.days[0]!.orders + 1, revenue: before.days[0]!.revenue + 40 });
      expect(after.bestSellers.find((part) => part._id === nut)).toEqual({ _id: nut, name: 'Overview nut', partNumber: await numberOf(nut), quantity: 1 + 2 + 40, revenue: 43 });
    } finally {
      await sql`set time zone 'UTC'`.execute(app.db);
    }
  });

  it('is for admins only', async () => {
    expectReply(await call(app, byCookie(buyer), { method: 'GET', url: '/api/admin/overview' }), 403);
    expectReply(await call(app, 'anonymous', { method: 'GET', url: '/api/admin/overview' }), 401);
  });
});
