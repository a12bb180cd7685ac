import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { collided, databaseUnavailable, type Db } from '../../db/database';
import type { MailOutboxTable } from '../../db/schema';
import type { JobRequest } from '../../jobs/queue';
import { createMailRepository } from './repository';
import { recipientOf, renderMail, type MailMessage } from './templates';
import { createMailTransport } from './transport';

/**
 * Messages fetched per poll and sent at once per instance: as many as the SMTP connections kept
 * open (transport.ts), and few enough that a batch against an unreachable server (30 s connect
 * timeout each) ends well within the queue's 5-minute job expiry.
 */
const MAIL_BATCH = 20;
const MAIL_CONCURRENCY = 5;

/**
 * Days a sent message is kept (for an operator asking "did it go?"): its body holds a name, an
 * address and perhaps a link, which the shop keeps no longer than that.
 */
export const SENT_MAIL_KEPT_DAYS = 30;
/**
 * When the send job of an order's message held for an earlier one is due, once that one is sent
 * (decision 179): its sender sends it at once; the job, due after about the queue's first retry
 * delay, sends it only should that send fail, or the sender's instance stop before it.
 */
const WAKE_JOB_DELAY_SECONDS = 10;
/** A message sent while the database is away is marked sent after 0.25 s, then twice as long each try, up to 5 s apart. */
const MARK_SENT_RETRY_FIRST_MS = 250;
const MARK_SENT_RETRY_MAX_MS = 5_000;

export interface Mail {
  /**
   * Records a message and its send job in `trx`, the transaction of the change it reports
   * (decision 022): both exist exactly when the change commits. `jobs` of the same change (an
   * order's expiry job) go in with them: the outbox row and every job in one statement.
   */
  queue(trx: Db, message: MailMessage, ...jobs: JobRequest[]): Promise<void>;
  /**
   * As `queue`, for a message to an account that the caller read in `trx` under its row lock (an
   * order placed: the account placing it): whether it may repeat what the account typed is decided
   * from that row, one read fewer on the order path.
   */
  queueTo(trx: Db, account: RecipientAccount | undefined, message: MailMessage, ...jobs: JobRequest[]): Promise<void>;
}

/** An account as read under its row lock: its address and whether it confirmed it. */
export interface RecipientAccount {
  email: string;
  email_verified: boolean;
}

/**
 * Whether the message may repeat what an account typed (decision 114): its recipient is an account
 * that has confirmed the address it is sent to. A message to an order's own address follows the
 * order's account, which must still exist, have confirmed its address, and have that address: not
 * whoever holds the address now (the order's account deleted, someone else signed up with it and
 * confirmed it, and read the deleted account's name and delivery address). Any other message is
 * to an account's address (`to`): that account's.
 */
async function recipientConfirmed(trx: Db, message: MailMessage): Promise<boolean> {
  const owner =
    'to' in message
      ? await trx.selectFrom('users').select(['email', 'email_verified']).where('email', '=', message.to.toLowerCase()).executeTakeFirst()
      : await trx
          .selectFrom('orders')
          .innerJoin('users', 'users.id', 'orders.user_id')
          .select(['users.email', 'users.email_verified'])
          .where('orders.id', '=', message.order.id)
          .executeTakeFirst();
  return confirms(owner, message);
}

/** Whether `owner` (the recipient's account, if any) has confirmed the very address `message` goes to. */
function confirms(owner: RecipientAccount | undefined, message: MailMessage): boolean {
  return owner?.email_verified === true && owner.email.toLowerCase() === recipientOf(message).toLowerCase();
}

