import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseOptions } from '../db/database';
import { createScratchDatabase } from '../test/scratch-database';

const script = path.join(import.meta.dirname, 'make-admin.ts');
const serverUrl = process.env.TEST_DATABASE_URL;
let target: DatabaseOptions;
let env: Record<string, string>;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl);
    target = { databaseUrl: scratch.url };
    env = { DATABASE_URL: scratch.url, AUTH_SECRET: 'x'.repeat(32) };
    cleanUp = scratch.drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'make-admin-'));
    target = { dataDir };
    env = { DATA_DIR: dataDir };
    cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const database = await openDatabase(target);
  await database.db
    .insertInto('users')
    .values({ id: 'user-1', name: 'Ann', email: 'ann@example.com' })
    .execute();
  await database.close();
});

afterAll(() => cleanUp());

function makeAdmin(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    // Not process.env: Vitest puts Vite's BASE_URL ('/') there, which is no URL of ours.
    env: { PATH: process.env.PATH, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

async function roleOf(email: string) {
  const database = await openDatabase(target);
  try {
    const row = await database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst();
    return row?.role;
  } finally {
    await database.close();
  }
}

describe('npm run make-admin', () => {
  it('grants the admin role to an existing account, whatever the case of the e-mail', async () => {
    const run = makeAdmin('Ann@Example.com');
    expect(run.stdout).toContain('is now an admin');
    expect(run.status).toBe(0);
    expect(await roleOf('ann@example.com')).toBe('admin');
  });

  it('fails with a clear message for an unknown e-mail, and without one', () => {
    const unknown = makeAdmin('nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account uses nobody@example.com');
    const missing = makeAdmin();
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run make-admin -- <email>');
  });
});
