import type { Kysely } from 'kysely';

/**
 * An owner withdraws a pending invitation (issue 31, decision 086): the row stays, marked with
 * when it was withdrawn, so that its link answers "withdrawn" rather than "not valid".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_invitations').addColumn('revoked_at', 'timestamptz').execute();
}
