import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashParams, verifyPassword } from './password';

// Each hash or verification costs ~0.4 s: the hashes are made once and shared.
const password = 'correct horse battery staple';
const hashes = Promise.all([hashPassword(password), hashPassword(password)]);

describe('hashPassword and verifyPassword', () => {
  it('verify the password that was hashed', async () => {
    const [hash] = await hashes;

    expect(await verifyPassword({ hash, password })).toBe(true);
  });

  it('refuse a wrong password, also one that differs only in case or by a trailing space', async () => {
    const [hash] = await hashes;

    expect(await verifyPassword({ hash, password: 'Correct horse battery staple' })).toBe(false);
    expect(await verifyPassword({ hash, password: `${password} ` })).toBe(false);
  });

  it('store the scheme and the OWASP-minimum parameters in the hash, and not the password', async () => {
    const [hash] = await hashes;

    expect(passwordHashParams).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const [scheme, n, r, p, salt, key, ...rest] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(rest).toEqual([]);
    expect(hash).not.toContain(password);
  });

  it('hash at the N a test run asks for, keep it in the hash and check the password at it', async () => {
    const hash = await hashPassword(password, 2 ** 10);

    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword({ hash, password })).toBe(true);
    expect(await verifyPassword({ hash, password: `${password}!` })).toBe(false);
  });

  it('salt every hash: the same password hashes differently each time', async () => {
    const [first, second] = await hashes;

    expect(first).not.toBe(second);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(await verifyPassword({ hash: second, password })).toBe(true);
  });

  it('treat a password the same however its Unicode is composed (NFKC)', async () => {
    const composed = 'caf\u00e9-p\u00e4ss';
    const hash = await hashPassword(composed);

    expect(await verifyPassword({ hash, password: composed.normalize('NFD') })).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['a word', 'garbage'],
    ['a bcrypt hash', '$2b$10$abcdefghijklmnopqrstuuJ2.gE6F1qvG7z0bY6o4j9s9m7mS2QW6'],
    ['the scheme alone', 'scrypt$'],
    ['empty fields', 'scrypt$$$$$'],
    ['no key', 'scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA==$'],
  ])('answer false for %s as the stored hash', async (_label, hash) => {
    expect(await verifyPassword({ hash, password })).toBe(false);
  });

  // Regression (was a bug): parameters that scrypt refuses make verifyPassword throw instead of answering false;
  // on sign-in that is a bodiless 500 (auth.test.ts). See the report.
  it.each([
    ['a non-numeric N', 'scrypt$abc$8$1$c2FsdA==$a2V5'],
    ['an N that is not a power of two', 'scrypt$1000$8$1$c2FsdA==$a2V5'],
    ['a negative N', 'scrypt$-131072$8$1$c2FsdA==$a2V5'],
    ['r = 0', 'scrypt$131072$0$1$c2FsdA==$a2V5'],
  ])('verifyPassword throws on bad parameters: answers false, never throws, for %s', async (_label, hash) => {
    await expect(verifyPassword({ hash, password })).resolves.toBe(false);
  });
});
