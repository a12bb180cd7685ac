import { sql, type Kysely } from 'kysely';

/**
 * The shop on the open internet:
 * - an unpaid order holds its stock until `expires_at`, then becomes `expired` and gives it back;
 *   a Stripe Checkout Session opened for it is remembered so that it can be expired too;
 * - the fixed-window counters of sign-in become the counters of every rate limit (`rate_counters`),
 *   pruned by a job;
 * - a shown name is never blank (a review would otherwise show the author's e-mail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('checkout_session_id', 'text')
    .execute();
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in ('unpaid', 'paid', 'shipped', 'cancelled', 'expired'))`.execute(db);
  // Orders that were unpaid before this migration get the default window from their creation.
  await sql`update orders set expires_at = created_at + interval '30 minutes' where status = 'unpaid'`.execute(db);
  await sql`alter table orders add constraint orders_unpaid_expires
    check (status <> 'unpaid' or expires_at is not null)`.execute(db);
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status', 'seq']).execute();
  await sql`create index orders_unpaid_expires_at on orders (expires_at) where status = 'unpaid'`.execute(db);

  await db.schema.alterTable('auth_attempts').renameTo('rate_counters').execute();
  await sql`alter index auth_attempts_pkey rename to rate_counters_pkey`.execute(db);
  await db.schema.createIndex('rate_counters_window').on('rate_counters').column('window_started_at').execute();

  await sql`update users set name = 'Customer' where btrim(name) = ''`.execute(db);
  await sql`update reviews set name = 'Customer' where btrim(name) = '' or lower(name) = lower(email)`.execute(db);
  await db.schema.createIndex('reviews_email').on('reviews').columns(['email', 'seq']).execute();
}