export function createMail(app: FastifyInstance): Mail {
  async function record(trx: Db, confirmed: boolean, message: MailMessage, jobs: JobRequest[]) {
    const rendered = renderMail(message, { baseUrl: app.config.baseUrl, ...app.config.shop, replyTo: app.config.mail.replyTo }, { confirmed });
    // Chosen here, so that the send job can name the row it is sent with.
    const id = randomUUID();
    const row = createMailRepository(trx).insertion({
      ...rendered,
      id,
      kind: message.kind,
      orderId: 'order' in message ? message.order.id : undefined,
    });
    await app.jobs.sendInTransaction(trx, [...jobs, { queue: 'mail', data: { id } }], row);
  }
  return {
    queue: async (trx, message, ...jobs) => record(trx, await recipientConfirmed(trx, message), message, jobs),
    queueTo: (trx, account, message, ...jobs) => record(trx, confirms(account, message), message, jobs),
  };
}

/**
 * The worker of the `mail` queue, on every instance: pg-boss hands each job to one worker; the
 * worker claims the outbox row (one conditional update), sends it and marks it sent. A failed
 * send releases the claim and fails the job, which pg-boss retries with back-off.
 *
 * An order's messages go as a chain (decision 179): a message whose order has an earlier one still
 * to go (being sent, or waiting for its retry) is marked held and its job ends, failing nothing;
 * once that earlier one is sent, or given up after its last try, its sender takes the order's next
 * message if it is held and sends it at once, then the one after, as long as they were held.
 */
