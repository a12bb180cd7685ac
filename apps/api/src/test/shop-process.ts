import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const serverScript = path.join(import.meta.dirname, '..', 'server.ts');

export interface ShopProcess {
  port: number;
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** What it wrote to stderr so far, for failure messages. */
  stderr(): string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL if it still runs (after a failed test). */
  kill(): void;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The shop as `npm start` runs it, in a process of its own on `env.PORT` (else a free port), with
 * `env` added (its database above all); answers once it has logged that it is open.
 */
export async function startShop(env: Record<string, string>): Promise<ShopProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"msg":"shop is open"')) resolve();
    });
    void exited.then((code) => reject(new Error(`the shop exited with ${code} before opening: ${stderr}`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
