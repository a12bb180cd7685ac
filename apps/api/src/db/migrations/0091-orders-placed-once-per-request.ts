import { sql, type Kysely } from 'kysely';

/**
 * Decision 162. The key a Place order request carries (`idempotencyKey`), kept on the order it
 * placed: the same request sent again by its account (a retry after the connection dropped before
 * the reply came) is answered that order, and places none. One order per account and key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
  await sql`create unique index orders_user_idempotency_key on orders (user_id, idempotency_key) where idempotency_key is not null`.execute(db);
}
