import { sql, type Kysely } from 'kysely';

/**
 * The public part pages and `GET /api/part/{id}` show a part's price breaks: a change to them tells
 * every instance to drop what it cached of the catalogue, as a change to `parts` does (0016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger part_price_breaks_notify_change
      after insert or update or delete or truncate on part_price_breaks
      for each statement execute function notify_shop_change('catalogue')
  `.execute(db);
}
