import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('needs nothing to start: every variable has a default', () => {
    const config = parseEnv({});

    expect(config).toMatchObject({
      port: 3000,
      logLevel: 'info',
      databaseUrl: undefined,
      baseUrl: 'http://localhost:3000',
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
  });

  it('keeps the shop\'s limits: LIMIT_SCALE raises them for test runs only', () => {
    expect(parseEnv({}).limitScale).toBe(1);
    expect(parseEnv({ NODE_ENV: 'test', LIMIT_SCALE: '10' }).limitScale).toBe(10);
    expect(() => parseEnv({ LIMIT_SCALE: '10' })).toThrow(/LIMIT_SCALE/);
    expect(() => parseEnv({ NODE_ENV: 'test', LIMIT_SCALE: '0' })).toThrow(/LIMIT_SCALE/);
  });

  it('hashes passwords at the OWASP minimum: PASSWORD_HASH_N lowers it for test runs only, to a power of two', () => {
    expect(parseEnv({}).passwordHashN).toBe(2 ** 17);
    expect(parseEnv({ NODE_ENV: 'test', PASSWORD_HASH_N: '1024' }).passwordHashN).toBe(1024);
    expect(() => parseEnv({ PASSWORD_HASH_N: '1024' })).toThrow(/PASSWORD_HASH_N: is for test runs only/);
    expect(() => parseEnv({ NODE_ENV: 'production', PASSWORD_HASH_N: '1024' })).toThrow(/PASSWORD_HASH_N/);
    for (const bad of ['1000', '512', String(2 ** 18), 'many']) {
      expect(() => parseEnv({ NODE_ENV: 'test', PASSWORD_HASH_N: bad }), bad).toThrow(/PASSWORD_HASH_N/);
    }
  });

  it('logs readable lines to a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(parseEnv({}, { tty: true }).logFormat).toBe('pretty');
    expect(parseEnv({}, { tty: false }).logFormat).toBe('json');
    expect(parseEnv({ LOG_FORMAT: 'json' }, { tty: true }).logFormat).toBe('json');
    expect(parseEnv({ LOG_FORMAT: 'pretty' }, { tty: false }).logFormat).toBe('pretty');
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('derives BASE_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(parseEnv({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
    expect(parseEnv({ BASE_URL: 'https://parts.example.com/' }).baseUrl).toBe('https://parts.example.com');
  });

  it('takes BASE_URL as an origin only: a path, a query, a fragment or credentials are refused', () => {
    for (const bad of ['https://parts.example.com/shop', 'https://parts.example.com/?a=1', 'https://parts.example.com/#top', 'https://user:pw@parts.example.com', 'https://user@parts.example.com']) {
      expect(() => parseEnv({ BASE_URL: bad }), bad).toThrow(/BASE_URL: must be an origin only/);
    }
    expect(parseEnv({ BASE_URL: 'http://127.0.0.1:3000' }).baseUrl).toBe('http://127.0.0.1:3000');
  });

  it('takes ports and milliseconds in digits only; one written empty is unset', () => {
    expect(parseEnv({ PORT: '' }).port).toBe(3000);
    expect(parseEnv({ PORT: ' ' }).port).toBe(3000);
    expect(parseEnv({ PORT: ' 8080 ' }).port).toBe(8080);
    expect(parseEnv({ METRICS_PORT: '' }).metrics.port).toBeUndefined();
    expect(parseEnv({ SHUTDOWN_GRACE_MS: '' }).shutdown.graceMs).toBe(5_000);
    for (const bad of ['0x10', '1e3', '-1', '1.5', '80 80', 'Infinity']) {
      expect(() => parseEnv({ PORT: bad }), bad).toThrow(/\bPORT: must be a whole number/);
      expect(() => parseEnv({ METRICS_PORT: bad }), bad).toThrow(/\bMETRICS_PORT\b/);
      expect(() => parseEnv({ SHUTDOWN_TIMEOUT_MS: bad }), bad).toThrow(/\bSHUTDOWN_TIMEOUT_MS\b/);
    }
  });

  it('takes any variable written empty as unset, as an env file leaves one (SMTP_URL=): its default applies', () => {
    const blank = ['NODE_ENV', 'LOG_LEVEL', 'LOG_FORMAT', 'DATA_DIR', 'DATABASE_URL', 'BASE_URL', 'TRUST_PROXY', 'AUTH_SECRET', 'GOOGLE_CLIENT_ID', 'PAYMENTS', 'UNPAID_ORDER_MINUTES', 'SMTP_URL', 'MAIL_FROM', 'MAIL_REPLY_TO', 'SHOP_TAX_ID', 'SHOP_TIME_ZONE', 'METRICS_TOKEN', 'LIMIT_SCALE', 'PASSWORD_HASH_N'];
    const config = parseEnv(Object.fromEntries(blank.map((name, index) => [name, index % 2 ? '' : ' '])), { tty: false });
    expect(config).toEqual(parseEnv({}, { tty: false }));
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.unpaidOrderMinutes).toBe(30);
  });

  it('accepts postgres:// and postgresql:// URLs', () => {
    for (const url of ['postgres://shop@db:5432/shop', 'postgresql://shop:secret@db/shop']) {
      expect(parseEnv({ DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(32) }).databaseUrl).toBe(url);
    }
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://shop@db/shop'],
    ['DATABASE_URL', 'not a url'],
    ['BASE_URL', 'ftp://parts.example.com'],
    ['BASE_URL', 'parts.example.com'],
    ['BASE_URL', 'localhost:3000'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'maybe'],
  ])('stops on %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });
});

