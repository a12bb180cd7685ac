import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './db/database';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-server-'));
let server: ChildProcessWithoutNullStreams | undefined;

afterAll(() => {
  // Only if the test failed half-way: never leave a server behind.
  if (server?.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

it('serves over HTTP, logs one line per request and shuts down cleanly on SIGTERM', {
  timeout: 60_000,
}, async () => {
  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    },
  });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));

  const logLines: Record<string, unknown>[] = [];
  const lines = createInterface({ input: server.stdout });
  const open = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      // Every line on stdout is one JSON object: that is what a log collector expects.
      const entry = JSON.parse(line) as Record<string, unknown>;
      logLines.push(entry);
      if (entry.msg === 'shop is open') resolve();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code} before opening: ${stderr}`)));
  });
  await open;

  const response = await fetch(`http://127.0.0.1:${port}/api/parts`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as unknown[]).length).toBeGreaterThanOrEqual(12);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');

  // The embedded database is single-process (DESIGN §4): another process is kept off it.
  await expect(openDatabase({ dataDir })).rejects.toThrow(/DATA_DIR.*in use by another process/);

  server.kill('SIGTERM');
  expect(await exited, stderr).toBe(0);
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
