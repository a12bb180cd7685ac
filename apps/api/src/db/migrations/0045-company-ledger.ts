import { sql, type Kysely } from 'kysely';

/**
 * Buying on account (issue 31 part 3, decision 081): a company's ledger, append-only (a trigger
 * refuses every UPDATE, DELETE and TRUNCATE, on PostgreSQL and PGlite alike), the payments an admin
 * records and the invoices each settles; an order's payment method and an invoice's due date.
 * A company's balance is the sum of its ledger's `amount_cents` (+ debit, − credit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('payment_method', 'text', (col) => col.notNull().defaultTo('card').check(sql`payment_method in ('card', 'account')`))
    .execute();
  // The invoice's due date, YYYY-MM-DD (text: it reads back the same on both drivers, and sorts
  // as dates do): only an order on account has one, the day it was invoiced plus the terms.
  await db.schema
    .alterTable('orders')
    .addColumn('due_on', 'text', (col) => col.check(sql`due_on is null or (due_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and due_on::date is not null)`))
    .execute();

  await db.schema
    .createTable('company_payments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('received_on', 'text', (col) => col.notNull().check(sql`received_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and received_on::date is not null`))
    .addColumn('reference', 'text', (col) => col.notNull().check(sql`length(reference) between 1 and 80`))
    // Who recorded it: a user's id kept as text, so that deleting the user changes nothing here.
    .addColumn('recorded_by', 'text', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The same reference twice is the same payment (idempotent).
    .addUniqueConstraint('company_payments_reference', ['company_id', 'reference'])
    .execute();

  await db.schema
    .createTable('company_payment_invoices')
    .addColumn('payment_id', 'uuid', (col) => col.notNull().references('company_payments.id').onDelete('restrict'))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addPrimaryKeyConstraint('company_payment_invoices_pk', ['payment_id', 'order_id'])
    .execute();
  await db.schema.createIndex('company_payment_invoices_order').on('company_payment_invoices').column('order_id').execute();

  await db.schema
    .createTable('company_ledger')
    .addColumn('seq', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('invoice', 'payment', 'credit-note')`))
    // The document's number as people read it (INV-…, CN-…) or the payment's reference.
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) =>
      col.notNull().check(sql`(kind = 'invoice' and amount_cents > 0) or (kind <> 'invoice' and amount_cents < 0)`),
    )
    .addColumn('order_id', 'uuid', (col) => col.references('orders.id').onDelete('restrict'))
    .addColumn('invoice_number', 'bigint')
    .addColumn('credit_note_number', 'bigint')
    .addColumn('payment_id', 'uuid', (col) => col.references('company_payments.id').onDelete('restrict'))
    .addColumn('recorded_by', 'text')
    .execute();
  await db.schema.createIndex('company_ledger_company').on('company_ledger').columns(['company_id', 'at', 'seq']).execute();
  // One entry per document: an invoice, a credit note or a payment is entered once.
  await sql`create unique index company_ledger_invoice on company_ledger (invoice_number) where kind = 'invoice'`.execute(db);
  await sql`create unique index company_ledger_credit_note on company_ledger (credit_note_number) where kind = 'credit-note'`.execute(db);
  await sql`create unique index company_ledger_payment on company_ledger (payment_id) where kind = 'payment'`.execute(db);

  await sql`
    create function refuse_ledger_change() returns trigger language plpgsql as $$
    begin
      raise exception 'company_ledger is append-only: % refused', tg_op using errcode = 'restrict_violation';
    end
    $$
  `.execute(db);
  // Payments and what they settle are as final as the ledger's entries of them.
  for (const table of ['company_ledger', 'company_payments', 'company_payment_invoices']) {
    await sql`
      create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
        for each row execute function refuse_ledger_change()
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
        for each statement execute function refuse_ledger_change()
    `.execute(db);
  }
}
