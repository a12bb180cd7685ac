import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from './fixtures';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The shared shop's port (playwright.config.ts); a journey's own shop uses ports after it. */
export const sharedPort = Number(process.env.E2E_PORT ?? 3100);

/** How long a journey's own shop may take to answer: as long as the config's `webServer` shop (120 s). */
export const START_TIMEOUT_MS = 120_000;
/** How long a stopped shop may take to exit before it is killed. */
const STOP_GRACE_MS = 10_000;

/** Whether a child process has ended: an exit code, or a signal that killed it (its exit code is then null). */
function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

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

  /**
   * Starts the shop and waits until it answers `/api/parts` with 200: tsx compiles the server,
   * the embedded database opens and runs every migration, and the demo catalogue is loaded. That
   * takes seconds on a quiet machine and far longer on a loaded CI runner (two workers, other
   * shops), so it gets the room the config's own shop gets (`webServer`'s 120 s), not 60 s.
   * A port that already answers (a shop a failed run left behind) is refused before anything
   * starts: the journey would otherwise test the leftover; a shop that exits fails at once.
   */
  async start() {
    if (await this.answers()) throw new Error(`Port ${this.port} already answers: a shop left running by an earlier run? Stop it first.`);
    // Node itself with tsx's loader (as scripts/shop-process.ts starts the benches' shops), not the
    // tsx command: that runs the server in a child of its own, which a SIGKILL of tsx would leave
    // running on the port.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', NODE_ENV: 'test', SHUTDOWN_GRACE_MS: '0' },
      stdio: 'ignore',
    });
    this.child = child;
    const state = async () => (hasExited(child) ? 'exited' : (await this.answers()) ? 'answers' : 'starting');
    await expect.poll(state, { timeout: START_TIMEOUT_MS, message: `The shop on port ${this.port} answers /api/parts or exits` }).not.toBe('starting');
    if (hasExited(child)) throw new Error(`The shop on port ${this.port} exited before it answered (exit ${String(child.exitCode ?? child.signalCode)}).`);
  }

  /** Whether a shop answers on this port. */
  private async answers(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/parts`)).status === 200;
    } catch {
      return false;
    }
  }

  /**
   * Stops the shop, if it was started and still runs (also after a start that timed out or
   * threw): SIGTERM, then SIGKILL if it has not exited within STOP_GRACE_MS, so that its port is
   * free for the next journey.
   */
  async stop() {
    const child = this.child;
    this.child = undefined;
    if (!child || hasExited(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}

