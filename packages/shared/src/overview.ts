import { z } from 'zod';
import { orderStatusSchema } from './orders';

/** How many days the overview's chart covers, today included (the shop's days: its `timeZone`). */
export const OVERVIEW_DAYS = 30;
/** How many best-selling parts the overview names. */
export const BEST_SELLERS = 5;

/**
 * `GET /api/admin/overview`: the admin's dashboard, every figure computed in SQL in
 * one call. Revenue counts orders paid or shipped, by the day they were placed, days running
 * midnight to midnight in the shop's time zone (`timeZone`, IANA: `SHOP_TIME_ZONE`).
 */
export const adminOverviewSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
  byStatus: z.record(orderStatusSchema, z.number().int()),
  bestSellers: z.array(z.object({ _id: z.string(), name: z.string(), partNumber: z.string(), quantity: z.number().int(), revenue: z.number() })),
  lowStock: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      partNumber: z.string(),
      img: z.string(),
      availableQuantity: z.number().int(),
      minOrderQuantity: z.number().int(),
      threshold: z.number().int(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
