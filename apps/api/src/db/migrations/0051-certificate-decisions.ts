import { sql, type Kysely } from 'kysely';

/**
 * An admin's decision names the upload it is about (decision 105): `version` counts the uploads of
 * a location's certificate for a state (a re-upload keeps the row's id), and verify, reject and
 * revoke are refused when it has moved. A rejected or revoked certificate keeps why, for its owners.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('resale_certificates')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1).check(sql`version >= 1`))
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('rejected_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('rejection_reason', 'text', (col) => col.check(sql`length(rejection_reason) between 1 and 500`))
    .execute();
  // Verified and rejected at once is no state a certificate can be in.
  await sql`alter table resale_certificates add constraint resale_certificates_one_decision check (verified_at is null or rejected_at is null)`.execute(db);
}
