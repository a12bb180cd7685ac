import {
  accountMailMessages,
  apiErrors,
  authErrors,
  changePasswordSchema,
  forgotPasswordSchema,
  googleSignInSchema,
  loginSchema,
  paths,
  requestNotValid,
  resetPasswordSchema,
  signupSchema,
  VERIFY_EMAIL_CALLBACK,
} from '@autoparts/shared';
import { fromNodeHeaders } from 'better-auth/node';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressKey, limits } from '../limits/limits';
import { createRateCounters, type Limit } from '../limits/repository';
import { withTransaction } from '../../lib/transaction';
import { schemaWords } from '../../plugins/errors';
import { normaliseEmail } from '../users/repository';
import { CLIENT_IP_HEADER, resetTokenKey, type Auth } from './auth';
import { hashingBusy, withPrecomputedHash } from './password';
import { endAfterPasswordChange, findResetAccount } from './repository';

const SIGN_IN = '/api/auth/sign-in/email';
const SIGN_UP = '/api/auth/sign-up/email';
const CHANGE_PASSWORD = '/api/auth/change-password';
const REQUEST_RESET = '/api/auth/request-password-reset';
const RESET_PASSWORD = '/api/auth/reset-password';
const SEND_VERIFICATION = '/api/auth/send-verification-email';
const VERIFY_EMAIL = '/api/auth/verify-email';
const SIGN_IN_SOCIAL = '/api/auth/sign-in/social';
/** The calls that run scrypt: refused with 503 while the hashing queue is full. */
const HASHING_PATHS = new Set([SIGN_IN, SIGN_UP, CHANGE_PASSWORD, RESET_PASSWORD]);
/** Seconds a caller refused for a full hashing queue is asked to wait. */
const HASHING_RETRY_AFTER_SECONDS = 5;
/** The counter of confirmation links sent to one e-mail (limits.verificationCooldown). */
const verificationCooldownKey = (email: string) => `verification:cooldown:${email}`;

/** The reset link's page, carrying the page the customer was going to (`from`) when there is one. */
export const resetCallback = (from?: string) => (from ? `${paths.resetPassword}?${new URLSearchParams({ from })}` : paths.resetPassword);

