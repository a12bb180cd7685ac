import { sql, type Kysely } from 'kysely';

/**
 * The money after the sale by decision 109:
 * - `orders.shipping_tax_cents`: of the order's tax, the tax on its shipping, refunded only with the
 *   shipping. Existing orders get it from what they hold where their tax is the rate of the goods
 *   and shipping together rounded once (as checkout charges it) and more than the goods' alone; an
 *   order with a refund made or owed already keeps 0 (its tax shared as before), so that what it
 *   has refunded and what it will still refund add up to what was paid, to the cent.
 * - `return_lines.deposit_quantity`: the core deposits a received return gave back (a core return's,
 *   or the part's own with it); the received core returns so far gave back one a core.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_tax_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`shipping_tax_cents >= 0 and shipping_tax_cents <= tax_cents`))
    .execute();
  await sql`
    update orders set shipping_tax_cents = orders.tax_cents - (orders.tax_rate_ppm::bigint * goods.cents + 500000) / 1000000
    from (select order_id, sum(line_total_cents) as cents from order_lines where kind = 'part' group by order_id) goods
    where goods.order_id = orders.id
      and orders.shipping_cents > 0
      and orders.tax_rate_ppm > 0
      and orders.tax_cents = (orders.tax_rate_ppm::bigint * (goods.cents + orders.shipping_cents) + 500000) / 1000000
      and orders.tax_cents > (orders.tax_rate_ppm::bigint * goods.cents + 500000) / 1000000
      and not exists (select 1 from credit_notes where credit_notes.order_id = orders.id)
      and not exists (select 1 from returns where returns.order_id = orders.id and returns.status in ('received', 'refunded'))
  `.execute(db);
  await db.schema
    .alterTable('return_lines')
    .addColumn('deposit_quantity', 'integer', (col) => col.notNull().defaultTo(0).check(sql`deposit_quantity >= 0 and deposit_quantity <= quantity`))
    .execute();
  await sql`
    update return_lines set deposit_quantity = return_lines.quantity
    from returns
    where returns.id = return_lines.return_id and returns.reason = 'core' and returns.status in ('received', 'refunded')
  `.execute(db);
}
