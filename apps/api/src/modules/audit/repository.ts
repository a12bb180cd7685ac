import type { AuditEntry } from '@autoparts/shared';
import type { Db } from '../../db/database';
import type { Identity } from '../auth/identity';
import { withTransaction } from '../../lib/transaction';
import { sql } from 'kysely';

export type AuditAction =
  | 'user.make-admin'
  | 'user.remove-admin'
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
  | 'fitment-report.dismiss'
  | 'fitment-report.remove-fitment'
  | 'order.ship'
  | 'order.deliver'
  | 'order.cancel'
  | 'review.hide'
  | 'review.show'
  | 'review.hide-author'
  | 'image.upload'
  | 'mail.resend'
  | 'shipping-method.add'
  | 'shipping-method.update'
  | 'shipping-method.remove'
  | 'tax-rate.add'
  | 'tax-rate.update'
  | 'tax-rate.remove'
  | 'return.approve'
  | 'return.reject'
  | 'return.receive'
  | 'return.refund'
  | 'settings.update';

export interface AuditRecord {
  action: AuditAction;
  target: string;
  details?: Record<string, unknown>;
}

/**
 * An admin change and its audit row in one transaction: both are written or neither.
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

    /**
     * The newest entries, each with its subject as a person reads it: a part's current name and
     * number, whose order of what, whose review (an id alone says nothing to the next admin).
     */
    async recent(limit: number): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('audit_log')
        .leftJoin('parts', (join) => join.on(sql<boolean>`audit_log.target = 'part ' || parts.id::text`))
        .leftJoin('orders', (join) => join.on(sql<boolean>`audit_log.target = 'order ' || orders.id::text`))
        .leftJoin('reviews', (join) => join.on(sql<boolean>`audit_log.target = 'review ' || reviews.id::text`))
        .selectAll('audit_log')
        .select([
          'parts.name as part_name',
          'parts.part_number',
          'orders.part_name as order_part_name',
          'orders.quantity as order_quantity',
          'orders.email as order_email',
          'reviews.name as review_name',
        ])
        .orderBy('audit_log.seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        actor: row.actor_email,
        action: row.action,
        target: row.target,
        details: row.details,
        subject: subjectOf(row),
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}

function subjectOf(row: {
  part_name: string | null;
  part_number: string | null;
  order_part_name: string | null;
  order_quantity: number | null;
  order_email: string | null;
  review_name: string | null;
}): string | null {
  if (row.part_name !== null) return `“${row.part_name}” (${row.part_number ?? ''})`;
  if (row.order_part_name !== null) return `${row.order_email ?? ''}’s order of ${row.order_quantity ?? ''} × ${row.order_part_name}`;
  if (row.review_name !== null) return `the review by ${row.review_name}`;
  return null;
}
