import { sql, type Kysely } from 'kysely';

/**
 * A shipping method's name is used once, whatever its case: the buyer picks a method by name at
 * checkout, and the admin's form sent twice (a double click, a retried request) adds one method,
 * not two; the second is refused as a name taken (modules/shipping-methods).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index shipping_methods_name_key on shipping_methods (lower(name))`.execute(db);
}
