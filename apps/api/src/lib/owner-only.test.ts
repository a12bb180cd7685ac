import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { makeOwnerOnly } from './owner-only';

const roots: string[] = [];
function tempDir(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-owner-only-'));
  roots.push(root);
  return root;
}

afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** Every directory and file under `root` (itself included) whose mode is not owner-only, with its mode. */
function openToOthers(root: string): string[] {
  const entries = [{ where: root, directory: true }, ...fs.readdirSync(root, { withFileTypes: true, recursive: true }).map((entry) => ({ where: path.join(entry.parentPath, entry.name), directory: entry.isDirectory() }))];
  return entries.flatMap(({ where, directory }) => {
    const mode = fs.statSync(where).mode & 0o777;
    return mode === (directory ? 0o700 : 0o600) ? [] : [`${path.relative(root, where) || '.'} ${mode.toString(8)}`];
  });
}

describe('owner-only files of DATA_DIR', () => {
  it('makes a DATA_DIR left open to every user owner-only on start: directories 0700, files 0600', () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'pglite', 'pg_wal'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'outbox'));
    for (const file of ['pglite/PG_VERSION', 'pglite/pg_wal/000000010000000000000001', 'outbox/message.eml', 'auth-secret']) {
      fs.writeFileSync(path.join(dataDir, file), 'x');
      fs.chmodSync(path.join(dataDir, file), 0o666);
    }
    for (const directory of ['.', 'pglite', 'pglite/pg_wal', 'outbox']) fs.chmodSync(path.join(dataDir, directory), 0o777);
    expect(openToOthers(dataDir)).toHaveLength(8);

    makeOwnerOnly(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('makes the files of a new embedded database owner-only as it creates them', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const database = await openDatabase({ dataDir });
    try {
      expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(0);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
