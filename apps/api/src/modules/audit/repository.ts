import type { AuditEntry } from '@autoparts/shared';
import type { Db } from '../../db/database';
import type { Identity } from '../auth/identity';

export type AuditAction =
  | 'user.make-admin'
  | 'user.remove'
  | 'part.add'
  | 'part.update'
  | 'part.restock'
  | 'part.archive'
  | 'part.unarchive'
  | 'order.ship'
  | 'order.cancel'
  | 'review.hide'
  | 'review.show'
  | 'image.upload';

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
