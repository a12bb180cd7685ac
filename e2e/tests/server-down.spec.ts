import fs from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures';
import { expectNoA11yViolations, followHeaderLink, testWithFailingLoads, waitForApp, widths } from './pages';
import { ShopProcess, sharedPort, START_TIMEOUT_MS } from './shop-process';

/**
 * The server stops under an open page. These journeys run a shop process of their
 * own — on ports of their own, next to the shared one — so they can stop and start it.
 */
const test = testWithFailingLoads;

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
      // The shop starts twice, each start with the room the config's own shop gets, and the page's steps after.
      test.setTimeout(2 * START_TIMEOUT_MS + 60_000);
      await shop.start();
      await page.goto(shop.url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The server stops under a page whose app has loaded (its scripts come after the first paint).
      await waitForApp(page);
      await page.waitForLoadState('networkidle');

      await shop.stop();
      await followHeaderLink(page, 'Blogs');
      await expect(page.getByRole('heading', { name: 'We cannot reach the shop' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByText(/Unexpected Application Error|Hey developer|Failed to fetch/)).toHaveCount(0);
      await expectNoA11yViolations(page);

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
