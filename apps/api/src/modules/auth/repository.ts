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
 * given; after a reset through the mailed link, the address counts as confirmed (whoever chose the
 * password read the link at that address); the owner as the message that tells them needs them,
 * if the account is still there.
 */
export async function endAfterPasswordChange(
  trx: Db,
  userId: string,
  { keepSessionId, byMailedLink = false }: { keepSessionId?: string; byMailedLink?: boolean } = {},
): Promise<{ email: string; name: string; email_verified: boolean } | undefined> {
  if (keepSessionId !== undefined) await trx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
  await trx.deleteFrom('verifications').where('value', '=', userId).execute();
  // Read first: the message says the name only to an address confirmed before (the name may be a
  // squatter's, written to the address's real owner, who has just taken it back).
  const owner = await trx.selectFrom('users').select(['email', 'name', 'email_verified']).where('id', '=', userId).executeTakeFirst();
  if (byMailedLink && owner?.email_verified === false) await trx.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute();
  return owner;
}