export async function registerMailWorker(app: FastifyInstance) {
  const outbox = createMailRepository(app.db);
  const transport = createMailTransport(app.config, app.log);
  app.addHook('onClose', () => transport.close());
  if (!app.config.mail.smtpUrl) {
    app.log[app.config.production ? 'warn' : 'info'](
      `mail: SMTP_URL is not set, so messages are written to ${app.config.dataDir}/outbox/ and not sent`,
    );
  }

  /**
   * Marks the message sent or given up (`change`); for a message of an order, in the same
   * transaction, the order's next message, if held, is held no more and gets a send job due
   * WAKE_JOB_DELAY_SECONDS later; answers its id, for this sender to send at once. The job is the
   * chain's link should this instance stop first, and the retry of that send should it fail; when
   * the send succeeds it finds the message sent and ends.
   */
  async function settle(
    orderId: string | null,
    change: (repository: ReturnType<typeof createMailRepository>) => Promise<unknown>,
  ): Promise<string | undefined> {
    if (orderId === null) {
      await change(outbox);
      return undefined;
    }
    return app.db.transaction().execute(async (trx) => {
      const repository = createMailRepository(trx);
      // `false`: nothing was settled (decision 194's give-up found the message sent, or being sent).
      if ((await change(repository)) === false) return undefined;
      const next = await repository.wakeNext(orderId);
      if (next) {
        await app.jobs.sendInTransaction(trx, [{ queue: 'mail', data: { id: next }, startAfter: new Date(Date.now() + WAKE_JOB_DELAY_SECONDS * 1000) }]);
      }
      return next;
    });
  }

  /**
   * Sends a claimed message and marks it sent. A failed send releases the claim (after the job's
   * last try, gives the message up) and answers the error, which its caller says: the job's own
   * message fails the job, which the job queue logs (decision 216). Either way answers the order's
   * next message, if it was held for this one.
   */
  async function sendClaimed(mail: Selectable<MailOutboxTable>, signal: AbortSignal, lastTry: boolean): Promise<{ next?: string | undefined; error?: unknown }> {
    try {
      // A send the server holds past the shutdown's bound is given up (the transport closes its
      // connection as the shop closes), its claim released: another instance sends it (decision 108).
      await abortable(transport.send({ id: mail.id, to: mail.recipient, subject: mail.subject, html: mail.html, text: mail.text }), signal);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // After its last try it is given up: its order's next message goes without it.
      const next = lastTry ? await settle(mail.order_id, (repository) => repository.release(mail.id, message, { givenUp: true })) : undefined;
      if (!lastTry) await outbox.release(mail.id, message);
      return { next, error };
    }
    // Sent: it is marked so once the database answers again if it is away now (a restart, a
    // failover), or once its transaction goes through if PostgreSQL stopped it for another (a
    // deadlock, a serialization failure: settle locks the order's next row too; decision 194).
    // Failing the job instead would leave the row claimed and unsent, and send the message again
    // once the claim and the job expire.
    for (let wait = MARK_SENT_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, MARK_SENT_RETRY_MAX_MS)) {
      try {
        const next = await settle(mail.order_id, (repository) => repository.markSent(mail.id));
        app.log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
        return { next };
      } catch (error) {
        if (!(databaseUnavailable(error) || collided(error)) || signal.aborted) throw error;
        app.log.warn(
          { err: error, mailId: mail.id },
          collided(error) ? 'mail: sent, marking it sent collided with another transaction, trying again' : 'mail: sent, marked sent once the database answers again',
        );
        await sleep(wait, undefined, { signal }).catch(() => {});
      }
    }
  }

  await app.jobs.work<{ id: string }>('mail', async ({ id }, { signal, lastTry }) => {
    let mail = await outbox.claim(id);
    if (!mail) {
      const taken = await outbox.holdOrClaim(id);
      // An earlier message of its order is still to go: its sender sends this one after it.
      if (taken && 'held' in taken) return;
      if (!taken) {
        if (await outbox.isSent(id)) return;
        // Another worker holds a fresh claim (its job outlived pg-boss's expiry): try again later.
        throw new Error(`mail ${id} is being sent by another worker`);
      }
      mail = taken.mail;
    }
    const { next, error } = await sendClaimed(mail, signal, lastTry);
    await sendFollowing(next, signal);
    if (error) throw error;
  }, { batchSize: MAIL_BATCH, concurrency: MAIL_CONCURRENCY, givesWay: true });

  /**
   * The chain: the order's messages held for the one just settled (`next` first), each sent at
   * once after the one before. One that fails is released and said here, no job failing for it;
   * its job (settle's) retries it.
   */
  async function sendFollowing(next: string | undefined, signal: AbortSignal): Promise<void> {
    for (let following = next; following; ) {
      const claimed = await outbox.claim(following);
      if (!claimed) return;
      const sent = await sendClaimed(claimed, signal, false);
      if (sent.error) app.log.warn({ queue: 'mail', mailId: claimed.id, attempt: claimed.attempts, err: sent.error }, 'mail: send failed, will retry');
      following = sent.next;
    }
  }

  // A `mail` job failed for good (decision 194): its last try failed, which gave its message up
  // already, or never ended (its instance stopped mid-send, pg-boss expired the job), which left
  // it claimed, neither sent nor given up, its order's later messages held behind it for ever.
  // pg-boss puts a copy of the job in its dead-letter queue; here the message is given up and its
  // order's next one goes, as after a failed last try. One a worker still holds a fresh claim on
  // is asked about again once that claim expires: that worker, alive, marks it sent or gives it up.
  await app.jobs.work<{ id: string }>('mail-given-up', async ({ id }, { signal }) => {
    const row = await outbox.orderOf(id);
    if (!row) return;
    let found: Awaited<ReturnType<typeof outbox.giveUp>>;
    const next = await settle(row.order_id, async (repository) => {
      found = await repository.giveUp(id, 'its last send did not end (its instance stopped?)');
      return found !== undefined && 'givenUp' in found;
    });
    if (found && 'claimExpires' in found) {
      await app.jobs.sendInTransaction(app.db, [{ queue: 'mail-given-up', data: { id }, startAfter: found.claimExpires }]);
      return;
    }
    if (found) app.log.warn({ mailId: id }, 'mail: its last send did not end, given up');
    await sendFollowing(next, signal);
  });

  await app.jobs.work('mail-prune', async () => {
    const pruned = await outbox.pruneSent(SENT_MAIL_KEPT_DAYS);
    app.log.info({ pruned }, 'mail: sent messages past their keeping time deleted');
  });
  await app.jobs.schedule('mail-prune', '23 3 * * *');
}

/** `work`, or a rejection as soon as `signal` is aborted (the work itself goes on, unheard). */
function abortable(work: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Error('the instance is stopping'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('the instance is stopping'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
