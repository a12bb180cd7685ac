import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';
import type { RenderedMail } from './templates';

/** What a sent message's stored link says in place of its one-time token. */
export const TOKEN_REMOVED = '[removed once sent]';

/** A claim older than this (a worker that died mid-send) may be taken over. */
const CLAIM_SECONDS = 5 * 60;

type NewMail = RenderedMail & { id: string; kind: string; orderId?: string | undefined };

/** The mail outbox (decision 022): one row per message, sent once. */
export function createMailRepository(db: Db) {
  return {
    /**
     * The statement that records a message (its id chosen by the caller), not yet run: the caller
     * sends it with the message's send job, in the transaction of the change it reports (outbox.ts).
     */
    insertion(mail: NewMail): CompiledQuery {
      return db
        .insertInto('mail_outbox')
        .values({
          id: mail.id,
          kind: mail.kind,
          recipient: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          order_id: mail.orderId ?? null,
          secret: mail.secret ?? null,
        })
        .compile();
    },

    /**
     * Takes an unsent message for sending: undefined when it is sent already, or another worker
     * holds a fresh claim on it. One conditional update, so two workers never both take it.
     */
    async claim(id: string) {
      return db
        .updateTable('mail_outbox')
        .set({ claimed_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('claimed_at', 'is', null),
            eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${CLAIM_SECONDS})`),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
    },

    async isSent(id: string): Promise<boolean> {
      const row = await db.selectFrom('mail_outbox').select('sent_at').where('id', '=', id).executeTakeFirst();
      return row?.sent_at != null;
    },

    /**
     * Sent: and its link's one-time token, needed no longer, is taken out of the stored HTML and
     * text (decision 151). The tables the tokens are checked against keep only hashes; a sent
     * message is kept 30 days, and its token must not be readable from the database or a backup.
     */
    async markSent(id: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          sent_at: sql<Date>`now()`,
          last_error: null,
          html: sql<string>`coalesce(replace(html, secret, ${TOKEN_REMOVED}), html)`,
          text: sql<string>`coalesce(replace(text, secret, ${TOKEN_REMOVED}), text)`,
          secret: null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the messages sent more than `days` ago; answers how many. Unsent ones stay. */
    async pruneSent(days: number): Promise<number> {
      const result = await db
        .deleteFrom('mail_outbox')
        .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The send failed: the claim goes, so that the job's retry may take it again. */
    async release(id: string, error: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ claimed_at: null, last_error: error.slice(0, 1000) })
        .where('id', '=', id)
        .execute();
    },
  };
}
