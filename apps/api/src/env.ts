import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed once at start (DESIGN §4). Nothing else reads `process.env`;
 * a bad value stops the start with a message naming the variable.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
      .optional(),
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    TRUST_PROXY: z.stringbool().default(false),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  })
  .refine((env) => !env.DATABASE_URL || env.AUTH_SECRET, {
    path: ['AUTH_SECRET'],
    message: 'is required with DATABASE_URL: every instance must share it',
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required with STRIPE_SECRET_KEY: only verified webhooks mark orders paid',
  })
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  /** Readable lines for a person at a terminal; JSON lines for a log collector. */
  logFormat: 'json' | 'pretty';
  /** Where the embedded database lives; unused when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The public origin of the shop, e.g. `https://parts.example.com`. */
  baseUrl: string;
  /** The built web app (`vite build` output) that the server serves. */
  webDistDir: string;
  /** Behind a load balancer: take the client's address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Signs sessions; on the embedded database it is generated once and kept in DATA_DIR. */
  authSecret: string | undefined;
  /** Google sign-in through OpenID Connect discovery; off without client credentials. */
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Stripe Checkout when set; otherwise the built-in test payment provider. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `tty`: whether the logs go to a terminal (the default of LOG_FORMAT). */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  { tty = Boolean(process.stdout.isTTY) }: { tty?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (tty ? 'pretty' : 'json'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: env.TRUST_PROXY,
    authSecret: env.AUTH_SECRET,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            issuer: env.GOOGLE_ISSUER.replace(/\/$/, ''),
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
          }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
  };
}
