import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { onFreePort, PortTaken, request } from './test/shop-process';
import { eventually } from './test/wait';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-npm-start-'));
const shopPids: number[] = [];

afterAll(() => {
  // Only if the test failed: the shop that npm left behind still runs.
  for (const pid of shopPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
});

it("npm start's SIGTERM reaches the shop (docker stop, a supervisor): it drains and exits, and npm with it", {
  timeout: 120_000,
}, async () => {
  // package.json's own start line, run by npm as `npm start` runs it (through `sh -c`), with the
  // server itself in place of scripts/start.ts, whose build of a stale web app is not the point here.
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  expect(scripts.start).toContain('scripts/start.ts');
  const start = scripts.start.replace('scripts/start.ts', JSON.stringify(path.join(root, 'apps/api/src/server.ts')));
  fs.writeFileSync(path.join(work, 'package.json'), JSON.stringify({ name: 'npm-start-test', private: true, scripts: { start } }));
  // Its packages are the project's, as in the project's own folder.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'));

  // On a free port, and on another if a process took it first: npm exits with the shop's line
  // naming it. Each try on a DATA_DIR of its own, so none finds another's.
  const { npm, port, exited, logLines, stderr } = await onFreePort((port) => npmStart(port));
  expect('status' in (await request(`http://127.0.0.1:${port}/healthz`))).toBe(true);

  // What `docker stop` does to a container whose command is `npm start`: SIGTERM to npm alone.
  npm.kill('SIGTERM');
  expect(await exited, stderr()).toBe(0);
  // Its last lines may still be on their way through the pipe when npm has exited.
  await eventually(async () => logLines.some((entry) => entry.msg === 'shut down'));
  expect(logLines.some((entry) => entry.msg === 'shutting down' && entry.signal === 'SIGTERM')).toBe(true);
  // Nothing is left listening on the shop's port (or holding its DATA_DIR).
  expect(await request(`http://127.0.0.1:${port}/healthz`)).toEqual({ error: 'ECONNREFUSED' });
});

/** `npm start` in `work` on `port`, once the shop says it is open; `PortTaken` if another process had the port. */
async function npmStart(port: number) {
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: work,
    env: {
      PATH: [path.join(root, 'node_modules/.bin'), process.env.PATH].join(path.delimiter),
      HOME: work,
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, `data-${port}`),
      WEB_DIST_DIR: path.join(work, 'no-web-app'),
      LOG_FORMAT: 'json',
      SHUTDOWN_GRACE_MS: '0',
    },
  });
  let stderr = '';
  npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const logLines: Record<string, unknown>[] = [];
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: npm.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      logLines.push(entry);
      if (typeof entry.pid === 'number' && !shopPids.includes(entry.pid)) shopPids.push(entry.pid);
      if (typeof entry.msg === 'string' && entry.msg.startsWith('shop is open')) resolve();
    });
    void exited.then((code) => {
      // server.ts's sentence for a port in use (as `opened` reads it in test/shop-process.ts).
      const lost = stderr.includes(`PORT: 127.0.0.1:${port} is in use by another process`);
      reject(lost ? new PortTaken(stderr) : new Error(`npm start exited with ${code} before the shop opened: ${stderr}`));
    });
  });
  return { npm, port, exited, logLines, stderr: () => stderr };
}