describe('parseEnv: accounts', () => {
  const secret = 's'.repeat(32);

  it('stops on DATABASE_URL without AUTH_SECRET: every instance must share one', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://shop@db/shop' })).toThrow(/\bAUTH_SECRET\b/);
  });

  it('leaves AUTH_SECRET unset on the embedded database (the server makes one in DATA_DIR)', () => {
    expect(parseEnv({}).authSecret).toBeUndefined();
  });

  it('stops on an AUTH_SECRET shorter than 32 characters, and takes one of 32', () => {
    expect(() => parseEnv({ AUTH_SECRET: 's'.repeat(31) })).toThrow(/\bAUTH_SECRET\b.*32/);
    expect(() => parseEnv({ DATABASE_URL: 'postgres://shop@db/shop', AUTH_SECRET: 'short' })).toThrow(
      /\bAUTH_SECRET\b/,
    );
    expect(parseEnv({ AUTH_SECRET: secret }).authSecret).toBe(secret);
  });

  it.each([
    ['GOOGLE_CLIENT_ID without GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'id' }],
    ['GOOGLE_CLIENT_SECRET without GOOGLE_CLIENT_ID', { GOOGLE_CLIENT_SECRET: 'secret' }],
  ])('stops on %s, naming the Google variables', (_label, env) => {
    expect(() => parseEnv(env)).toThrow(/\bGOOGLE_CLIENT_(ID|SECRET)\b/);
  });

  it('leaves Google sign-in off without its variables', () => {
    expect(parseEnv({}).google).toBeUndefined();
  });

  it('turns Google sign-in on with both variables, at https://accounts.google.com by default', () => {
    expect(parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
  });

  it('takes GOOGLE_ISSUER without its trailing slash, and stops on one that is not http(s)', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

    expect(parseEnv({ ...google, GOOGLE_ISSUER: 'https://issuer.example.com/realm/' }).google?.issuer).toBe(
      'https://issuer.example.com/realm',
    );
    expect(() => parseEnv({ ...google, GOOGLE_ISSUER: 'ftp://issuer.example.com' })).toThrow(/\bGOOGLE_ISSUER\b/);
  });
});

