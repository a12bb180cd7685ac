import { sql, type CompiledQuery, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { MailOutboxTable } from '../../db/schema';
import type { RenderedMail } from './templates';

/** What a sent message's stored link says in place of its one-time token. */
export const TOKEN_REMOVED = '[removed once sent]';

/** A claim older than this (a worker that died mid-send) may be taken over. */
const CLAIM_SECONDS = 5 * 60;

type NewMail = RenderedMail & { id: string; kind: string; orderId?: string | undefined };

/**
 * The messages of the row `mail_outbox`'s order written before it and still to go (decision 179):
 * neither sent nor given up. Claimed is not sent: one being sent now, or waiting for its retry,
 * keeps its place.
 */
function earlierToGo(db: Db) {
  return db
    .selectFrom('mail_outbox as earlier')
    .select(sql<number>`1`.as('one'))
    .where(sql<boolean>`earlier.order_id = mail_outbox.order_id and earlier.seq < mail_outbox.seq`)
    .where('earlier.sent_at', 'is', null)
    .where('earlier.given_up_at', 'is', null);
}

/** Unclaimed, or claimed by a worker that died mid-send (its claim older than a send can take). */
const claimable = sql<boolean>`(claimed_at is null or claimed_at < now() - make_interval(secs => ${CLAIM_SECONDS}))`;

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
     * Takes an unsent message for sending: undefined when it is sent already, another worker holds
     * a fresh claim on it, or it is a message of an order whose earlier message is still to go
     * (decision 179: "placed" before "paid", a failed send keeping its place). One conditional
     * update, so two workers never both take it.
     */
    async claim(id: string) {
      return db
        .updateTable('mail_outbox')
        .set({ claimed_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1`, held: false })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where(claimable)
        .where(({ not, exists }) => not(exists(earlierToGo(db))))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * A message `claim` refused, asked again in one transaction (decision 179): its order's earlier
     * messages still to go are locked (waiting for one being marked sent or given up at this
     * moment, and reading it as it then is). If one remains, the message is marked `held` and its
     * job may end: that message's sender queues it again (`wakeNext`), and cannot miss the mark, as
     * it marks its own row under the lock taken here. If none remains, the message is claimed.
     * Undefined: sent already, or another worker's fresh claim.
     */
    async holdOrClaim(id: string): Promise<{ held: true } | { mail: Selectable<MailOutboxTable> } | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('mail_outbox').select(['order_id', 'seq']).where('id', '=', id).where('sent_at', 'is', null).executeTakeFirst();
        if (!row) return undefined;
        if (row.order_id !== null) {
          const earlier = await trx
            .selectFrom('mail_outbox')
            .select('id')
            .where('order_id', '=', row.order_id)
            .where('seq', '<', row.seq)
            .where('sent_at', 'is', null)
            .where('given_up_at', 'is', null)
            .orderBy('seq')
            .forUpdate()
            .execute();
          if (earlier.length > 0) {
            const held = await trx
              .updateTable('mail_outbox')
              .set({ held: true })
              .where('id', '=', id)
              .where('sent_at', 'is', null)
              .where(claimable)
              .returning('id')
              .executeTakeFirst();
            return held && { held: true as const };
          }
        }
        const mail = await createMailRepository(trx).claim(id);
        return mail && { mail };
      });
    },

    /**
     * After a message of `orderId` was sent or given up, in that change's transaction (decision
     * 179): the order's next message to go, if its job ended holding it, is held no more; answers
     * its id, for which the caller queues a send job in the same transaction. Undefined when the
     * next one has a job of its own still to run (or is being sent), or none is left.
     */
    async wakeNext(orderId: string): Promise<string | undefined> {
      const row = await db
        .updateTable('mail_outbox')
        .set({ held: false })
        .where('held', '=', true)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('mail_outbox as next')
            .select('next.id')
            .where('next.order_id', '=', orderId)
            .where('next.sent_at', 'is', null)
            .where('next.given_up_at', 'is', null)
            .orderBy('next.seq')
            .limit(1),
        )
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The message's order (null: not an order's), or undefined when it is gone (pruned). */
    async orderOf(id: string): Promise<{ order_id: string | null } | undefined> {
      return db.selectFrom('mail_outbox').select('order_id').where('id', '=', id).executeTakeFirst();
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

    /**
     * Its send job failed for good (decision 194: its last try never ended, or failed before it
     * sent): given up if neither sent nor given up, and not claimed by a worker alive (a claim
     * older than CLAIM_SECONDS is a dead one's). Answers what it found: given up now, to be asked
     * again once a fresh claim expires (`claimExpires`), or nothing to do.
     */
    async giveUp(id: string, error: string): Promise<{ givenUp: true } | { claimExpires: Date } | undefined> {
      const row = await db
        .updateTable('mail_outbox')
        .set({ claimed_at: null, given_up_at: sql<Date>`now()`, last_error: sql<string>`coalesce(last_error, ${error.slice(0, 1000)})` })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where('given_up_at', 'is', null)
        .where(claimable)
        .returning('id')
        .executeTakeFirst();
      if (row) return { givenUp: true };
      const claimed = await db
        .selectFrom('mail_outbox')
        .select(sql<Date>`claimed_at + make_interval(secs => ${CLAIM_SECONDS + 1})`.as('expires'))
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where('given_up_at', 'is', null)
        .where('claimed_at', 'is not', null)
        .executeTakeFirst();
      return claimed && { claimExpires: claimed.expires };
    },

    /**
     * The send failed: the claim goes, so that the job's retry may take it again. After the last
     * try it is given up too (decision 179): it no longer holds back its order's later messages.
     */
    async release(id: string, error: string, { givenUp = false } = {}): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ claimed_at: null, last_error: error.slice(0, 1000), ...(givenUp && { given_up_at: sql<Date>`now()` }) })
        .where('id', '=', id)
        .execute();
    },
  };
}
