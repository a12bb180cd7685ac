import { apiErrors, validation, type Me, type UserUpdateReply } from '@autoparts/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueToken,
  newAccount,
  recordReplies,
  signIn,
  signOut,
  signUp,
  whoAmI,
  type TestAccount,
} from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { createUsersRepository } from './repository';

let app: FastifyInstance;
let replies: string[];

// Four accounts, shared by every test that only reads them.
const alice = newAccount('alice');
const bob = newAccount('bob');
const carol = newAccount('carol');
const dave = newAccount('dave');
const cookies: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  replies = recordReplies(app);
  const accounts: Record<string, TestAccount> = { alice, bob, carol, dave };
  await Promise.all(
    Object.entries(accounts).map(async ([who, account]) => {
      cookies[who] = await signUp(app, account);
    }),
  );
});

afterAll(async () => {
  await app?.close();
});

type Credential = { cookie: string } | { token: string } | Record<string, never>;

function headersOf(credential: Credential): Record<string, string> {
  if ('cookie' in credential) return { cookie: credential.cookie };
  if ('token' in credential) return { authorization: `Bearer ${credential.token}` };
  return {};
}

function getMe(credential: Credential) {
  return app.inject({ method: 'GET', url: '/api/me', headers: headersOf(credential) });
}