describe('parseEnv: the open internet', () => {
  it('takes TRUST_PROXY as a number of hops or a list of proxy addresses, and refuses true with the reason', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe any X-Forwarded-For/);
    expect(parseEnv({ TRUST_PROXY: '::1,fd00::/8,192.168.0.0/16' }).trustProxy).toEqual(['::1', 'fd00::/8', '192.168.0.0/16']);
    // An address it would only refuse at start, and numbers that are no addresses.
    for (const bad of ['10.0.0.1/99', '1,2', '10.0.0.256', 'fd00::/129', '10.0.0.1/8/8', '10.0.0.1/']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  it('chooses the payment provider: Stripe when configured, the test provider otherwise or when PAYMENTS=test', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(parseEnv({}).payments).toBe('test');
    expect(parseEnv(stripe).payments).toBe('stripe');
    expect(parseEnv({ ...stripe, PAYMENTS: 'test' }).payments).toBe('test');
    expect(() => parseEnv({ PAYMENTS: 'stripe' })).toThrow(/\bPAYMENTS\b.*STRIPE_SECRET_KEY/);
  });

  it('refuses a Stripe key or secret that is not one: the publishable key, the endpoint’s id', () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).payments).toBe('stripe');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/\bSTRIPE_SECRET_KEY: must be a secret key .*not the publishable key/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'we_1Abc' })).toThrow(/\bSTRIPE_WEBHOOK_SECRET: must be the webhook endpoint’s signing secret/);
  });

  it('stops a production start that would take test payments unless PAYMENTS=test is written out', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/\bPAYMENTS\b.*PAYMENTS=test/);
    expect(parseEnv({ NODE_ENV: 'production', PAYMENTS: 'test' }).payments).toBe('test');
  });

  it('takes UNPAID_ORDER_MINUTES as a positive number, fractions too; 30 by default', () => {
    expect(parseEnv({}).unpaidOrderMinutes).toBe(30);
    expect(parseEnv({ UNPAID_ORDER_MINUTES: '0.25' }).unpaidOrderMinutes).toBe(0.25);
    expect(() => parseEnv({ UNPAID_ORDER_MINUTES: '0' })).toThrow(/\bUNPAID_ORDER_MINUTES\b/);
    // Digits, as every number: Number() would read 0x10 as 16 and 1e3 as 1000.
    for (const bad of ['0x10', '1e3', '-5', 'Infinity', 'half an hour']) {
      expect(() => parseEnv({ UNPAID_ORDER_MINUTES: bad }), bad).toThrow(/\bUNPAID_ORDER_MINUTES: must be a number of minutes/);
    }
  });

  it('takes SMTP_URL as smtp:// or smtps://, and MAIL_FROM as an address with or without a name', () => {
    expect(parseEnv({}).mail).toEqual({ smtpUrl: undefined, from: 'Autoparts Manufacturer <no-reply@localhost>' });
    expect(parseEnv({ BASE_URL: 'https://parts.example.com' }).mail.from).toBe('Autoparts Manufacturer <no-reply@parts.example.com>');
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(parseEnv({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).mail.smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(() => parseEnv({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/\bSMTP_URL\b/);
    expect(parseEnv({ MAIL_FROM: 'Parts Shop <shop@example.com>' }).mail.from).toBe('Parts Shop <shop@example.com>');
    expect(parseEnv({ MAIL_FROM: 'shop@example.com' }).mail.from).toBe('shop@example.com');
    expect(() => parseEnv({ MAIL_FROM: 'the shop' })).toThrow(/\bMAIL_FROM\b/);
  });

  it('waits 5 s and then at most 20 s on SIGTERM unless told otherwise', () => {
    expect(parseEnv({}).shutdown).toEqual({ graceMs: 5_000, timeoutMs: 20_000 });
    expect(parseEnv({ SHUTDOWN_GRACE_MS: '0', SHUTDOWN_TIMEOUT_MS: '60000' }).shutdown).toEqual({ graceMs: 0, timeoutMs: 60_000 });
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/\bSHUTDOWN_GRACE_MS\b/);
  });

  it('serves no metrics unless METRICS_TOKEN (32 characters or more) or METRICS_PORT is set', () => {
    expect(parseEnv({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(parseEnv({ METRICS_TOKEN: 'x'.repeat(32), METRICS_PORT: '9464' }).metrics).toEqual({ token: 'x'.repeat(32), port: 9464 });
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/\bMETRICS_TOKEN\b/);
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrow(/\bMETRICS_PORT\b/);
  });
});
