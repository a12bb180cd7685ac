import { sql, type Kysely } from 'kysely';

/**
 * After the sale (shipments, invoices, returns, core deposits, warranty and the fit promise):
 * - orders may be `partially_shipped` and `delivered`; each keeps when it was delivered and its
 *   invoice's number once paid;
 * - an order line is a part or a part's core deposit (`core-deposit`, naming the part's line in
 *   `deposit_for`); a part bought for the garage's chosen vehicle it is listed to fit records that
 *   vehicle and that the fit was checked (the fit promise);
 * - a shipment carries some or all of an order's lines with a carrier and a tracking number;
 * - invoice and credit-note numbers come from `document_numbers`, one row per sequence, taken under
 *   the row's lock in the transaction that issues the document, so a number is never skipped or
 *   reused (a sequence object may skip numbers when a transaction rolls back);
 * - a return (RMA) asks to send lines back for a reason; its lines are received to restock or scrap
 *   once; its refund issues a credit note; a warranty replacement is a new order;
 * - a fitment report is what a returned "does not fit" under the fit promise teaches the shop;
 * - the shop's settings (one row): the restocking fee for `no-longer-needed` returns;
 * - parts may carry a core deposit and a warranty in months.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in ('unpaid', 'paid', 'partially_shipped', 'shipped', 'delivered', 'cancelled', 'expired'))`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('invoice_number', 'bigint', (col) => col.unique())
    .addColumn('invoiced_at', 'timestamptz')
    /** A warranty replacement: the order it replaces a line of ($0, taking stock). */
    .addColumn('replaces_order_id', 'uuid', (col) => col.references('orders.id'))
    .execute();

  await sql`alter table order_lines drop constraint order_lines_kind_check`.execute(db);
  await sql`alter table order_lines add constraint order_lines_kind_check check (kind in ('part', 'core-deposit'))`.execute(db);
  await db.schema
    .alterTable('order_lines')
    /** A core deposit line: the position of the part's line it is the deposit of. */
    .addColumn('deposit_for', 'integer')
    .addColumn('vehicle_id', 'uuid', (col) => col.references('vehicles.id').onDelete('set null'))
    .addColumn('fit_checked', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('parts')
    .addColumn('core_deposit_cents', 'integer', (col) => col.check(sql`core_deposit_cents > 0`))
    .addColumn('warranty_months', 'integer', (col) => col.check(sql`warranty_months > 0 and warranty_months <= 240`))
    .execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('carrier', 'text', (col) => col.notNull().check(sql`carrier in ('ups', 'fedex', 'usps', 'dhl', 'other')`))
    .addColumn('tracking_number', 'text', (col) => col.notNull())
    .addColumn('shipped_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('shipped_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('shipments_order').on('shipments').columns(['order_id', 'shipped_at']).execute();
  await db.schema
    .createTable('shipment_lines')
    .addColumn('shipment_id', 'uuid', (col) => col.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('order_id', 'uuid', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('shipment_lines_pkey', ['shipment_id', 'position'])
    .addForeignKeyConstraint('shipment_lines_line', ['order_id', 'position'], 'order_lines', ['order_id', 'position'], (fk) => fk.onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('document_numbers')
    .addColumn('kind', 'text', (col) => col.primaryKey().check(sql`kind in ('invoice', 'credit-note', 'rma')`))
    .addColumn('last_number', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into document_numbers (kind, last_number) values ('invoice', 0), ('credit-note', 0), ('rma', 0)`.execute(db);

  await db.schema
    .createTable('returns')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('rma_number', 'bigint', (col) => col.notNull().unique())
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('does-not-fit', 'defective', 'damaged-in-transit', 'wrong-part-sent', 'no-longer-needed', 'core', 'warranty')`),
    )
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('photo', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('requested').check(sql`status in ('requested', 'approved', 'rejected', 'received', 'refunded', 'replaced')`),
    )
    .addColumn('rejection_reason', 'text')
    /** A warranty claim's outcome: a replacement order or a refund. */
    .addColumn('resolution', 'text', (col) => col.check(sql`resolution in ('replace', 'refund')`))
    .addColumn('fit_promise', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('refund_cents', 'integer', (col) => col.check(sql`refund_cents >= 0`))
    .addColumn('restocking_fee_cents', 'integer', (col) => col.notNull().defaultTo(0).check(sql`restocking_fee_cents >= 0`))
    .addColumn('credit_note_number', 'bigint')
    .addColumn('replacement_order_id', 'uuid', (col) => col.references('orders.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('returns_order').on('returns').columns(['order_id', 'created_at']).execute();
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('return_lines')
    .addColumn('return_id', 'uuid', (col) => col.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_id', 'uuid', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('action', 'text', (col) => col.check(sql`action in ('restock', 'scrap')`))
    .addPrimaryKeyConstraint('return_lines_pkey', ['return_id', 'position'])
    .addForeignKeyConstraint('return_lines_line', ['order_id', 'position'], 'order_lines', ['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('credit_notes')
    .addColumn('number', 'bigint', (col) => col.primaryKey())
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id'))
    .addColumn('return_id', 'uuid', (col) => col.references('returns.id'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('credit_notes_order').on('credit_notes').column('order_id').execute();

  await db.schema
    .createTable('fitment_reports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'uuid', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('return_id', 'uuid', (col) => col.references('returns.id').onDelete('set null'))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'dismissed', 'fitment-removed')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('fitment_reports_open').on('fitment_reports').columns(['part_id']).where(sql.ref('status'), '=', 'open').execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'boolean', (col) => col.primaryKey().defaultTo(true).check(sql`id`))
    /** Of a `no-longer-needed` return's value, in parts per million (10 % is 100,000). */
    .addColumn('restocking_fee_ppm', 'integer', (col) => col.notNull().defaultTo(0).check(sql`restocking_fee_ppm >= 0 and restocking_fee_ppm <= 1000000`))
    .execute();
  await sql`insert into shop_settings (id) values (true)`.execute(db);
}
