import type { Kysely } from 'kysely';

/**
 * The audit log screen (issue 34, decision 067): pages newest first (by `seq`), filtered by the
 * admin or the action, and the admins who appear in it. Without these, each page sorts the whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_seq').on('audit_log').column('seq').execute();
  await db.schema.createIndex('audit_log_actor_seq').on('audit_log').columns(['actor_email', 'seq']).execute();
  await db.schema.createIndex('audit_log_action_seq').on('audit_log').columns(['action', 'seq']).execute();
}