function putUser(credential: Credential, pathEmail: string, body: object) {
  return app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(pathEmail)}`,
    headers: headersOf(credential),
    payload: body,
  });
}

function getAdmin(credential: Credential, email: string) {
  return app.inject({ method: 'GET', url: `/api/admin/${encodeURIComponent(email)}`, headers: headersOf(credential) });
}

async function userRow(email: string) {
  return app.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
}

async function tokenRows() {
  return app.db.selectFrom('access_tokens').selectAll().execute();
}

function expectStatus(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (message !== undefined) expect(response.json()).toEqual({ message });
}

/** The credential signs nobody in: /api/me knows no one, a guarded route answers 401. */
async function expectRefused(credential: Credential, email: string) {
  expect(await whoAmI(app, headersOf(credential))).toBeNull();
  expectStatus(await getAdmin(credential, email), 401, apiErrors.signInRequired);
}

/** The credential signs `email` in. */
async function expectAccepted(credential: Credential, email: string) {
  expect(await whoAmI(app, headersOf(credential))).toBe(email);
}

describe('GET /api/me', () => {
  // Changed while these tests were written: signed out, /api/me answered 401; now 200 `null`.
  it('answers null, not an error, when signed out or with a token that is no good', async () => {
    for (const credential of [{}, { token: 'garbage' }] as Credential[]) {
      const response = await getMe(credential);
      expectStatus(response, 200);
      expect(response.json()).toBeNull();
    }
  });

  it('answers the signed-in user’s profile and role, and nothing else', async () => {
    const response = await getMe({ cookie: cookies.alice! });

    expectStatus(response, 200);
    expect(response.json()).toEqual({
      email: alice.email,
      name: alice.name,
      role: 'customer',
      education: '',
      location: '',
      phone: '',
      linkedin: '',
      emailVerified: false,
    } satisfies Me);
  });
});

describe('PUT /api/user/{email} with {email}: an access token', () => {
  it('answers the owner a token, modifiedCount 0, and an expiry within the hour', async () => {
    const before = Date.now();
    const response = await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email });

    expectStatus(response, 200);
    const reply = response.json() as UserUpdateReply;
    expect(reply).toEqual({
      result: { acknowledged: true, modifiedCount: 0 },
      token: expect.stringMatching(/^\S{32,}$/),
      expiresAt: expect.any(String),
    });
    const expiresAt = Date.parse(reply.expiresAt);
    expect(expiresAt).toBeGreaterThan(before + 55 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
  });

  it('keeps only a hash of the token in the database', async () => {
    const token = await issueToken(app, cookies.alice!, alice.email);

    const rows = await tokenRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(token);
  });

  it('accepts the owner’s e-mail in another case, in the path and in the body', async () => {
    const upper = alice.email.toUpperCase();
    for (const [path, body] of [
      [upper, alice.email],
      [alice.email, upper],
      [upper, upper],
    ] as const) {
      expectStatus(await putUser({ cookie: cookies.alice! }, path, { email: body }), 200);
    }
  });

  it.each([
    ['the path', bob.email, alice.email],
    ['the body', alice.email, bob.email],
    ['both', bob.email, bob.email],
  ])('answers 403 for someone else’s e-mail in %s, and issues no token', async (_label, path, body) => {
    const before = (await tokenRows()).length;

    const response = await putUser({ cookie: cookies.alice! }, path, { email: body, name: 'Hijacked' });

    expectStatus(response, 403, apiErrors.emailMismatch);
    expect(await tokenRows()).toHaveLength(before);
    expect((await userRow(bob.email)).name).toBe(bob.name);
    expect((await userRow(alice.email)).name).toBe(alice.name);
  });

  it('answers 401 when signed out, and issues no token', async () => {
    const before = (await tokenRows()).length;

    expectStatus(await putUser({}, alice.email, { email: alice.email }), 401, apiErrors.signInRequired);
    expectStatus(await putUser({ token: 'garbage' }, alice.email, { email: alice.email }), 401);
    expect(await tokenRows()).toHaveLength(before);
  });
});

describe('the access token as Authorization: Bearer', () => {
  it('works on GET /api/me and GET /api/admin/{email}, and renews itself', async () => {
    const token = await issueToken(app, cookies.alice!, alice.email);

    await expectAccepted({ token }, alice.email);
    const admin = await getAdmin({ token }, alice.email);
    expectStatus(admin, 200);
    expect(admin.json()).toEqual({ admin: false });

    // The web app renews the token with the token alone, five minutes before it ends.
    const renewed = await putUser({ token }, alice.email, { email: alice.email });
    expectStatus(renewed, 200);
    const next = (renewed.json() as UserUpdateReply).token;
    expect(next).not.toBe(token);
    await expectAccepted({ token: next }, alice.email);
  });

  it('is bound to its owner: it cannot act for another account', async () => {
    const token = await issueToken(app, cookies.alice!, alice.email);

    expectStatus(await putUser({ token }, bob.email, { email: bob.email }), 403, apiErrors.emailMismatch);
    expectStatus(await getAdmin({ token }, bob.email), 403, apiErrors.emailMismatch);
  });

  it.each([
    ['a made-up token', 'garbage'],
    ['a token-shaped random string', 'A'.repeat(43)],
    ['a SQL fragment', "' or '1'='1"],
  ])('is refused for %s', async (_label, token) => {
    await expectRefused({ token }, alice.email);
  });

  it('is refused for a real token with something appended', async () => {
    const token = await issueToken(app, cookies.alice!, alice.email);

    await expectRefused({ token: `${token}x` }, alice.email);
  });

  it('is refused once it has expired, while the session goes on', async () => {
    const token = await issueToken(app, cookies.bob!, bob.email);
    await expectAccepted({ token }, bob.email);
    const { id: bobId } = await userRow(bob.email);
    await app.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('session_id', 'in', app.db.selectFrom('sessions').select('id').where('user_id', '=', bobId))
      .execute();

    await expectRefused({ token }, bob.email);
    await expectAccepted({ cookie: cookies.bob! }, bob.email);
    const fresh = await issueToken(app, cookies.bob!, bob.email);
    await expectAccepted({ token: fresh }, bob.email);
  });

  it('is refused, as is the cookie, once its session is signed out; other sessions go on', async () => {
    const cookie = await signIn(app, alice);
    const token = await issueToken(app, cookie, alice.email);
    await expectAccepted({ token }, alice.email);

    const signedOut = await signOut(app, cookie);
    expectStatus(signedOut, 200);

    await expectRefused({ token }, alice.email);
    await expectRefused({ cookie }, alice.email);
    expectStatus(await putUser({ token }, alice.email, { email: alice.email }), 401);
    await expectAccepted({ cookie: cookies.alice! }, alice.email);
  });

  it('is refused while its Better Auth session has expired', async () => {
    const token = await issueToken(app, cookies.dave!, dave.email);
    const { id: daveId } = await userRow(dave.email);
    const [session] = await app.db.selectFrom('sessions').selectAll().where('user_id', '=', daveId).execute();

    await app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', session!.id).execute();
    await expectRefused({ token }, dave.email);

    await app.db.updateTable('sessions').set({ expires_at: session!.expires_at }).where('id', '=', session!.id).execute();
    await expectAccepted({ token }, dave.email);
  });

  it('is refused, as is the cookie, once the account is removed', async () => {
    const token = await issueToken(app, cookies.dave!, dave.email);
    await expectAccepted({ token }, dave.email);

    await app.db.deleteFrom('users').where('email', '=', dave.email).execute();

    await expectRefused({ token }, dave.email);
    await expectRefused({ cookie: cookies.dave! }, dave.email);
    expectStatus(await putUser({ token }, dave.email, { email: dave.email }), 401);
  });
});

describe('PUT /api/user/{email} with profile fields', () => {
  const profile = {
    name: 'Alice Liddell',
    education: 'Oxford',
    location: 'Wonderland',
    phone: '+44 1865 270000',
    linkedin: 'https://www.linkedin.com/in/alice',
  };

  it('stores the five profile fields, answers modifiedCount 1, and GET /api/me returns them', async () => {
    const response = await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, ...profile });

    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ result: { acknowledged: true, modifiedCount: 1 }, token: expect.any(String) });
    expect((await getMe({ cookie: cookies.alice! })).json()).toEqual({ email: alice.email, role: 'customer', emailVerified: false, ...profile });
    expect(await userRow(alice.email)).toMatchObject(profile);
  });

  it('trims the fields it stores', async () => {
    const response = await putUser({ cookie: cookies.alice! }, alice.email, {
      email: alice.email,
      location: '  Looking-Glass House  ',
    });

    expectStatus(response, 200);
    expect((await userRow(alice.email)).location).toBe('Looking-Glass House');
    await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, location: profile.location });
  });

  it('changes nothing but the profile: role, id, verification and dates in the body are ignored', async () => {
    const before = await userRow(bob.email);

    const response = await putUser({ cookie: cookies.bob! }, bob.email, {
      email: bob.email,
      role: 'admin',
      id: 'chosen-by-client',
      email_verified: true,
      emailVerified: true,
      created_at: '2000-01-01T00:00:00.000Z',
      image: 'https://evil.example/x.png',
    });

    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ result: { modifiedCount: 0 } });
    expect(await userRow(bob.email)).toEqual(before);
    expect((await getMe({ cookie: cookies.bob! })).json()).toMatchObject({ role: 'customer' });
    expect((await getAdmin({ cookie: cookies.bob! }, bob.email)).json()).toEqual({ admin: false });
  });

  it.each([
    ['+1 217 555 0100', '+1 217 555 0100'],
    ['(217) 555-0100', '+1 217 555 0100'],
    ['217.555.0100', '+1 217 555 0100'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['01712345678', '01712345678'],
    ['020 7946 0958', '020 7946 0958'],
    ['', ''],
  ])('takes the phone %j as people type it and keeps it as %j', async (phone, stored) => {
    const response = await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, phone });

    expectStatus(response, 200);
    expect((await userRow(alice.email)).phone).toBe(stored);
    await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, phone: profile.phone });
  });

  it.each([
    ['abc', validation.phoneCharacters],
    ['1e5', validation.phoneCharacters],
    ['０１２', validation.phoneCharacters],
    ['call 217 555 0100', validation.phoneCharacters],
    ['12 34', validation.phoneDigits],
    ['555 010', validation.phoneDigits],
    ['+1 217 555 0100 12345', validation.phoneDigits],
  ])('answers 400 to phone %j saying what is wrong', async (phone, message) => {
    const before = await userRow(alice.email);

    const response = await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, phone });

    expectStatus(response, 400);
    expect((response.json() as { message: string }).message).toContain(message);
    expect(await userRow(alice.email)).toEqual(before);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://www.linkedin.com/in/alice', 'linkedin.com/in/alice'])(
    'answers 400 to the LinkedIn %j (only an https:// address or nothing) and stores nothing',
    async (linkedin) => {
      const before = await userRow(alice.email);

      const response = await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, ...profile, linkedin });

      expectStatus(response, 400);
      expect(response.json()).toEqual({ message: validation.linkedinUrl });
      expect(await userRow(alice.email)).toEqual(before);
    },
  );

  it('takes a blank LinkedIn (none)', async () => {
    const response = await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, linkedin: '' });

    expectStatus(response, 200);
    expect((await userRow(alice.email)).linkedin).toBe('');
    await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, linkedin: profile.linkedin });
  });

  it.each([
    ['name', 'n'.repeat(1_000)],
    ['education', 'e'.repeat(1_000)],
    ['location', 'l'.repeat(1_000)],
    ['linkedin', `https://www.linkedin.com/in/${'x'.repeat(1_000)}`],
    ['phone', '1'.repeat(100)],
  ])('answers 400 for an over-long %s and stores nothing', async (field, value) => {
    const before = await userRow(alice.email);

    const response = await putUser({ cookie: cookies.alice! }, alice.email, { email: alice.email, [field]: value });

    expectStatus(response, 400);
    expect((response.json() as { message: string }).message).toMatch(/\S/);
    expect(await userRow(alice.email)).toEqual(before);
  });

  it.each([
    ['no e-mail', {}, validation.emailRequired],
    ['a malformed e-mail', { email: 'not-an-address' }, validation.emailInvalid],
    ['a number for a name', { email: 'x@example.com', name: 42 }, undefined],
  ])('answers 400 for a body with %s', async (_label, body, message) => {
    const response = await putUser({ cookie: cookies.alice! }, alice.email, body);

    expectStatus(response, 400);
    if (message) expect((response.json() as { message: string }).message).toContain(message);
  });
});

