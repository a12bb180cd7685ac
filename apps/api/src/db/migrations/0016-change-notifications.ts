import { sql, type Kysely } from 'kysely';

/**
 * What the public catalogue and reviews show lives in these tables; any statement that changes
 * one of them tells every instance of the shop, so each drops what it cached of that topic
 * (plugins/public-cache.ts, decision 026). `pg_notify` inside the writer's transaction is
 * delivered when it commits, and not at all when it rolls back. A table that a cached read
 * starts to show gets its trigger here, in a new migration: no route has to remember it.
 */
const changeTopics = {
  catalogue: ['parts', 'categories', 'vehicles', 'fitments', 'images'],
  reviews: ['reviews'],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_shop_change() returns trigger language plpgsql as $$
    begin
      -- One notification per topic and transaction: PostgreSQL folds identical ones together.
      perform pg_notify('shop_changes', tg_argv[0]);
      return null;
    end
    $$
  `.execute(db);
  for (const [topic, tables] of Object.entries(changeTopics)) {
    for (const table of tables) {
      // A statement trigger: one call per statement, however many rows it touched.
      await sql`
        create trigger ${sql.id(`${table}_notify_change`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function notify_shop_change(${sql.lit(topic)})
      `.execute(db);
    }
  }
}
