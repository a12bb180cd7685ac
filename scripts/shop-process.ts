/**
 * The shop as the bench scripts run it: a process of its own (never the one that measures it), on
 * a port the kernel picks, with a DATA_DIR of its own that is removed when it stops.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
/** The Node flags `npm start` gives the shop in package.json (the heap limit, decision 089): a bench's shop starts with them too. */
const startFlags = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--max-old-space-size='));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Builds the web app unless a build is there (not counted in any figure). */
export function ensureWebBuild() {
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  console.log('Building the web app (not counted)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
}

export interface Shop {
  origin: string;
  child: ChildProcess;
  /** DATA_DIR: the embedded database (without DATABASE_URL) and mail files live here. */
  dataDir: string;
  /** The lines the shop wrote to stdout and stderr. */
  output: string[];
}

/**
 * Starts `apps/api/src/server.ts` with `npm start`'s Node flags and `env` over the machine's, on
 * `port` (else one the kernel picks), and answers once `GET /api/parts` does. `host` is how the origin names the loopback (a browser's
 * cookies want `localhost`); `stdout: 'ignore'` sends the request log where a log collector would
 * read it (here, nowhere), keeping stderr.
 */
export async function startShop({
  env = {},
  label = 'shop',
  host = '127.0.0.1',
  stdout = 'keep',
  startSeconds = 90,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`)),
  port: chosenPort,
}: { env?: Record<string, string>; label?: string; host?: string; stdout?: 'keep' | 'ignore'; startSeconds?: number; dataDir?: string; port?: number } = {}): Promise<Shop> {
  const port = chosenPort ?? (await freePort());
  const origin = `http://${host}:${port}`;
  const child = spawn(process.execPath, [...startFlags, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: origin, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', stdout === 'keep' ? 'pipe' : 'ignore', 'pipe'],
  });
  const shop: Shop = { origin, child, dataDir, output: [] };
  const keep = (chunk: Buffer) => shop.output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + startSeconds * 1000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`${origin}/api/parts`).then((reply) => reply.ok, () => false);
    if (ok) return shop;
    await sleep(250);
  }
  await stopShop(shop);
  throw new Error(`the shop did not start:\n${shop.output.join('\n')}`);
}

/** SIGTERM, then SIGKILL after `graceMs`; removes its DATA_DIR unless it is to start again on it. */
export async function stopShop(shop: Shop, { graceMs = 5_000, keepData = false }: { graceMs?: number; keepData?: boolean } = {}) {
  if (shop.child.exitCode === null) {
    const exited = new Promise((resolve) => shop.child.once('exit', resolve));
    shop.child.kill('SIGTERM');
    await Promise.race([exited, sleep(graceMs)]);
    if (shop.child.exitCode === null && shop.child.signalCode === null) {
      // Gone only once it has exited: its DATA_DIR's lock names it until then.
      shop.child.kill('SIGKILL');
      await exited;
    }
  }
  if (!keepData) fs.rmSync(shop.dataDir, { recursive: true, force: true });
}

/** Signs an account up over HTTP, as the web app does (its origin sent, as a browser sends it): the account's id. */
export async function signUpOverHttp(origin: string, account: { name: string; email: string; password: string }): Promise<string> {
  const reply = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  if (!reply.ok) throw new Error(`sign-up answered ${reply.status}: ${await reply.text()}`);
  return ((await reply.json()) as { user: { id: string } }).user.id;
}

/** Signs in over HTTP: the session's cookies, as a `cookie` header's value. */
export async function signInOverHttp(origin: string, email: string, password: string): Promise<string> {
  const reply = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!reply.ok) throw new Error(`sign-in answered ${reply.status}: ${await reply.text()}`);
  return reply.headers.getSetCookie().map((line) => line.split(';', 1)[0]).join('; ');
}
