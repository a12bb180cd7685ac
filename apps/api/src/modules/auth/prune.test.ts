import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, newAccount, signUp } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { pruneExpiredSignIns } from './prune';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

const past = () => new Date(Date.now() - 60_000);
const sessionOf = async (email: string) =>
  (await app.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.id').where('users.email', '=', email.toLowerCase()).executeTakeFirstOrThrow()).id;

describe('pruneExpiredSignIns (the hourly sign-in-prune job)', () => {
  it('deletes sessions, access tokens and verifications past their end, and nothing still live', async () => {
    const [gone, live, stale] = [newAccount('prune-gone'), newAccount('prune-live'), newAccount('prune-token')];
    const signedUp = async (account: typeof gone) => {
      const cookie = await signUp(app, account);
      await issueToken(app, cookie, account.email);
      return sessionOf(account.email);
    };
    const [goneSession, liveSession, staleSession] = await Promise.all([signedUp(gone), signedUp(live), signedUp(stale)]);
    await app.db.updateTable('sessions').set({ expires_at: past() }).where('id', '=', goneSession).execute();
    await app.db.updateTable('access_tokens').set({ expires_at: past() }).where('session_id', '=', staleSession).execute();
    // A Google sign-in's state that nobody brought back, and one started a moment ago.
    await app.db
      .insertInto('verifications')
      .values([
        { id: 'prune-abandoned', identifier: 'prune-abandoned-state', value: '{}', expires_at: past() },
        { id: 'prune-pending', identifier: 'prune-pending-state', value: '{}', expires_at: new Date(Date.now() + 600_000) },
      ])
      .execute();

    const pruned = await pruneExpiredSignIns(app.db);

    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(pruned.accessTokens).toBeGreaterThanOrEqual(1);
    expect(pruned.verifications).toBeGreaterThanOrEqual(1);
    const sessions = await app.db.selectFrom('sessions').select('id').where('id', 'in', [goneSession, liveSession, staleSession]).execute();
    expect(sessions.map((row) => row.id).sort()).toEqual([liveSession, staleSession].sort());
    const tokens = await app.db.selectFrom('access_tokens').select('session_id').where('session_id', 'in', [goneSession, liveSession, staleSession]).execute();
    expect(tokens.map((row) => row.session_id)).toEqual([liveSession]);
    const verifications = await app.db.selectFrom('verifications').select('id').where('id', 'like', 'prune-%').execute();
    expect(verifications.map((row) => row.id)).toEqual(['prune-pending']);
  });
});
