import {
  BEST_SELLERS,
  centsToDollars,
  OVERVIEW_DAYS,
  PAID_STATUSES,
  REPLACEMENT_PROVIDER,
  returnMove,
  SHIPPED_ALL_STATUSES,
  type AdminOverview,
  type OrderStatus,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTransaction } from '../../lib/transaction';
import { onSale } from '../parts/repository';

/** Orders that brought money in: every paid order, shipped in part or whole or delivered since (the order-process table's). */
const EARNING = sql`status in (${sql.join(PAID_STATUSES)})`;
/** A return whose money went back: the status a refund leads to (the return-state table's, decision 137). */
const REFUNDED = returnMove('refund', 'admin').to;
/** How many low-stock parts the overview lists at most, the emptiest first: parts on sale only (one that cannot be sold needs no restock). */
const LOW_STOCK_LIMIT = 20;

/**
 * The admin overview's figures, each computed by PostgreSQL (PGlite or a server) in one query. Its
 * days are the shop's (`SHOP_TIME_ZONE`, decision 113): midnight to midnight where the shop is,
 * whatever the database session's time zone.
 */
export function createOverviewRepository(db: Db, timeZone: string) {
  /** Today, where the shop is. */
  const today = sql`(now() at time zone ${timeZone}::text)::date`;
  /** The instant the window's first day began, where the shop is. */
  const windowStart = sql`((${today} - ${OVERVIEW_DAYS - 1}::int)::timestamp at time zone ${timeZone}::text)`;
  return {
    async overview(): Promise<AdminOverview> {
      const [days, byStatus, bestSellers, lowStock] = await Promise.all([
        // Every day of the window, with or without orders.
        sql<{ date: string; orders: number; revenue_cents: string }>`
          select to_char(day, 'YYYY-MM-DD') as date,
                 count(orders.id)::int as orders,
                 coalesce(sum(orders.total_cents - coalesce(refunds.cents, 0)) filter (where orders.${EARNING}), 0)::text as revenue_cents
          from generate_series(${today} - ${OVERVIEW_DAYS - 1}::int, ${today}, interval '1 day') as day
          -- The window's orders first, by the index on created_at (decision 229): a day of the
          -- window is on or after its first day's start, so no order of the window is left out.
          left join (select id, status, total_cents, created_at from orders where created_at >= ${windowStart}) as orders
                 on (orders.created_at at time zone ${timeZone}::text)::date = day::date
          -- What each order has refunded so far (its credit notes), less from its revenue.
          left join (select order_id, sum(amount_cents) as cents from credit_notes group by order_id) as refunds
                 on refunds.order_id = orders.id
          group by day
          order by day`.execute(db),
        sql<{ status: OrderStatus; count: number }>`
          select status, count(*)::int as count from orders group by status`.execute(db),
        // Without JIT (decision 229): at 1,000,000 orders PostgreSQL prices this query over
        // `jit_above_cost` and spent about 4 s compiling it for well under a second of work.
        withTransaction(db, async (trx) => {
          await sql`set local jit = off`.execute(trx);
          return sql<{ id: string; name: string; part_number: string; quantity: number; revenue_cents: string }>`
          -- Materialized: each line's units worked out once, not once per sum, filter and sort that reads them.
          with sold as materialized (
            select order_lines.part_id,
                   order_lines.unit_price_cents,
                   order_lines.quantity
                     -- The rest of an order that shipped in part and was then cancelled (refunded).
                     - case when orders.status in (${sql.join(SHIPPED_ALL_STATUSES)})
                                 and exists (select 1 from shipment_lines where shipment_lines.order_id = orders.id)
                            then order_lines.quantity - coalesce((
                                   select sum(shipment_lines.quantity) from shipment_lines
                                   where shipment_lines.order_id = orders.id and shipment_lines.position = order_lines.position), 0)
                            else 0 end
                     -- What came back and was refunded (a core sent back is not the part).
                     - coalesce((
                         select sum(return_lines.quantity) from return_lines
                         join returns on returns.id = return_lines.return_id
                         where return_lines.order_id = orders.id and return_lines.position = order_lines.position
                           and returns.status = ${REFUNDED} and returns.reason <> 'core'), 0) as units
            from orders
            join order_lines on order_lines.order_id = orders.id
            where orders.${EARNING}
              and order_lines.kind = 'part'
              -- A free warranty replacement is not a sale (decision 110).
              and orders.payment_provider is distinct from ${REPLACEMENT_PROVIDER}
              and orders.created_at >= ${windowStart}
          )
          select parts.id, parts.name, parts.part_number, sum(sold.units)::int as quantity, sum(sold.units * sold.unit_price_cents)::text as revenue_cents
          from sold
          join parts on parts.id = sold.part_id
          group by parts.id, parts.name, parts.part_number
          having sum(sold.units) > 0
          order by quantity desc, sum(sold.units * sold.unit_price_cents) desc, parts.name
          limit ${BEST_SELLERS}`.execute(trx);
        }),
        sql<{ id: string; name: string; part_number: string; img: string; available_quantity: number; min_order_quantity: number; threshold: number }>`
          select id, name, part_number, img, available_quantity, min_order_quantity,
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
        timeZone,
        days: days.rows.map((row) => ({ date: row.date, orders: row.orders, revenue: centsToDollars(Number(row.revenue_cents)) })),
        byStatus: statusCounts,
        bestSellers: bestSellers.rows.map((row) => ({
          _id: row.id,
          name: row.name,
          partNumber: row.part_number,
          quantity: row.quantity,
          revenue: centsToDollars(Number(row.revenue_cents)),
        })),
        lowStock: lowStock.rows.map((row) => ({
          _id: row.id,
          name: row.name,
          partNumber: row.part_number,
          img: row.img,
          availableQuantity: row.available_quantity,
          minOrderQuantity: row.min_order_quantity,
          threshold: row.threshold,
        })),
      };
    },
  };
}
