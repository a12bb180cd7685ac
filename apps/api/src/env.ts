import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { passwordHashParams } from './modules/auth/password';

/**
 * The variables as set, less those written empty (`SMTP_URL=` or `PORT=` in an env file): a
 * variable written empty is one not set, and its default applies — every variable alike.
 */
function setVariables(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''));
}

/**
 * A port or a number of milliseconds: digits only, from `min` to `max` (Number() would take
 * `0x10` as 16, `1e3` as 1000 and " " as 0).
 */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number, written in digits')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/** A proxy's address for TRUST_PROXY: an IPv4 or IPv6 address, with a prefix length that fits it. */
function proxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The environment, parsed once at start (DESIGN §4). Nothing else reads `process.env`;
 * a bad value stops the start with a message naming the variable.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: wholeNumber(0, 65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
      .optional(),
    BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin, as https://parts.example.com' })
      .refine((value) => {
        // A value z.url refused (`parts.example.com`, no scheme) reaches here too: its own message
        // names the variable, where `new URL` would throw "Invalid URL" naming nothing.
        if (!URL.canParse(value)) return true;
        const url = new URL(value);
        return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      }, 'must be an origin only (https://parts.example.com): no path, query, fragment or credentials')
      .optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((value, context) => {
        if (value === 'false' || value === '' || value === '0') return false as const;
        if (/^\d+$/.test(value)) return Number(value);
        if (value === 'true') {
          context.addIssue({
            code: 'custom',
            message:
              'true would believe any X-Forwarded-For a client sends (and let it pick its address for the rate limits): give the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.2)',
          });
          return z.NEVER;
        }
        const addresses = value.split(',').map((entry) => entry.trim());
        const bad = addresses.filter((entry) => !proxyAddress(entry));
        if (bad.length > 0) {
          context.addIssue({
            code: 'custom',
            message: `must be a number of proxy hops or a comma-separated list of proxy addresses (IPv4 or IPv6, with a prefix length if a range): not ${bad.join(', ')}`,
          });
          return z.NEVER;
        }
        return addresses;
      }),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
    // Each as Stripe's dashboard shows it: a publishable key (pk_…) or the endpoint's id in their
    // place started the shop and failed every payment; a restricted key (rk_…) serves too.
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(live|test)_\S+$/, 'must be a secret key from Stripe’s dashboard (sk_live_…, or rk_live_… restricted; _test_ in test mode), not the publishable key (pk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_\S+$/, 'must be the webhook endpoint’s signing secret from Stripe’s dashboard (whsec_…)')
      .optional(),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    PAYMENTS: z.enum(['stripe', 'test']).optional(),
    UNPAID_ORDER_MINUTES: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of minutes, written in digits (0.5, 30)')
      .transform(Number)
      .pipe(z.number().positive().max(7 * 24 * 60))
      .default(30),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .max(320)
      .regex(/^(?:[^<>@]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address (shop@example.com) or a name and an address (Shop <shop@example.com>)')
      .optional(),
    /** Where a customer's reply to a message goes (its Reply-To); unset, a reply goes to MAIL_FROM. */
    MAIL_REPLY_TO: z.string().trim().max(254).pipe(z.email('must be an address: help@example.com')).optional(),
    SHOP_LEGAL_NAME: z.string().trim().min(1).max(200).default('Autoparts Manufacturer'),
    SHOP_ADDRESS: z.string().trim().min(1).max(500).default('1200 Foundry Road, Detroit, MI 48201, United States'),
    SHOP_TAX_ID: z.string().trim().max(100).optional(),
    /** Where returned parts are sent (one line); the shop's address when unset. */
    SHOP_RETURNS_ADDRESS: z.string().trim().min(1).max(500).optional(),
    /** The shop's time zone (IANA), in which e-mails give their times. */
    SHOP_TIME_ZONE: z
      .string()
      .trim()
      .default('America/Detroit')
      .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'an IANA time zone, as America/Detroit'),
    SHUTDOWN_GRACE_MS: wholeNumber(0, 10 * 60_000).default(5_000),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 10 * 60_000).default(20_000),
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    METRICS_PORT: wholeNumber(0, 65535).optional(),
    /** Multiplies every rate limit and unpaid cap; read only when NODE_ENV is test (the browser journeys). */
    LIMIT_SCALE: wholeNumber(1, 100).default(1),
    /** scrypt's N for new password hashes; lowered only when NODE_ENV is test (the browser journeys). */
    PASSWORD_HASH_N: wholeNumber(0, Number.MAX_SAFE_INTEGER)
      .refine((n) => n >= 2 ** 10 && n <= passwordHashParams.N && (n & (n - 1)) === 0, 'a power of two from 1024 to 131072')
      .default(passwordHashParams.N),
  })
  .refine((env) => env.LIMIT_SCALE === 1 || env.NODE_ENV === 'test', {
    path: ['LIMIT_SCALE'],
    message: 'is for test runs only (NODE_ENV=test): the shop keeps its limits',
  })
  .refine((env) => env.PASSWORD_HASH_N === passwordHashParams.N || env.NODE_ENV === 'test', {
    path: ['PASSWORD_HASH_N'],
    message: 'is for test runs only (NODE_ENV=test): the shop hashes at the OWASP minimum',
  })
  .refine((env) => !env.DATABASE_URL || env.AUTH_SECRET, {
    path: ['AUTH_SECRET'],
    message: 'is required with DATABASE_URL: every instance must share it',
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required with STRIPE_SECRET_KEY: only verified webhooks mark orders paid',
  })
  .refine((env) => env.PAYMENTS !== 'stripe' || env.STRIPE_SECRET_KEY, {
    path: ['PAYMENTS'],
    message: 'is stripe but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY || env.PAYMENTS === 'test', {
    path: ['PAYMENTS'],
    message:
      'NODE_ENV is production and Stripe is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or write PAYMENTS=test to take no real payments on purpose',
  })
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
  });

