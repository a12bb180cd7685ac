import { sql, type Kysely } from 'kysely';

/**
 * The admin overview lists parts low on stock: below a threshold of the part's own,
 * or, while it has none (null), below twice its minimum order quantity.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('parts')
    .addColumn('low_stock_threshold', 'integer', (col) => col.check(sql`low_stock_threshold >= 0`))
    .execute();
}
