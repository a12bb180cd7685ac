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
  timeout: 120_000,
}, async () => {
  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      // HOST as a newcomer leaves it: localhost.
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
      if (typeof entry.msg === 'string' && entry.msg.startsWith('shop is open')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code} before opening: ${stderr}`)));
  });
  await open;

  // One address, the one to type (BASE_URL): no line of Fastify's per bound address before it.
  const shopUrl = `http://localhost:${port}`;
  const withAddress = logLines.filter((entry) => /https?:\/\//.test(String(entry.msg)));
  expect(withAddress.map((entry) => entry.msg)).toEqual([`shop is open at ${shopUrl}`]);
  // What the start did to the database, in the line before.
  const started = logLines.find((entry) => String(entry.msg).startsWith('embedded database'));
  expect(started).toMatchObject({ created: true, seeded: true, migrated: expect.arrayContaining(['0001-catalogue', '0017-part-number-keys']) });
  expect(started?.msg).toMatch(/^embedded database in .+: created, \d+ migrations run \(0001-catalogue, .+\), demo catalogue seeded$/);
  // Signing up (and so in) on the printed address works: its origin is the shop's.
  const signUp = await fetch(`${shopUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify({ name: 'First Visitor', email: 'first@example.com', password: 'first-password' }),
  });
  expect(signUp.status).toBe(200);

  const response = await fetch(`${shopUrl}/api/parts`);
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
    expect.objectContaining({ method: 'POST', url: '/api/auth/sign-up/email', status: 200 }),
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
