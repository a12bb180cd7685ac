import type { Db } from '../db/database';

/** How many rows a table has. */
export async function count(db: Db, table: 'parts' | 'reviews' | 'vehicles' | 'fitments' | 'garage_vehicles'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
