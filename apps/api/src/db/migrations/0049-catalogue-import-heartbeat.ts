import type { Kysely } from 'kysely';

/**
 * When a running catalogue import last showed it was alive (decision 073 amended): pg-boss gives
 * up on a job after its hour's expiry without stopping it, and hands it out again; a run that
 * finds its import's heartbeat fresh leaves it to the run that is still going.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('catalogue_imports').addColumn('heartbeat_at', 'timestamptz').execute();
}
