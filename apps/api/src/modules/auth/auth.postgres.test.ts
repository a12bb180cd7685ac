import { authErrors } from '@autoparts/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  issueToken,
  newAccount,
  postSignIn,
  postSignUp,
  signOut,
  signUp,
  whoAmI,
} from '../../test/accounts';
import { twoInstances } from '../../test/app';
import { limits as authLimits } from '../limits/limits';

// Runs in the PostgreSQL pass only (vitest.config.ts includes *.postgres.test.ts with TEST_DATABASE_URL).
// DESIGN §4: several instances share one PostgreSQL and one AUTH_SECRET; they must act as one shop.
const shops = twoInstances({ realLimits: true });
const shared = newAccount('shared');
let sharedCookie: string;

beforeAll(async () => {
  sharedCookie = await signUp(shops.first, shared);
});

describe('two instances on one PostgreSQL database', () => {
  it('count wrong passwords for an account together, in the database', async () => {
    const { max, windowSeconds } = authLimits.signInFailuresPerAccountAndIp;
    const wrong = { email: shared.email, password: `${shared.password}-wrong` };
    // One after another, on either instance: the hashing queue is this process's, shared by both.
    const attempts = [];
    for (let index = 0; index < max; index++) {
      attempts.push(await postSignIn(index % 2 === 0 ? shops.first : shops.second, wrong, '192.0.2.50'));
    }
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(max).fill(401));

    for (const instance of [shops.first, shops.second]) {
      const response = await postSignIn(instance, shared, '192.0.2.50');
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ message: authErrors.tooManyAttempts });
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    }
    const rows = await shops.second.db
      .selectFrom('rate_counters')
      .selectAll()
      .where('key', 'like', `%${shared.email}%`)
      .execute();
    expect(rows).toHaveLength(1);
    // Failed attempts count, refused ones do not: the counter stops at the limit.
    expect(rows[0]!.count).toBe(max);
  });

  it('let exactly the limit through when attempts race in on both at once', async () => {
    const { max } = authLimits.signUpPerIp;
    const extra = 5;
    // A too-short password is refused before any hashing, but the attempt is counted.
    const cheap = { ...newAccount('race'), password: 'x' };

    const responses = await Promise.all(
      Array.from({ length: max + extra }, (_, index) =>
        postSignUp(index % 2 === 0 ? shops.first : shops.second, cheap, '198.51.100.60'),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
  });

  it('know each other’s sessions and access tokens, and a sign-out on one ends both', async () => {
    expect(await whoAmI(shops.second, { cookie: sharedCookie })).toBe(shared.email);

    const token = await issueToken(shops.second, sharedCookie, shared.email);
    const authorization = `Bearer ${token}`;
    expect(await whoAmI(shops.first, { authorization })).toBe(shared.email);

    expect((await signOut(shops.first, sharedCookie)).statusCode).toBe(200);

    for (const instance of [shops.first, shops.second]) {
      for (const headers of [{ authorization }, { cookie: sharedCookie }] as Record<string, string>[]) {
        expect(await whoAmI(instance, headers)).toBeNull();
        const guarded = await instance.inject({ method: 'GET', url: `/api/admin/${shared.email}`, headers });
        expect(guarded.statusCode).toBe(401);
      }
    }
  });
});
