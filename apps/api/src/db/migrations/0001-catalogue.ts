import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('parts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('img', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('available_quantity', 'integer', (col) =>
      col.notNull().check(sql`available_quantity >= 0`),
    )
    .addColumn('min_order_quantity', 'integer', (col) =>
      col.notNull().defaultTo(1).check(sql`min_order_quantity >= 1`),
    )
    .addColumn('archived_at', 'timestamptz')
    // Lists are ordered by seq: timestamps of rows inserted together can tie.
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('rating', 'text', (col) =>
      col.check(sql`rating in ('1', '2', '2.5', '3', '3.5', '4', '4.5', '5')`),
    )
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
