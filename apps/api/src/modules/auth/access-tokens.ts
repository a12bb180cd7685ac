import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Identity } from './identity';

/** DESIGN §5: at most an hour; the web app renews five minutes before the end. */
const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Who holds the token, while it and its session last. */
function holderOf(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('sessions', 'sessions.id', 'access_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id as userId', 'sessions.id as sessionId', 'users.email', 'users.name', 'users.role'])
    .where('access_tokens.token_hash', '=', tokenHash)
    .where('access_tokens.expires_at', '>', now)
    .where('sessions.expires_at', '>', now);
}

/**
 * The `accessToken` of SPEC §3: an opaque random string bound to one session. Only its hash is
 * stored; it dies with its session (sign-out, removal of the account) or after an hour.
 */
export function createAccessTokens(db: Db) {
  return {
    async issue(sessionId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('access_tokens')
          .where('session_id', '=', sessionId)
          .where('expires_at', '<=', new Date())
          .execute();
        await trx
          .insertInto('access_tokens')
          .values({ token_hash: hash(token), session_id: sessionId, expires_at: expiresAt })
          .execute();
      });
      return { token, expiresAt };
    },

    /**
     * Who holds a live token of a live session: the session and its account, read in one query
     * (an order's first round trip; the role is read fresh, as for a cookie).
     */
    async identityOf(token: string): Promise<Identity | undefined> {
      const holder = await holderOf(db, hash(token), new Date()).executeTakeFirst();
      return holder;
    },
  };
}
