import { sql, type Kysely } from 'kysely';

/**
 * Decision 224, amended. Migration 0135's statement triggers keep `parts.min_order_price_cents`
 * when breaks are inserted, changed or deleted; a TRUNCATE of `part_price_breaks` fired none of
 * them and left every part at the price of a break that was gone. Nothing of the shop's truncates
 * it; an operator by hand, or a restore tool, might. After one, no part has a break: each part's
 * price at its minimum order is its list price (`part_min_order_price_cents`, as the row trigger on
 * `parts` works it out again for every row this update writes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function part_price_breaks_truncated_min_order_price() returns trigger language plpgsql as $$
    begin
      update parts set min_order_price_cents = part_min_order_price_cents(parts.id, parts.price_cents, parts.min_order_quantity)
        where parts.min_order_price_cents <> parts.price_cents;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger part_price_breaks_min_order_price_truncate after truncate on part_price_breaks
      for each statement execute function part_price_breaks_truncated_min_order_price()
  `.execute(db);
}
