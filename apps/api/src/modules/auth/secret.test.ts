import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateAuthSecret } from './secret';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secret-'));

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('loadOrCreateAuthSecret', () => {
  it('creates the data directory and a secret of at least 32 characters, readable by its owner only', () => {
    const dataDir = path.join(root, 'first', 'data');

    const secret = loadOrCreateAuthSecret(dataDir);

    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).toMatch(/^[\w-]+$/);
    const stat = fs.statSync(path.join(dataDir, 'auth-secret'));
    expect(stat.isFile()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('answers the same secret on every later start', () => {
    const dataDir = path.join(root, 'again');

    const first = loadOrCreateAuthSecret(dataDir);

    expect(loadOrCreateAuthSecret(dataDir)).toBe(first);
    expect(loadOrCreateAuthSecret(dataDir)).toBe(first);
  });

  it('gives every data directory a secret of its own', () => {
    expect(loadOrCreateAuthSecret(path.join(root, 'one'))).not.toBe(loadOrCreateAuthSecret(path.join(root, 'two')));
  });

  it('keeps a secret written there before, without its line end', () => {
    const dataDir = path.join(root, 'given');
    fs.mkdirSync(dataDir);
    const given = 'a-secret-put-here-by-the-operator-0123456789';
    fs.writeFileSync(path.join(dataDir, 'auth-secret'), `${given}\n`, { mode: 0o600 });

    expect(loadOrCreateAuthSecret(dataDir)).toBe(given);
  });
});
