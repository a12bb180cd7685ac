import { BEST_SELLERS, centsToDollars, OVERVIEW_DAYS, PAID_STATUSES, type AdminOverview, type OrderStatus } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { onSale } from '../parts/repository';

/** Orders that brought money in: every paid order, shipped in part or whole or delivered since (the order-process table's). */
const EARNING = sql`status in (${sql.join(PAID_STATUSES)})`;
/** How many low-stock parts the overview lists at most, the emptiest first: parts on sale only (one that cannot be sold needs no restock). */
const LOW_STOCK_LIMIT = 20;

/** The admin overview's figures, each computed by PostgreSQL (PGlite or a server) in one query. */
export function createOverviewRepository(db: Db) {
  return {
    async overview(): Promise<AdminOverview> {
      const [days, byStatus, bestSellers, lowStock] = await Promise.all([
        // Every UTC day of the window, with or without orders.
        sql<{ date: string; orders: number; revenue_cents: string }>`
          select to_char(day, 'YYYY-MM-DD') as date,
                 count(orders.id)::int as orders,
                 coalesce(sum(orders.total_cents - coalesce(refunds.cents, 0)) filter (where orders.${EARNING}), 0)::text as revenue_cents
          from generate_series(
                 (now() at time zone 'utc')::date - ${OVERVIEW_DAYS - 1}::int,
                 (now() at time zone 'utc')::date,
                 interval '1 day'
               ) as day
          left join orders on (orders.created_at at time zone 'utc')::date = day::date
          -- What each order has refunded so far (its credit notes), less from its revenue.
          left join (select order_id, sum(amount_cents) as cents from credit_notes group by order_id) as refunds
                 on refunds.order_id = orders.id
          group by day
          order by day`.execute(db),
        sql<{ status: OrderStatus; count: number }>`
          select status, count(*)::int as count from orders group by status`.execute(db),
        sql<{ id: string; name: string; quantity: number; revenue_cents: string }>`
          select parts.id, parts.name, sum(order_lines.quantity)::int as quantity, sum(order_lines.line_total_cents)::text as revenue_cents
          from orders
          join order_lines on order_lines.order_id = orders.id
          join parts on parts.id = order_lines.part_id
          where orders.${EARNING}
            and order_lines.kind = 'part'
            and orders.created_at >= (now() at time zone 'utc')::date - ${OVERVIEW_DAYS - 1}::int
          group by parts.id, parts.name
          order by quantity desc, sum(order_lines.line_total_cents) desc, parts.name
          limit ${BEST_SELLERS}`.execute(db),
        sql<{ id: string; name: string; img: string; available_quantity: number; min_order_quantity: number; threshold: number }>`
          select id, name, img, available_quantity, min_order_quantity,
                 coalesce(low_stock_threshold, 2 * min_order_quantity) as threshold
          from parts
          where ${onSale}
            and available_quantity < coalesce(low_stock_threshold, 2 * min_order_quantity)
          order by available_quantity, seq
          limit ${LOW_STOCK_LIMIT}`.execute(db),
      ]);
      const statusCounts: Record<OrderStatus, number> = { unpaid: 0, paid: 0, partially_shipped: 0, shipped: 0, delivered: 0, cancelled: 0, expired: 0 };
      for (const row of byStatus.rows) statusCounts[row.status] = row.count;
      return {
        days: days.rows.map((row) => ({ date: row.date, orders: row.orders, revenue: centsToDollars(Number(row.revenue_cents)) })),
        byStatus: statusCounts,
        bestSellers: bestSellers.rows.map((row) => ({
          _id: row.id,
          name: row.name,
          quantity: row.quantity,
          revenue: centsToDollars(Number(row.revenue_cents)),
        })),
        lowStock: lowStock.rows.map((row) => ({
          _id: row.id,
          name: row.name,
          img: row.img,
          availableQuantity: row.available_quantity,
          minOrderQuantity: row.min_order_quantity,
          threshold: row.threshold,
        })),
      };
    },
  };
}
