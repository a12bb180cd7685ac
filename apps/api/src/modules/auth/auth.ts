import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@autoparts/shared';
import type { Db } from '../../db/database';
import type { Config } from '../../env';
import { hashPassword, verifyPassword } from './password';

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
}: {
  config: Config;
  authSecret: string;
  db: Db;
  logger: FastifyBaseLogger;
}) {
  return betterAuth({
    appName: 'Autoparts Manufacturer',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: authSecret,
    database: { db, type: 'postgres', transaction: true },
    telemetry: { enabled: false },
    trustedOrigins: [config.baseUrl],
    rateLimit: { enabled: false },
    // The profile is the shop's own (PUT /user/{email}, validated there); no second way in.
    disabledPaths: ['/update-user'],
    logger: {
      log: (level, message, ...args) => logger[level === 'debug' ? 'debug' : level]({ args }, message),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
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
      // A Google account joins an existing shop account only if that account's e-mail is verified
      // (Better Auth's default): the shop does not verify e-mails, so an existing password account
      // is never taken over by whoever controls a Google account of that name.
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    advanced: {
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
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
