import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-dir-'));
const started: number[] = [];

afterAll(() => {
  // Only if the test failed: a shop that did not stop still runs.
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
});

/** Starts the server as `npm start` does (its own Node, tsx's loader) on `dataDir`; resolves with its exit code and stderr. */
async function start(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const shop = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    // Refused before it listens: port 0 (any the kernel gives) would do even if it got so far, with no port to lose.
    env: { PATH: process.env.PATH, HOME: work, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(work, 'no-web-app'), LOG_FORMAT: 'json' },
  });
  if (shop.pid) started.push(shop.pid);
  let stderr = '';
  shop.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => shop.once('exit', (exitCode) => resolve(exitCode)));
  return { code, stderr };
}

it('stops at once with a message naming an unusable DATA_DIR and what to do, exit code 1 (decision 138)', { timeout: 120_000 }, async () => {
  const aFile = path.join(work, 'a-file');
  fs.writeFileSync(aFile, '');
  const outboxFile = path.join(work, 'outbox-file');
  fs.mkdirSync(outboxFile);
  fs.writeFileSync(path.join(outboxFile, 'outbox'), '');
  const underAFile = path.join(aFile, 'data');

  for (const [dataDir, problem] of [
    [aFile, 'is a file, not a directory'],
    [outboxFile, 'holds a file named outbox where its outbox directory should be'],
    [underAFile, 'cannot be created (ENOTDIR)'],
  ] as const) {
    const { code, stderr } = await start(dataDir);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain(`DATA_DIR ${dataDir} ${problem}. Set DATA_DIR to a directory the shop's user can write`);
  }
  // Nothing was written where it was refused.
  expect(fs.readdirSync(outboxFile)).toEqual(['outbox']);
});
