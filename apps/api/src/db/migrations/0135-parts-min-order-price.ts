import { sql, type Kysely } from 'kysely';

/**
 * Decision 224. What everyone pays a unit of a part at its minimum order, stored with the part:
 * `min_order_price_cents`, the deepest of its retail breaks the minimum order reaches, else its
 * list price — shared `unitPriceCents(min_order_quantity, price_cents, breaks)`, the rule the cart,
 * quote and placed order charge by (`linePrice`). It is the headline price of every reply that is
 * everyone's (a visitor's, a customer's of no company, a member's of a company without lists),
 * and what their price sort and range read, by its index, as migration 0007's `parts_price_idx`
 * did the list price (which nothing sorts or filters by now).
 *
 * One SQL function computes it, `part_min_order_price_cents`; triggers keep it current whoever
 * writes: a part inserted or its price or minimum changed (a row trigger before the write, which
 * also overrides a value written to the column itself), a break inserted, changed or deleted (a
 * statement trigger per kind, one update of the parts whose breaks changed, however many rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function part_min_order_price_cents(part_id uuid, list_price_cents integer, min_order_quantity integer)
      returns integer language sql stable parallel safe as $$
      select coalesce(
        (select reached.unit_price_cents from part_price_breaks as reached
          where reached.part_id = $1 and reached.min_quantity <= $3
          order by reached.min_quantity desc limit 1),
        $2)
    $$
  `.execute(db);

  // Filled in with the part's triggers off: a derived column changes no part (its updated_at,
  // the sitemap's lastmod, stays) and announces nothing.
  await sql`alter table parts add column min_order_price_cents integer`.execute(db);
  await sql`alter table parts disable trigger user`.execute(db);
  await sql`update parts set min_order_price_cents = part_min_order_price_cents(id, price_cents, min_order_quantity)`.execute(db);
  await sql`alter table parts enable trigger user`.execute(db);
  await sql`alter table parts alter column min_order_price_cents set not null`.execute(db);

  await sql`
    create function parts_set_min_order_price() returns trigger language plpgsql as $$
    begin
      new.min_order_price_cents := part_min_order_price_cents(new.id, new.price_cents, new.min_order_quantity);
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger parts_min_order_price before insert or update of price_cents, min_order_quantity, min_order_price_cents on parts
      for each row execute function parts_set_min_order_price()
  `.execute(db);

  await sql`
    create function part_price_breaks_set_min_order_price() returns trigger language plpgsql as $$
    declare
      changed uuid[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct part_id) into changed from new_breaks;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct part_id) into changed from old_breaks;
      else
        select array_agg(part_id) into changed from (select part_id from new_breaks union select part_id from old_breaks) as either;
      end if;
      update parts set min_order_price_cents = part_min_order_price_cents(parts.id, parts.price_cents, parts.min_order_quantity)
        where parts.id = any(changed)
          and parts.min_order_price_cents <> part_min_order_price_cents(parts.id, parts.price_cents, parts.min_order_quantity);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger part_price_breaks_min_order_price_insert after insert on part_price_breaks
      referencing new table as new_breaks for each statement execute function part_price_breaks_set_min_order_price()
  `.execute(db);
  await sql`
    create trigger part_price_breaks_min_order_price_update after update on part_price_breaks
      referencing old table as old_breaks new table as new_breaks for each statement execute function part_price_breaks_set_min_order_price()
  `.execute(db);
  await sql`
    create trigger part_price_breaks_min_order_price_delete after delete on part_price_breaks
      referencing old table as old_breaks for each statement execute function part_price_breaks_set_min_order_price()
  `.execute(db);

  // The price sort and range of everyone's search, in the order of an index as before (0007, 0014).
  await sql`drop index parts_price_idx`.execute(db);
  await sql`create index parts_min_order_price_idx on parts (min_order_price_cents, seq) where archived_at is null`.execute(db);
  await sql`drop index parts_category_idx`.execute(db);
  await sql`create index parts_category_idx on parts (category_slug, min_order_price_cents) where archived_at is null`.execute(db);
}
