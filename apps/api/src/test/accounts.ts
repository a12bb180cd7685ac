import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Better Auth's session cookie; the `__Secure-` form is used when BASE_URL is https. */
const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=/;

export interface TestAccount {
  email: string;
  password: string;
  name: string;
}

let counter = 0;

/** A new, unique account's details; sign it up with `signUp`. */
export function newAccount(label = 'user'): TestAccount {
  counter += 1;
  const unique = `${label}-${process.pid}-${counter}-${Date.now().toString(36)}`;
  return { email: `${unique}@example.com`, password: `pw-${unique}`, name: `Test ${label} ${counter}` };
}

/** The `Set-Cookie` lines of a reply, always as an array. */
export function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The full `Set-Cookie` line of the session cookie, if the reply sets one. */
export function sessionSetCookie(response: LightMyRequestResponse): string | undefined {
  return setCookies(response).find((line) => SESSION_COOKIE.test(line));
}

/** `name=value` of the session cookie, ready for a `cookie` request header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const line = sessionSetCookie(response);
  if (!line) throw new Error(`no session cookie in reply ${response.statusCode}: ${response.body}`);
  return line.split(';')[0] ?? '';
}

/** POST /api/auth/sign-up/email with the raw body given; the reply as it comes. */
export function postSignUp(app: FastifyInstance, body: object, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body, remoteAddress });
}

/** POST /api/auth/sign-in/email with the raw body given; the reply as it comes. */
export function postSignIn(app: FastifyInstance, body: object, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: body, remoteAddress });
}

/** Signs a new account up and answers its session cookie (`name=value`). */
export async function signUp(app: FastifyInstance, account: TestAccount): Promise<string> {
  const response = await postSignUp(app, account);
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

/** Signs an existing account in (a new session) and answers its session cookie. */
export async function signIn(app: FastifyInstance, account: Pick<TestAccount, 'email' | 'password'>) {
  const response = await postSignIn(app, { email: account.email, password: account.password });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

/**
 * Marks an account's address confirmed, as following its mailed link does (account-mail.test.ts
 * follows the link itself): a test without an SMTP server whose messages must say what the account
 * typed, which the shop repeats only to a confirmed address.
 */
export async function confirmAddress(app: FastifyInstance, email: string): Promise<void> {
  await app.db.updateTable('users').set({ email_verified: true }).where('email', '=', email.toLowerCase()).execute();
}

/** Asks PUT /api/user/{email} for an access token with the session cookie. */
export async function issueToken(app: FastifyInstance, cookie: string, email: string) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie },
    payload: { email },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { token: string }).token;
}

/** Better Auth refuses a cookie-bearing POST without an Origin it trusts; a browser always sends one. */
export function signOut(app: FastifyInstance, cookie: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: { cookie, origin: app.config.baseUrl },
    payload: {},
  });
}

/**
 * Keeps the body of every reply the app sends from now on, so a test can scan them all (for a
 * password hash, say). Call it before the app's first request: hooks cannot be added later.
 */
export function recordReplies(app: FastifyInstance): string[] {
  const bodies: string[] = [];
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string') bodies.push(payload);
    else if (Buffer.isBuffer(payload)) bodies.push(payload.toString('utf8'));
    else if (payload !== null && payload !== undefined) bodies.push(`<${typeof payload} payload not recorded>`);
    return payload;
  });
  return bodies;
}

/**
 * The e-mail of whoever GET /api/me says these headers sign in, or null for nobody. Signed out,
 * /api/me answers 200 `null` (it answered 401 before): both read as nobody here.
 */
export async function whoAmI(app: FastifyInstance, headers: Record<string, string>): Promise<string | null> {
  const response = await app.inject({ method: 'GET', url: '/api/me', headers });
  if (response.statusCode === 401) return null;
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { email: string } | null)?.email ?? null;
}
