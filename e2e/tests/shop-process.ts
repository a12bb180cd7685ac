import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from './fixtures';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The shared shop's port (playwright.config.ts); a journey's own shop uses ports after it. */
export const sharedPort = Number(process.env.E2E_PORT ?? 3100);

/**
 * A shop process of a journey's own, on a fresh embedded database with the demo catalogue: for
 * journeys that stop the server, or that measure a page the other journeys would change.
 */
export class ShopProcess {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  get url() {
    return `http://localhost:${this.port}`;
  }

  async start() {
    this.child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'apps/api/src/server.ts')], {
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', NODE_ENV: 'test', SHUTDOWN_GRACE_MS: '0' },
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${this.url}/api/parts`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 60_000 },
      )
      .toBe(200);
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = undefined;
  }
}

