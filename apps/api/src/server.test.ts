import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { startShopProcess, type ShopProcess } from './test/shop-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-server-'));
let server: ShopProcess | undefined;

afterAll(() => {
  // Only if the test failed half-way: never leave a server behind.
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('serves over HTTP, logs one line per request and shuts down cleanly on SIGTERM', {
  timeout: 60_000,
}, async () => {
  server = await startShopProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '0' });
  const { port, logLines } = server;

  const response = await fetch(`http://127.0.0.1:${port}/api/parts`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as unknown[]).length).toBeGreaterThanOrEqual(12);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');

  // The embedded database is single-process (DESIGN §4): another process is kept off it.
  await expect(openDatabase({ dataDir })).rejects.toThrow(/DATA_DIR.*in use by another process/);

  server.child.kill('SIGTERM');
  expect(await server.exited, server.stderr()).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

  const requestLines = logLines.filter((entry) => entry.msg === 'request');
  expect(requestLines).toEqual([
    expect.objectContaining({
      level: 30,
      method: 'GET',
      url: '/api/parts',
      status: 200,
      ms: expect.any(Number),
    }),
  ]);
  expect(logLines.some((entry) => entry.msg === 'shutting down' && entry.signal === 'SIGTERM')).toBe(true);
});
