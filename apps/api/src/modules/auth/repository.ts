import type { Db } from '../../db/database';

/** The account whose reset token has this key (`resetTokenKey`), while the token is live. */
export function findResetAccount(db: Db, tokenKey: string): Promise<{ email: string; userId: string } | undefined> {
  return db
    .selectFrom('verifications')
    .innerJoin('users', 'users.id', 'verifications.value')
    .select(['users.email', 'users.id as userId'])
    .where('verifications.identifier', '=', tokenKey)
    .where('verifications.expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * In the transaction after a new password: every reset link of the account dies (a reset token's
 * row holds its account's id, and only it does), every session but `keepSessionId`'s too when
 * given; the owner as the message that tells them needs them, if the account is still there.
 */
export async function endAfterPasswordChange(
  trx: Db,
  userId: string,
  keepSessionId?: string,
): Promise<{ email: string; name: string; email_verified: boolean } | undefined> {
  if (keepSessionId !== undefined) await trx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
  await trx.deleteFrom('verifications').where('value', '=', userId).execute();
  return trx.selectFrom('users').select(['email', 'name', 'email_verified']).where('id', '=', userId).executeTakeFirst();
}
