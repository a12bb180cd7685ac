import { sql, type Kysely } from 'kysely';

/**
 * Decision 225. A company's card payment (Stripe) given back whole: every invoice it was for had been
 * paid meanwhile, so the ledger enters nothing of it. One row per PaymentIntent (Stripe sends its
 * event again, and two instances may receive it at once: the second insert does nothing), written
 * with the message to the member who paid, so that both exist once. The member who paid is a user's
 * id kept as text, as `company_payments.recorded_by`; `invoice_numbers` as people read them
 * (INV-000123). Final, as the payments are: the ledger's trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_payments_given_back')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('payment_intent', 'text', (col) => col.notNull().unique().check(sql`length(payment_intent) between 1 and 255`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('invoice_numbers', sql`text[]`, (col) => col.notNull())
    .addColumn('paid_by', 'text', (col) => col.notNull())
    .addColumn('given_back_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('card_payments_given_back_company').on('card_payments_given_back').columns(['company_id', 'given_back_at']).execute();
  await sql`
    create trigger card_payments_given_back_append_only before update or delete on card_payments_given_back
      for each row execute function refuse_ledger_change()
  `.execute(db);
  await sql`
    create trigger card_payments_given_back_no_truncate before truncate on card_payments_given_back
      for each statement execute function refuse_ledger_change()
  `.execute(db);
}
