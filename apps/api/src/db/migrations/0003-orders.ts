import { sql, type Kysely } from 'kysely';

/**
 * Orders (DESIGN §6): each keeps its part, the unit price and total at the time of ordering, and
 * its status; the customer's row may go (removal) while the order stays for the records.
 * Payment events are recorded once per provider event id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id'))
    .addColumn('part_name', 'text', (col) => col.notNull())
    .addColumn('part_img', 'text', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('unpaid').check(sql`status in ('unpaid', 'paid', 'shipped', 'cancelled')`),
    )
    .addColumn('payment_provider', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('orders_email').on('orders').columns(['email', 'seq']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'seq']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pkey', ['provider', 'event_id'])
    .execute();
}