/** A reset link's callback the shop wrote: its own page, with at most a `from` that passes the forgot form's rule. */
function isResetCallback(callback: string | null): boolean {
  if (callback === paths.resetPassword) return true;
  if (callback === null || !callback.startsWith(`${paths.resetPassword}?`)) return false;
  const query = new URLSearchParams(callback.slice(paths.resetPassword.length + 1));
  const from = query.get('from');
  return [...query.keys()].join() === 'from' && from !== null && forgotPasswordSchema.shape.from.safeParse(from).success && resetCallback(from) === callback;
}
/** Every body Better Auth takes from us is a small form: an e-mail, a name, passwords, a token. */
const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * Better Auth's endpoints at /api/auth/*, behind the shop's rules: sign-up runs the shared
 * signupSchema (SPEC §5) and passes on only its fields, sign-in the loginSchema; sign-in is limited per address (every
 * attempt) and per account and address (failed attempts: another address's guesses never lock
 * the owner out); change-password per session and per account, its body by the shared
 * changePasswordSchema (the sign-up rules); forgot-password and resending the
 * confirmation link per address and per account, and the link again for the same e-mail within a
 * minute answered as sent but not sent; starting Google's sign-in per address, its body by the
 * shared googleSignInSchema; every call that hashes waits for a
 * hashing slot, or is refused with 503 when too many wait. A password reset through the e-mail's
 * link ends every session of the account and signs the customer in anew; a password change ends
 * every session but the one that made it, and its reply says so.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  const counters = createRateCounters(app.db);

  /** Counts this call under `key`; answers 429 and false when it is over the limit. */
  async function within(request: FastifyRequest, reply: FastifyReply, key: string, limit: Limit) {
    const { count, retryAfterSeconds } = await counters.hit(key, limit);
    if (count <= limit.max * app.config.limitScale) return true;
    await tooMany(request, reply, retryAfterSeconds);
    return false;
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    bodyLimit: AUTH_BODY_LIMIT,
    schema: { hide: true },
    preHandler: async (request, reply) => {
      if (request.method !== 'POST') {
        // The confirmation link lands where the shop's mail said, nowhere a caller chooses.
        const url = new URL(request.url, app.config.baseUrl);
        const callback = url.searchParams.get('callbackURL');
        if (url.pathname === VERIFY_EMAIL && callback !== null && callback !== VERIFY_EMAIL_CALLBACK) {
          return reply.code(400).send({ message: accountMailMessages.verifyLinkForeign });
        }
        // Better Auth's reset link (`GET /reset-password/<token>?callbackURL=`) checks the token and
        // sends the browser, and the token, to the callback: the shop's mail names its own page
        // (auth.ts), and no other callback is taken (a caller's would carry the token away).
        if (url.pathname.startsWith(`${RESET_PASSWORD}/`) && !isResetCallback(callback)) {
          return reply.code(404).send({ message: apiErrors.notFound });
        }
        return;
      }
      // Its depth was bounded as it was parsed (plugins/request-guards.ts).
      if (request.body !== undefined && request.body !== null && !isObject(request.body)) {
        return reply.code(400).send({ message: apiErrors.bodyTooDeep });
      }
      const path = pathOf(app, request);
      if (HASHING_PATHS.has(path) && hashingBusy()) {
        request.log.warn('password hashing queue full');
        return reply
          .code(503)
          .header('retry-after', String(HASHING_RETRY_AFTER_SECONDS))
          .send({ message: apiErrors.hashingBusy });
      }
      const address = addressKey(request.ip);
      if (path === SIGN_IN) {
        if (!(await within(request, reply, `sign-in:ip:${address}`, limits.signInPerIp))) return;
        // SPEC §5's words, as the Login form says them ('Email is Required', 'Provide a valid
        // Email', …), not Better Auth's ("Invalid email") or zod's English naming `body.email`;
        // refused before any hashing, and no failed attempt of the account's.
        const parsed = loginSchema.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ message: schemaWords(parsed.error) });
        request.body = parsed.data;
        const key = failuresKey(request.body, address);
        if (!key) return;
        // Counted as a failure before the password is checked, and taken back when it was not one
        // (handler): guesses sent together cannot all pass a count that none of them has raised yet.
        const failures = await counters.hit(key, limits.signInFailuresPerAccountAndIp);
        if (failures.count > limits.signInFailuresPerAccountAndIp.max * app.config.limitScale) {
          // A refused attempt is no attempt: the count stays at the limit.
          await counters.forgive(key);
          await tooMany(request, reply, failures.retryAfterSeconds);
        }
      } else if (path === SIGN_UP) {
        if (!(await within(request, reply, `sign-up:ip:${address}`, limits.signUpPerIp))) return;
        const parsed = signupSchema.safeParse(request.body);
        if (!parsed.success) {
          return reply.code(400).send({ message: schemaWords(parsed.error) });
        }
        // Only the form's fields reach Better Auth: no `image`, `role` or anything else.
        request.body = parsed.data;
      } else if (path === REQUEST_RESET) {
        if (!(await within(request, reply, `password-reset:ip:${address}`, limits.passwordResetPerIp))) return;
        const parsed = forgotPasswordSchema.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ message: schemaWords(parsed.error) });
        // Counted for any e-mail asked about, an account's or not: the reply is the same.
        const email = normaliseEmail(parsed.data.email);
        if (!(await within(request, reply, `password-reset:email:${email}:ip:${address}`, limits.passwordResetPerEmailAndIp))) return;
        if (!(await within(request, reply, `password-reset:email:${email}`, limits.passwordResetPerEmail))) return;
        // The link is the shop's own (auth.ts); no `redirectTo` of the caller's, only the page the
        // customer was going to, which the link's page carries on (`from`, a path of this site).
        const { from } = parsed.data;
        request.body = { email: parsed.data.email, ...(from ? { redirectTo: resetCallback(from) } : {}) };
      } else if (path === RESET_PASSWORD) {
        if (!(await within(request, reply, `reset-password:ip:${address}`, limits.resetPasswordPerIp))) return;
        const parsed = resetPasswordSchema.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ message: schemaWords(parsed.error) });
        request.body = parsed.data;
      } else if (path === SEND_VERIFICATION) {
        if (!(await within(request, reply, `verification:ip:${address}`, limits.verificationPerIp))) return;
        const parsed = forgotPasswordSchema.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ message: schemaWords(parsed.error) });
        const email = normaliseEmail(parsed.data.email);
        // A second link for the same e-mail within the minute is a duplicate: answered as Better
        // Auth answers a send, and not counted against the hour's three. Counted for any e-mail
        // (as the reply is the same for an account's or not); taken back when Better Auth refuses.
        const cooldown = await counters.hit(verificationCooldownKey(email), limits.verificationCooldown);
        if (cooldown.count > limits.verificationCooldown.max) {
          request.log.info('confirmation link asked again within its cooldown: not sent');
          return reply.code(200).send({ status: true });
        }
        const identity = await app.identify(request);
        const account = identity ? `account:${identity.userId}` : `email:${email}`;
        if (!(await within(request, reply, `verification:${account}`, limits.verificationPerAccount))) {
          await counters.forgive(verificationCooldownKey(email));
          return;
        }
        request.body = { email: parsed.data.email };
      } else if (path === SIGN_IN_SOCIAL) {
        // Every start writes a state row (its links, ten minutes): counted per address, and only
        // the shop's fields, bounded, are kept with it.
        if (!(await within(request, reply, `google-sign-in:ip:${address}`, limits.googleSignInPerIp))) return;
        // Only the redirect through the provider (state, PKCE, nonce) signs in with Google; an ID
        // token handed in by the caller, replayable until it expires, does not.
        if (isObject(request.body) && 'idToken' in (request.body as object)) {
          return reply.code(400).send({ message: authErrors.googleFailed });
        }
        const parsed = googleSignInSchema.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ message: schemaWords(parsed.error) });
        request.body = parsed.data;
      } else if (path === CHANGE_PASSWORD) {
        const identity = await app.identify(request);
        // Signed out: Better Auth answers 401 itself.
        if (!identity) return;
        if (!(await within(request, reply, `change-password:session:${identity.sessionId}`, limits.changePasswordPerSession))) return;
        if (!(await within(request, reply, `change-password:account:${identity.userId}`, limits.changePasswordPerAccount))) return;
        const parsed = changePasswordSchema.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ message: schemaWords(parsed.error) });
        // Every other session ends after the change (the handler); Better Auth's own
        // `revokeOtherSessions` would replace this one too, and with it this device's access token.
        request.body = parsed.data;
      }
    },
    handler: async (request, reply) => {
      const path = pathOf(app, request);
      const headers = fromNodeHeaders(request.headers);
      // Better Auth reads the client's address from this header; only the server sets it.
      headers.set(CLIENT_IP_HEADER, request.ip);
      headers.delete('content-length');
      const forward = () =>
        auth.handler(
          new Request(new URL(request.url, app.config.baseUrl), {
            method: request.method,
            headers,
            body: request.body === undefined ? undefined : JSON.stringify(request.body),
          }),
        );
      const password = path === SIGN_UP ? passwordOf(request.body) : undefined;
      const changing = path === CHANGE_PASSWORD ? await app.identify(request) : undefined;
      // Whose password the link resets: read before Better Auth uses the token up.
      const resetFor = path === RESET_PASSWORD ? await resetAccount(request.body) : undefined;
      let response = password ? await withPrecomputedHash(password, app.config.passwordHashN, forward) : await forward();
      if (resetFor && response.status === 200) {
        // The other links mailed for this account are spent with the password they would reset:
        // an older one, forwarded or read by someone else, cannot undo this recovery.
        await afterPasswordChanged(resetFor.userId, { byMailedLink: true });
        // Every session is gone with the old password; the customer who chose the new one is
        // signed in with it, as a sign-in would (its cookie and reply).
        headers.set('content-type', 'application/json');
        response = await auth.handler(
          new Request(new URL(SIGN_IN, app.config.baseUrl), {
            method: 'POST',
            headers,
            body: JSON.stringify({ email: resetFor.email, password: stringField(request.body, 'newPassword') }),
          }),
        );
      }
      let changed: string | undefined;
      if (changing && response.status === 200) {
        // As a reset does: whoever knew the old password is signed out everywhere but here, and
        // every access token of those sessions goes with them (a foreign key cascades).
        await afterPasswordChanged(changing.userId, { keepSessionId: changing.sessionId });
        changed = accountMailMessages.passwordChanged;
      }
      if (path === SEND_VERIFICATION && response.status !== 200) {
        // Nothing was sent (already confirmed, another account's e-mail): no duplicate to wait out.
        const email = stringField(request.body, 'email');
        if (email) await counters.forgive(verificationCooldownKey(normaliseEmail(email)));
      }
      if (path === SIGN_IN && response.status !== 401) {
        // Not a wrong password after all (signed in, or refused for another reason): not a failure.
        const key = failuresKey(request.body, addressKey(request.ip));
        if (key) await counters.forgive(key);
      }
      // Better Auth answers a query that lost the database with a 500 of its own: asked again, the
      // database says whether it is away, and the caller is told to come back (503), as elsewhere.
      if (response.status >= 500) await sql`select 1`.execute(app.db);
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const body = response.body ? await response.text() : '';
      // DESIGN §5: every error reply is JSON with a message, also where Better Auth sends none, or
      // its plain "Not Found" (a path of `disabledPaths`).
      if (response.status >= 400 && (body.trim() === '' || !response.headers.get('content-type')?.includes('json'))) {
        return reply
          .type('application/json; charset=utf-8')
          .send({ message: response.status >= 500 ? apiErrors.internal : response.status === 404 ? apiErrors.notFound : requestNotValid });
      }
      if (changed) return reply.send(JSON.stringify({ ...(JSON.parse(body) as object), message: changed }));
      return reply.send(body || null);
    },
  });

  /** The account whose reset token the body carries, while the token is live. */
  async function resetAccount(body: unknown): Promise<{ email: string; userId: string } | undefined> {
    const token = stringField(body, 'token');
    if (!token) return undefined;
    return findResetAccount(app.db, resetTokenKey(token));
  }

  /**
   * After Better Auth has written a new password: every reset link of the account dies (a reset
   * token's row holds its account's id, and only it does), every session but `keepSessionId`'s
   * too when given, a reset by the mailed link confirms the address (as following the
   * confirmation link would: Better Auth's reset leaves it as it was), and the owner is told by
   * e-mail — in one transaction, so the message goes exactly when the rest is done. Better Auth
   * writes the password in a transaction of its own, which the shop cannot join.
   */
  async function afterPasswordChanged(userId: string, how: { keepSessionId?: string; byMailedLink?: boolean }) {
    await withTransaction(app.db, async (trx) => {
      const owner = await endAfterPasswordChange(trx, userId, how);
      // The name only for a confirmed address, as the reset link's message does.
      if (owner) await app.mail.queue(trx, { kind: 'password-changed', to: owner.email, name: owner.email_verified ? owner.name : undefined, at: new Date() });
    });
  }
};

function pathOf(app: FastifyInstance, request: FastifyRequest) {
  return new URL(request.url, app.config.baseUrl).pathname;
}

function stringField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

function passwordOf(body: unknown): string | undefined {
  return stringField(body, 'password');
}

/** The counter of failed sign-ins for the body's account from this address. */
function failuresKey(body: unknown, address: string): string | undefined {
  const email = stringField(body, 'email');
  return email ? `sign-in:failures:${normaliseEmail(email)}:${address}` : undefined;
}

/** A JSON object: not an array, string or number. */
function isObject(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

async function tooMany(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
  request.log.warn({ route: pathOf(request.server, request) }, 'auth attempt limit reached');
  await reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ code: 'TOO_MANY_REQUESTS', message: authErrors.tooManyAttempts });
}
