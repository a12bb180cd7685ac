import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import { nameSchema, NAME_WHEN_REFUSED, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, paths, VERIFY_EMAIL_CALLBACK } from '@autoparts/shared';
import type { Db } from '../../db/database';
import type { Config } from '../../env';
import { errorForLog } from '../../plugins/errors';
import type { Mail } from '../mail/outbox';
import type { MailMessage } from '../mail/templates';
import { hashPassword, verifyPassword } from './password';

/** A reset link works for an hour, once. */
const RESET_PASSWORD_SECONDS = 60 * 60;
/** A confirmation link works for a day: it may be read the next morning. */
const VERIFY_EMAIL_SECONDS = 24 * 60 * 60;

/** How a reset token's row is found: Better Auth's "hashed" identifier (SHA-256, base64url). */
export const resetTokenKey = (token: string) => createHash('sha256').update(`reset-password:${token}`).digest('base64url');

/** The header through which the server hands Better Auth the client's address (never the client). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };
const profileField = { type: 'string', required: false, input: false, defaultValue: '' } as const;

/**
 * Better Auth on the shop's own database: e-mail and password, Google through OpenID Connect
 * discovery, sessions in the `sessions` table. Tables and columns are the shop's snake_case ones
 * (migration 0002). Rate limits are the shop's own (attempt-limiter.ts), counted in the database.
 */
export function createAuth({
  config,
  authSecret,
  db,
  logger,
  mail,
}: {
  config: Config;
  authSecret: string;
  db: Db;
  logger: FastifyBaseLogger;
  mail: Mail;
}) {
  // Better Auth calls these after its own writes commit: the message and its job go in together.
  const send = (message: MailMessage) => db.transaction().execute((trx) => mail.queue(trx, message));
  return betterAuth({
    appName: 'Autoparts Manufacturer',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: authSecret,
    database: { db, type: 'postgres', transaction: true },
    telemetry: { enabled: false },
    trustedOrigins: [config.baseUrl],
    rateLimit: { enabled: false },
    // A sign-in through Google that comes back with a state Better Auth no longer knows (a replayed
    // or expired callback, Google started again in another tab) lands on the login page, which says
    // it did not complete (`?error=`), not on Better Auth's own error page.
    onAPIError: { errorURL: `${config.baseUrl}${paths.login}` },
    // The profile is the shop's own (PUT /user/{email}, validated there); no second way in. Off
    // too: what the shop does not use and an attacker could, a password checked without any limit
    // (`verify-password`), ways in added or taken away, the provider's tokens handed out, and
    // every session's token listed to a page's scripts (the cookie is HttpOnly so that they never
    // read one) or ended by it.
    disabledPaths: [
      '/list-sessions',
      '/revoke-session',
      '/revoke-sessions',
      '/revoke-other-sessions',
      '/update-user',
      '/verify-password',
      '/link-social',
      '/unlink-account',
      '/get-access-token',
      '/refresh-token',
      '/account-info',
      '/update-session',
    ],
    // What Better Auth logs goes through the shop's filter: an error is its type, code, message and
    // stack, never a database error's `detail` (which quotes the row: "Key (email)=(…) already
    // exists"). A sign-up that lost a race for its address to another is a warning, not an error.
    logger: {
      log: (level, message, ...args) => {
        const uniqueRace = args.some((arg) => arg instanceof Error && (arg as { code?: unknown }).code === '23505');
        const at = level === 'error' && uniqueRace ? 'warn' : level === 'debug' ? 'debug' : level;
        logger[at]({ args: args.map(forLog) }, message);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: (password) => hashPassword(password, config.passwordHashN), verify: verifyPassword },
      // The link goes through Better Auth's check of the token (`GET /reset-password/<token>`),
      // which opens the web app's page with it (`?token=`) while it is live, or saying it is not
      // (`?error=INVALID_TOKEN`): a used or expired link says so on opening, not after a new
      // password was typed. The page sends the token with the new password.
      // The callback is the shop's page, carrying the page the customer was going to (routes.ts).
      sendResetPassword: ({ user, token, url }) =>
        send({
          kind: 'reset-password',
          to: user.email,
          name: user.emailVerified ? user.name : undefined,
          url: `${config.baseUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(new URL(url).searchParams.get('callbackURL') || paths.resetPassword)}`,
        }),
      resetPasswordTokenExpiresIn: RESET_PASSWORD_SECONDS,
      // Every session goes, and with them their access tokens (a foreign key cascades).
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_EMAIL_SECONDS,
      // The link goes through Better Auth, which confirms the address and then opens the web
      // app's page (`?error=` when the link was not good).
      sendVerificationEmail: ({ user, token }) =>
        send({
          kind: 'verify-email',
          to: user.email,
          url: `${config.baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFY_EMAIL_CALLBACK)}`,
        }),
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: 'customer' },
        education: profileField,
        location: profileField,
        phone: profileField,
        linkedin: profileField,
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        ...timestamps,
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
      // A Google account joins an existing shop account only when both sides have confirmed the
      // address: ours through our e-mail (Better Auth's `requireLocalEmailVerified`), Google's by its
      // `email_verified` (no `trustedProviders`, which would skip that). An existing account is never
      // taken over by whoever holds an identity at the provider that merely claims its address.
      accountLinking: { enabled: true },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
      // A reset token is as good as the password: only its hash is kept (resetTokenKey).
      storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } },
    },
    advanced: {
      // Better Auth turns its own checks of `callbackURL` and the other links a caller names (and
      // of `Origin`) off when NODE_ENV is test or TEST is set: every test and journey would run
      // without them, and a shop started with TEST=1 would send a Google sign-in anywhere.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // An address the provider has not confirmed signs nobody in, and makes no account
                // that its real owner would later find linked to a stranger: without an address,
                // Better Auth sends the browser back with `?error=email_not_found`.
                // The name is held to the sign-up rule (no links, at most 100 characters, as it
                // looks): it is shown to others (reviews, invitations) and written in mail.
                mapProfileToUser: (profile) =>
                  profile.emailVerified === true ? { name: nameFromProvider(profile.name) } : { email: '' },
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The name a new account made by 'Continue with Google' gets: the provider's, as sign-up's rule
 * reads it, or the shop's word for a customer when the rule refuses it (a link, too long, none):
 * the customer can give one in My Profile, which holds to the same rule.
 */
function nameFromProvider(name: unknown): string {
  const parsed = nameSchema.safeParse(name);
  return parsed.success ? parsed.data : NAME_WHEN_REFUSED;
}

/** One argument of a Better Auth log line as the shop logs it: no object's fields but an error's own few. */
function forLog(arg: unknown): unknown {
  if (arg instanceof Error) return errorForLog(arg);
  if (arg === null || typeof arg !== 'object') return arg;
  return '[object]';
}
