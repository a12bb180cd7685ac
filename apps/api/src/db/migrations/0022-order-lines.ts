import { sql, type Kysely } from 'kysely';

/**
 * One order, many lines (decision 052):
 * - `order_lines`: each line keeps its part and what it was when ordered (number, name, photo,
 *   quantity, the unit price after price breaks and the line's total). `kind` is 'part' for now; a
 *   later kind (a return, a core charge) gets its own value.
 * - `orders` gains a human order number (from the sequence `order_numbers`, 100001 on), the
 *   subtotal, the shipping chosen (its id, name and estimate as they were), the tax, the ship-to
 *   address as it was (jsonb, null for an order placed with typed address text), a purchase-order
 *   number and a note. `total_cents` stays the order's total, `quantity` all its units, and
 *   `part_id`/`part_name`/`part_img`/`unit_price_cents` its first line's, which SPEC's fields show.
 * Existing orders become one line each, numbered in the order they were placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence order_numbers minvalue 100000 start with 100001`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('order_number', 'bigint')
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`subtotal_cents >= 0`))
    .addColumn('shipping_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`shipping_cents >= 0`))
    .addColumn('shipping_method_id', 'uuid', (col) => col.references('shipping_methods.id').onDelete('set null'))
    .addColumn('shipping_method_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('shipping_estimate', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tax_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`tax_cents >= 0`))
    .addColumn('tax_rate_ppm', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ship_to', 'jsonb')
    .addColumn('po_number', 'text')
    .addColumn('note', 'text')
    .execute();
  await sql`
    update orders set order_number = numbered.number, subtotal_cents = orders.total_cents
    from (select id, 100000 + row_number() over (order by seq) as number from orders) numbered
    where orders.id = numbered.id
  `.execute(db);
  await sql`select setval('order_numbers', coalesce((select max(order_number) from orders), 100000))`.execute(db);
  await sql`alter table orders alter column order_number set default nextval('order_numbers')`.execute(db);
  await sql`alter table orders alter column order_number set not null`.execute(db);
  await sql`alter sequence order_numbers owned by orders.order_number`.execute(db);
  await db.schema.alterTable('orders').addUniqueConstraint('orders_order_number', ['order_number']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().check(sql`position >= 1`))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('part').check(sql`kind in ('part')`))
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id'))
    .addColumn('part_number', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('img', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('line_total_cents', 'integer', (col) => col.notNull().check(sql`line_total_cents >= 0`))
    .addPrimaryKeyConstraint('order_lines_pkey', ['order_id', 'position'])
    .execute();
  await sql`
    insert into order_lines (order_id, position, part_id, part_number, name, img, quantity, unit_price_cents, line_total_cents)
    select orders.id, 1, orders.part_id, parts.part_number, orders.part_name, orders.part_img, orders.quantity,
           orders.unit_price_cents, orders.total_cents
    from orders join parts on parts.id = orders.part_id
  `.execute(db);
}
