import { sql, type Kysely } from 'kysely';

/**
 * Browsing /shop without a text or a vehicle reads its page in the order of an index instead of
 * sorting every part on sale: the catalogue's own order (seq), by category, and by name (price
 * already has parts_price_idx and parts_category_idx from migration 0007).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index parts_on_sale_seq_idx on parts (seq) where archived_at is null`.execute(db);
  await sql`create index parts_on_sale_category_seq_idx on parts (category_slug, seq) where archived_at is null`.execute(db);
  await sql`create index parts_on_sale_name_idx on parts (name, seq) where archived_at is null`.execute(db);
}
