import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { expect } from './fixtures';
import { expectNoSeriousA11yViolations, followHeaderLink, widths } from './pages';

/**
 * The server stops under an open page (issue 11). These journeys run a shop process of their
 * own — on ports of their own, next to the shared one — so they can stop and start it.
 */
const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

const repoRoot = path.resolve(import.meta.dirname, '../..');
const sharedPort = Number(process.env.E2E_PORT ?? 3100);

class ShopProcess {
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
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', NODE_ENV: 'test' },
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

widths.forEach((width, index) => {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    const dataDir = path.join(import.meta.dirname, `../.tmp/server-down-${width}`);
    const shop = new ShopProcess(sharedPort + 10 + index, dataDir);

    test.beforeAll(async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    test.afterAll(async () => {
      await shop.stop();
    });

    test('a page opened while the server is down says so with a retry, and the retry works once it is back', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await shop.start();
      await page.goto(shop.url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await shop.stop();
      await followHeaderLink(page, 'Blogs');
      await expect(page.getByRole('heading', { name: 'We cannot reach the shop' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByText(/Unexpected Application Error|Hey developer|Failed to fetch/)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // Still down: the retry says so again instead of showing the browser's error page.
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'We cannot reach the shop' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/blogs');

      await shop.start();
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /blog/i })).toBeVisible();
    });
  });
});