type Env = z.infer<typeof envSchema>;

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
  /**
   * Behind a load balancer: how many proxies (or which proxy addresses) may vouch for the client's
   * address in X-Forwarded-For; false to take the connection's address.
   */
  trustProxy: false | number | string[];
  /** Signs sessions; on the embedded database it is generated once and kept in DATA_DIR. */
  authSecret: string | undefined;
  /** Google sign-in through OpenID Connect discovery; off without client credentials. */
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Stripe Checkout when set; otherwise the built-in test payment provider. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** Which provider takes payments: Stripe when configured, unless PAYMENTS=test says otherwise. */
  payments: 'stripe' | 'test';
  production: boolean;
  /** How long an unpaid order holds its stock before it expires. */
  unpaidOrderMinutes: number;
  /**
   * Where mail goes: an SMTP server (`smtp://user:pass@host:587`), or, without one, `.eml` files
   * in `DATA_DIR/outbox/`. `from` is the sender every message carries; `replyTo`, where a reply
   * goes (`MAIL_REPLY_TO`): only with one do messages invite a reply.
   */
  mail: { smtpUrl: string | undefined; from: string; replyTo: string | undefined };
  /** The seller as invoices and credit notes name it (decision 056). */
  seller: { name: string; address: string; taxId: string | undefined };
  /** The shop's time zone for e-mails' times (`SHOP_TIME_ZONE`) and where returns go (`SHOP_RETURNS_ADDRESS`). */
  shop: { timeZone: string; returnsAddress: string };
  /**
   * SIGTERM: how long the instance keeps taking requests while saying it is not ready (for the
   * load balancer to notice), then how long requests in flight may take to finish.
   */
  shutdown: { graceMs: number; timeoutMs: number };
  /**
   * `/metrics` (Prometheus): on the shop's port for a bearer of `token`, and/or on `port` of
   * 127.0.0.1 for anyone on the machine; off when neither is set.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * Multiplies every rate limit and unpaid-order cap; 1 in the shop. The API tests raise it, so
   * that one test account can place many orders, and test the limits themselves at 1.
   */
  limitScale: number;
  /**
   * scrypt's N (its cost) for a new password hash: 2^17, the OWASP minimum. Test runs lower it
   * (decision 094): the API tests and the journeys sign up hundreds of accounts, each hash a
   * core's 0.3–0.7 s. A hash keeps its own N, so it is always checked at the cost it was made with.
   */
  passwordHashN: number;
  /**
   * How long a whole request, headers and body, may take to arrive: a client that sends it a byte
   * at a time is answered 408 and cut off. The API tests shorten it.
   */
  requestTimeoutMs: number;
  /** URLs in one sitemap file: 50,000 (sitemaps.org); past it `/sitemap.xml` is an index. The API tests lower it. */
  sitemapPageSize: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `tty`: whether the logs go to a terminal (the default of LOG_FORMAT). */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  { tty = Boolean(process.stdout.isTTY) }: { tty?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(setVariables(source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (tty ? 'pretty' : 'json'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    baseUrl,
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
    payments: env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test'),
    production: env.NODE_ENV === 'production',
    unpaidOrderMinutes: env.UNPAID_ORDER_MINUTES,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `Autoparts Manufacturer <no-reply@${new URL(baseUrl).hostname}>`, replyTo: env.MAIL_REPLY_TO },
    seller: { name: env.SHOP_LEGAL_NAME, address: env.SHOP_ADDRESS, taxId: env.SHOP_TAX_ID },
    shop: { timeZone: env.SHOP_TIME_ZONE, returnsAddress: env.SHOP_RETURNS_ADDRESS ?? env.SHOP_ADDRESS },
    shutdown: { graceMs: env.SHUTDOWN_GRACE_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    limitScale: env.LIMIT_SCALE,
    passwordHashN: env.PASSWORD_HASH_N,
    // A photo upload (the largest body) arrives well within this on a slow phone connection.
    requestTimeoutMs: 60_000,
    sitemapPageSize: 50_000,
  };
}
