import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const serverEntry = path.join(import.meta.dirname, '../server.ts');

/** A port nobody listens on right now (the kernel picks it): another process may take it before a child binds it (`onFreePort`). */
export function freePort(): Promise<number> {
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

/** Tries at a free port: each lost means another process took it in the instant between probe and bind. */
const PORT_TRIES = 5;

/**
 * `start` on a free port, and on another while it throws `PortTaken`: a child given a port by
 * `freePort` that another process took before the child bound it is started again elsewhere. The
 * shop listens last and closes its database before it exits on a lost port, so a start that lost
 * its port has already done the rest (opened and migrated its database, and closed it): the next
 * try finds that done, never half done. A start watched from its launch (`launchShopProcess`)
 * goes inside `start` whole, launch and `opened` both, so that a lost port launches it again.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === PORT_TRIES) throw error;
    }
  }
}

/** A child that could not listen on the port it was given: another process has it. */
export class PortTaken extends Error {}

/** The shop as an operator runs it: `server.ts` in a process of its own, logging JSON lines. */
export interface ShopProcess {
  port: number;
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Every log line so far, parsed (the shop writes each as one JSON object on stdout). */
  logLines: Record<string, unknown>[];
  /** Lines on stdout that are not a JSON object (a Node warning, a library's print), as text. */
  otherLines: string[];
  stderr(): string;
  /** The exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Settles once it logs that it is open; fails if it exits first. */
  open: Promise<void>;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL if it still runs (after a failed test). */
  kill(): void;
}

/**
 * Starts the shop on a free port of 127.0.0.1 with `env` on top of a quiet test environment
 * (no web app) and answers once it logs that it is open. Kill it in `afterAll` if a test failed.
 */
export async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  if (env.PORT) return opened(await launchShopProcess({ ...env, PORT: env.PORT }));
  return onFreePort(async (port) => opened(await launchShopProcess({ ...env, PORT: String(port) })));
}

/**
 * As `startShopProcess`, on `env.PORT` if given, with its own address as `BASE_URL` (the address
 * a proxy in front of it forwards to): as the backup and deployment tests run it.
 */
export async function startShop(env: Record<string, string>): Promise<ShopProcess> {
  const on = async (port: string) => opened(await launchShopProcess({ PORT: port, BASE_URL: `http://127.0.0.1:${port}`, ...env }));
  return env.PORT ? on(env.PORT) : onFreePort((port) => on(String(port)));
}

/** `shop` once it is open; `PortTaken` if it exited as its port was another process's. */
export async function opened(shop: ShopProcess): Promise<ShopProcess> {
  try {
    await shop.open;
    return shop;
  } catch (error) {
    // server.ts's sentence for EADDRINUSE on PORT (METRICS_PORT's is another's to fix).
    if (new RegExp(`(^|[^_])PORT: \\S+:${shop.port} is in use by another process`).test(shop.stderr())) throw new PortTaken(shop.stderr(), { cause: error });
    throw error;
  }
}

/**
 * As `startShopProcess`, answering at once: for a test that watches it start. On the port `env`
 * names: one of `onFreePort`'s, in whose `start` the test launches it and awaits `opened`, or one
 * whose listen is not the point (a start refused before it listens, a port taken on purpose).
 */
export async function launchShopProcess(env: Record<string, string> & { PORT: string }): Promise<ShopProcess> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'shop-process-no-web-app'),
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logLines: Record<string, unknown>[] = [];
  const otherLines: string[] = [];
  const open = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = logEntry(line);
      if (!entry) return void otherLines.push(line);
      logLines.push(entry);
      if (typeof entry.msg === 'string' && entry.msg.startsWith('shop is open')) resolve();
    });
    void exited.then((code) => reject(new Error(`the shop exited with ${code} before opening: ${stderr}`)));
  });
  // Watched by the caller; marked handled here so that a launch it abandons is no stray rejection.
  open.catch(() => {});
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    logLines,
    otherLines,
    stderr: () => stderr,
    exited,
    open,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A line of the shop's log, or undefined for a line that is not a JSON object (thrown in the reader, it would fail the whole run). */
function logEntry(line: string): Record<string, unknown> | undefined {
  try {
    const entry: unknown = JSON.parse(line);
    return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What became of one request sent on a connection of its own: its answer, or why none came. */
export type Outcome = { status: number; body: string } | { error: string };

/**
 * One request on a new connection (no keep-alive), as a client that was not talking to this
 * instance before: its answer, or the error code of the connection (ECONNREFUSED once the
 * instance stopped listening).
 */
export function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: object } = {}): Promise<Outcome> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const outgoing = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    outgoing.end(body);
  });
}

/**
 * A customer of a shop process: signed up through its API (as the web app does, from the shop's
 * own origin), with the session cookie. `label` makes the address unique.
 */
export async function signUpOver(shop: Pick<ShopProcess, 'url' | 'port'>, label: string) {
  const unique = `${label}-${process.pid}-${Date.now().toString(36)}`;
  const account = { email: `${unique}@example.com`, password: `pw-${unique}`, name: `Test ${label}` };
  const outcome = await new Promise<{ status: number; cookie: string | undefined }>((resolve, reject) => {
    const outgoing = http.request(`${shop.url}/api/auth/sign-up/email`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', origin: `http://localhost:${shop.port}` },
    }, (response) => {
      response.resume();
      const cookie = response.headers['set-cookie']?.find((line) => line.includes('session_token='))?.split(';')[0];
      response.on('end', () => resolve({ status: response.statusCode ?? 0, cookie }));
    });
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(account));
  });
  if (outcome.status !== 200 || !outcome.cookie) throw new Error(`sign-up answered ${outcome.status}`);
  return { ...account, cookie: outcome.cookie };
}
