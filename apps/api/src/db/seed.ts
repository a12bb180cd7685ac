import { sql, type Kysely } from 'kysely';
import { demoParts, demoReviews } from './seed-data';
import type { Database } from './schema';

/** Any constant key: it only has to be the same for every instance that seeds. */
const SEED_LOCK_KEY = 4_207_001;

/** Seeds the demo catalogue into a database with no parts and no reviews, and nothing else. */
export async function seedDemoCatalogue(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Several instances may start on one PostgreSQL at once: only one of them seeds.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const hasParts = await trx.selectFrom('parts').select('id').limit(1).executeTakeFirst();
    const hasReviews = await trx.selectFrom('reviews').select('id').limit(1).executeTakeFirst();
    if (hasParts || hasReviews) return;
    await trx.insertInto('parts').values([...demoParts]).execute();
    await trx.insertInto('reviews').values([...demoReviews]).execute();
  });
}
