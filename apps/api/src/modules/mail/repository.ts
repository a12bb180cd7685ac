import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RenderedMail } from './templates';

/** A claim older than this (a worker that died mid-send) may be taken over. */
const CLAIM_SECONDS = 5 * 60;

/** The mail outbox (decision 022): one row per message, sent once. */
export function createMailRepository(db: Db) {
  return {
    /** Records a message; call it with the transaction of the change it reports. */
    async insert(mail: RenderedMail & { kind: string; orderId?: string | undefined }): Promise<string> {
      const { id } = await db
        .insertInto('mail_outbox')
        .values({
          kind: mail.kind,
          recipient: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          order_id: mail.orderId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
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

    async markSent(id: string): Promise<void> {
      await db.updateTable('mail_outbox').set({ sent_at: sql<Date>`now()`, last_error: null }).where('id', '=', id).execute();
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

export type MailRepository = ReturnType<typeof createMailRepository>;
