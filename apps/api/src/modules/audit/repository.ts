import type { AuditEntry } from '@autoparts/shared';
import type { Db } from '../../db/database';
import type { Identity } from '../auth/identity';
import { withTransaction } from '../../lib/transaction';

export type AuditAction =
  | 'user.make-admin'
  | 'user.remove'
  | 'part.add'
  | 'part.update'
  | 'part.restock'
  | 'part.archive'
  | 'part.unarchive'
  | 'part.catalogue'
  | 'fitment.import'
  | 'fitment.export'
  | 'fitment.remove'
  | 'order.ship'
  | 'order.cancel'
  | 'review.hide'
  | 'review.show'
  | 'review.hide-author'
  | 'image.upload'
  | 'mail.resend';

export interface AuditRecord {
  action: AuditAction;
  target: string;
  details?: Record<string, unknown>;
}

/**
 * An admin change and its audit row in one transaction (issue 8): both are written or neither.
 * `change` runs on the transaction; `entry` says what to record of its result (nothing when the
 * change did not happen, e.g. the target was not found).
 */
export async function audited<T>(
  db: Db,
  actor: Identity,
  change: (trx: Db) => Promise<T>,
  entry: (result: T) => AuditRecord | undefined,
): Promise<T> {
  return withTransaction(db, async (trx) => {
    const result = await change(trx);
    const record = entry(result);
    if (record) await createAuditLog(trx).record(actor, record.action, record.target, record.details);
    return result;
  });
}

export function createAuditLog(db: Db) {
  return {
    async record(actor: Identity, action: AuditAction, target: string, details: Record<string, unknown> = {}) {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: actor.userId,
          actor_email: actor.email,
          action,
          target,
          details: JSON.stringify(details),
        })
        .execute();
    },

    async recent(limit: number): Promise<AuditEntry[]> {
      const rows = await db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        _id: row.id,
        actor: row.actor_email,
        action: row.action,
        target: row.target,
        details: row.details,
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}
