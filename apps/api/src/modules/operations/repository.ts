import { OPERATIONS_MAIL_LIMIT, type OutboxMessage } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The mail outbox as the operator sees it (decision 048): what has not gone out, and why. */
export function createOperationsRepository(db: Db) {
  return {
    async unsentMail(): Promise<{ unsent: number; failed: number; messages: OutboxMessage[] }> {
      const unsent = db.selectFrom('mail_outbox').where('sent_at', 'is', null);
      const [counts, rows] = await Promise.all([
        unsent
          .select([
            sql<number>`count(*)::int`.as('unsent'),
            sql<number>`(count(*) filter (where last_error is not null))::int`.as('failed'),
          ])
          .executeTakeFirstOrThrow(),
        unsent
          .select(['id', 'kind', 'recipient', 'subject', 'attempts', 'last_error', 'created_at', 'resent_at'])
          .orderBy('created_at')
          .orderBy('id')
          .limit(OPERATIONS_MAIL_LIMIT)
          .execute(),
      ]);
      return {
        ...counts,
        messages: rows.map((row) => ({
          _id: row.id,
          kind: row.kind,
          recipient: row.recipient,
          subject: row.subject,
          attempts: row.attempts,
          lastError: row.last_error,
          failed: row.last_error !== null,
          createdAt: row.created_at.toISOString(),
          resentAt: row.resent_at?.toISOString() ?? null,
        })),
      };
    },

    async findUnsent(id: string) {
      return db
        .selectFrom('mail_outbox')
        .select(['id', 'recipient', 'last_error', 'resent_at'])
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Marks a failed, unsent message resent; false when it was resent already, or sent meanwhile
     * (one conditional update: two admins clicking at once resend it once).
     */
    async markResent(id: string): Promise<boolean> {
      const row = await db
        .updateTable('mail_outbox')
        .set({ resent_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where('last_error', 'is not', null)
        .where('resent_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
