import type { Kysely } from 'kysely';

/**
 * A paid order being refunded is claimed first, so it cannot ship while the provider is called,
 * without holding a database transaction open across that call (PGlite has one connection).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refund_started_at', 'timestamptz').execute();
}
