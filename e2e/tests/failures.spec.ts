import type { Part } from '@autoparts/shared';
import { newAccount, signUp } from './accounts';
import { expect } from './fixtures';
import { expectNoA11yViolations, followHeaderLink, testWithFailingLoads, waitForApp, widths } from './pages';

/**
 * Failures shown kindly. These journeys make requests fail on purpose, so Chromium's
 * "Failed to load resource" lines are expected here; an uncaught page error still fails them.
 */
const test = testWithFailingLoads;

const blogsScript = '**/assets/blogs-*.js';

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a script of an older build reloads the page once, and the new page shows', async ({ page }) => {
      // Asks the real server for an asset name it no longer has, as a tab opened before a redeploy would.
      let staleRequests = 0;
      await page.route(
        blogsScript,
        async (route) => {
          staleRequests += 1;
          await route.continue({ url: new URL('/assets/blogs-0ld0ld00.js', route.request().url()).href });
        },
        { times: 1 },
      );
      await page.goto('/');
      await followHeaderLink(page, 'Blogs');
      await expect(page.getByRole('heading', { level: 1, name: /blog/i })).toBeVisible();
      expect(staleRequests).toBe(1);
      expect(await page.evaluate(() => sessionStorage.getItem('autoparts:reloaded-for-assets-at'))).not.toBeNull();
    });

    test('a search sent while the device is offline says so at once with Try again, and shows its parts once back online', async ({ page, context }) => {
      await page.goto('/shop');
      // The shop's script is in place, so the next search needs only its data.
      await expect(page.getByRole('heading', { level: 2, name: /\d+ parts/ })).toBeVisible();
      await waitForApp(page);
      await context.setOffline(true);
      const search = page.getByRole('main').getByRole('searchbox', { name: 'Search the catalogue' });
      await search.fill('alternator');
      await search.press('Enter');
      // Not the skeleton for as long as the connection is away (the search used to wait, unsent and unsaid).
      const alert = page.getByRole('alert').filter({ hasText: 'We cannot reach the shop' });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expectNoA11yViolations(page);

      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 2, name: /^\d+ parts? for “alternator”$/ })).toBeVisible();
      await expect(alert).toHaveCount(0);
    });

    test('a script that still fails after the reload says so inside the shop, with a reload button', async ({ page }) => {
      await page.route(blogsScript, (route) =>
        route.continue({ url: new URL('/assets/blogs-0ld0ld00.js', route.request().url()).href }),
      );
      await page.goto('/');
      await followHeaderLink(page, 'Blogs');
      await expect(page.getByRole('heading', { name: 'The shop has been updated' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: /home$/i }).first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByText(/Unexpected Application Error|Hey developer|at .*\.js:\d+/)).toHaveCount(0);
      await expectNoA11yViolations(page);
    });

    test('signing out while the server cannot be reached still signs the browser out', async ({ page }) => {
      await signUp(page, newAccount('offline'));
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));

      const banner = page.getByRole('banner');
      const menu = banner.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await banner.getByRole('button', { name: 'Sign Out' }).click();
      await expect(banner.getByRole('link', { name: 'Login', exact: true, includeHidden: true })).toBeAttached();
      await expect(page.getByText('You are signed out on this device.')).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      // Back online: the pending sign-out reaches the server, and the session is gone there too.
      await page.unroute('**/api/**');
      await page.reload();
      await expect(banner.getByRole('link', { name: 'Login', exact: true, includeHidden: true })).toBeAttached();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('signOutPending'))).toBeNull();
      const me = await page.request.get('/api/me');
      expect(await me.json()).toBeNull();
    });

    test('a part page the server still draws for a session signed out offline opens signed out', async ({ page }) => {
      const [part] = (await (await page.request.get('/api/parts')).json()) as Part[];
      if (!part) throw new Error('the catalogue is empty');
      const account = newAccount('offline-part');
      await signUp(page, account);
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      const banner = page.getByRole('banner');
      const menu = banner.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await banner.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page.getByText('You are signed out on this device.')).toBeVisible();

      // The API is still out of reach, but pages are not: the server, never told, still knows the
      // session and draws the part's page for it, signed in (decision 028).
      const drawn = await page.request.get(`/part/${part._id}`);
      expect(await drawn.text()).toContain(account.email);
      await page.goto(`/part/${part._id}`);
      // The browser draws it afresh, signed out: the sign-in the part's page asks for, never the account.
      await expect(page).toHaveURL(/\/login$/);
      await expect(banner.getByRole('link', { name: 'Login', exact: true, includeHidden: true })).toBeAttached();
      await expect(banner.getByText(account.name)).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('signOutPending'))).not.toBeNull();
    });
  });
}
