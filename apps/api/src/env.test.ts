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

  it('derives BASE_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(parseEnv({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
    expect(parseEnv({ BASE_URL: 'https://parts.example.com/' }).baseUrl).toBe('https://parts.example.com');
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
