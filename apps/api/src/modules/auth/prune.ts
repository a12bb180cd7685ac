import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';

/**
 * Deletes what can no longer sign anyone in: sessions past their end (their access tokens go with
 * them by foreign key), access tokens past theirs, and Better Auth's verifications past theirs (a
 * reset link, a Google sign-in's state). Better Auth removes such a row only when it is asked for
 * again; most never are (a Google sign-in abandoned at the provider, a reset link never opened, a
 * browser that never came back), and anyone can start a Google sign-in.
 */
export async function pruneExpiredSignIns(db: Db, now = new Date()) {
  const deleted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) => Number((await query.executeTakeFirst()).numDeletedRows);
  return {
    sessions: await deleted(db.deleteFrom('sessions').where('expires_at', '<=', now)),
    accessTokens: await deleted(db.deleteFrom('access_tokens').where('expires_at', '<=', now)),
    verifications: await deleted(db.deleteFrom('verifications').where('expires_at', '<=', now)),
  };
}

/** Every hour, on one instance. */
export async function registerSignInPrune(app: FastifyInstance) {
  await app.jobs.work('sign-in-prune', async () => {
    app.log.info(await pruneExpiredSignIns(app.db), 'auth: expired sessions, access tokens and verifications deleted');
  });
  await app.jobs.schedule('sign-in-prune', '41 * * * *');
}
