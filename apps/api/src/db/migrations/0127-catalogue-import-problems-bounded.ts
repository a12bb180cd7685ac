import { sql, type Kysely } from 'kysely';

/**
 * Decision 204. An import stores its first CATALOGUE_PROBLEMS_LISTED (10,000) problems, and counts
 * the rest (`problem_count`): those an earlier import stored beyond them (a file of 300,000 empty
 * Apps stored 900,000) are removed, so that every import's problems.csv says the same of what it
 * does not list. `seq` numbers an import's problems from 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from catalogue_import_problems where seq >= 10000`.execute(db);
}