describe('GET /api/admin/{email}', () => {
  it('answers 401 when signed out', async () => {
    expectStatus(await getAdmin({}, carol.email), 401, apiErrors.signInRequired);
  });

  it('answers {admin:false} for a customer’s own e-mail, {admin:true} once the role is admin', async () => {
    const token = await issueToken(app, cookies.carol!, carol.email);
    expect((await getAdmin({ cookie: cookies.carol! }, carol.email)).json()).toEqual({ admin: false });

    expect(await createUsersRepository(app.db).setRole(carol.email, 'admin')).toBe(1);

    // The role is read afresh on every request, so a token issued before the change sees it too.
    for (const credential of [{ cookie: cookies.carol! }, { token }]) {
      const response = await getAdmin(credential, carol.email.toUpperCase());
      expectStatus(response, 200);
      expect(response.json()).toEqual({ admin: true });
    }
    expect((await getMe({ token })).json()).toMatchObject({ role: 'admin' });
  });

  it('answers 403 to a customer asking about someone else', async () => {
    expectStatus(await getAdmin({ cookie: cookies.alice! }, carol.email), 403, apiErrors.emailMismatch);
    expectStatus(await getAdmin({ cookie: cookies.alice! }, 'nobody@example.com'), 403);
  });

  it('answers an admin about anyone, and stops the moment the role is taken away', async () => {
    const users = createUsersRepository(app.db);
    await users.setRole(carol.email, 'admin');

    const aboutBob = await getAdmin({ cookie: cookies.carol! }, bob.email);
    expectStatus(aboutBob, 200);
    expect(aboutBob.json()).toEqual({ admin: false });
    const aboutNobody = await getAdmin({ cookie: cookies.carol! }, 'nobody@example.com');
    expectStatus(aboutNobody, 200);
    expect(aboutNobody.json()).toEqual({ admin: false });
    // An admin may ask, but not write someone else's profile or take their token.
    expectStatus(await putUser({ cookie: cookies.carol! }, bob.email, { email: bob.email }), 403);

    await users.setRole(carol.email, 'customer');
    expectStatus(await getAdmin({ cookie: cookies.carol! }, bob.email), 403);
  });
});

describe('every reply of this file', () => {
  it('carries no password hash and no session internals', async () => {
    const sessions = await app.db.selectFrom('sessions').select('token').execute();
    expect(replies.length).toBeGreaterThan(50);
    for (const body of replies) {
      expect(body).not.toContain('scrypt$');
      expect(body).not.toMatch(/token_hash|password/i);
      // The shop's own replies never show a session's token; Better Auth's sign-up and sign-in do.
      if (!body.includes('"user":{')) for (const { token } of sessions) expect(body).not.toContain(token);
    }
  });
});
