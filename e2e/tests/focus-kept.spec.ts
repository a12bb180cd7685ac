import { pageLoading } from '@autoparts/shared';
import type { Page } from '@playwright/test';
import { logInByApi, newAccount, signUp, signUpByApi } from './accounts';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { confirmByMail } from './mail';
import { roomyParts, waitForApp } from './pages';

/**
 * Decision 132: what only Chromium shows — it drops the focus of a button that becomes disabled
 * or leaves the page, and lays the page out (jsdom does neither).
 */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim();
  });

for (const width of [390, 1280]) {
  test(`at ${width} px Sign Out by keyboard leaves the focus on Login (the menu's button on a phone), not on the page's body`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUp(page, newAccount('signout'));
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await banner.getByRole('button', { name: 'Sign Out' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner.getByRole('link', { name: 'Login', exact: true, includeHidden: true })).toBeAttached();
    await expect.poll(() => focusedName(page)).toBe(width < 768 ? 'Open menu' : 'Login');
  });

  test(`at ${width} px Add to cart on a part's page keeps the focus while it adds`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpByApi(page, newAccount('addcart'));
    const [part] = await roomyParts(page, 1);
    if (!part) throw new Error('no part');
    await page.goto(`/parts/${encodeURIComponent(part.partNumber)}`);
    const add = page.getByRole('button', { name: 'Add to cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Added ${part.minOrderQuantity} × ${part.partNumber}` })).toBeAttached();
    await expect(add).toBeFocused();
    await expect(add).not.toHaveAttribute('aria-disabled');
  });
}

// The phone menu's Tab order is the order it is seen in: the search box stood first in the page's
// order but was drawn below the links, so the Tab after "Open menu" went down to it and back up.
test('at 390 px the open menu is tabbed through from top to bottom', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, newAccount('menuorder'));
  await page.goto('/blogs');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out', includeHidden: true })).toBeAttached();
  const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  await menu.click();
  const tops: { name: string; top: number }[] = [];
  for (let stop = 0; stop < 9; stop += 1) {
    await page.keyboard.press('Tab');
    tops.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return { name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(), top: Math.round(element.getBoundingClientRect().top) };
      }),
    );
  }
  const insideHeader = tops.slice(0, tops.findIndex((stop) => stop.name === 'Sign Out') + 1);
  expect(insideHeader.map((stop) => stop.name), JSON.stringify(tops)).toContain('Home');
  for (const [index, stop] of insideHeader.entries()) {
    if (index > 0) expect(stop.top, `${stop.name} after ${insideHeader[index - 1]?.name}`).toBeGreaterThanOrEqual(insideHeader[index - 1]?.top ?? 0);
  }
});

// WCAG's reflow: 1280 px at 400 % zoom is 320 CSS px; the quick order's file picker widened the
// cart's column past it (3 px sideways).
test('at 320 px the cart with its quick order scrolls no way but down', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signUpByApi(page, newAccount('reflow'));
  await page.goto('/cart');
  await expect(page.getByLabel('Part numbers and quantities')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

// A member's row kept its Role select, Change role and Remove on one line that did not wrap: on a
// phone at 320 px the owner's own row widened the Company page to 334 px.
test('at 320 px the Company page with its members’ role controls scrolls no way but down', async ({ page, browser, baseURL }) => {
  const owner = newAccount('reflowco');
  await signUpByApi(page, owner);
  await confirmByMail(page, owner.email, baseURL);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await logInByApi(admin, e2eAdmin);
  const created = await admin.request.post('/api/admin/companies', {
    data: { name: `Reflow ${owner.email.slice(9, 15)}`, ownerEmail: owner.email, paymentTerms: 'net30', creditLimit: 1000 },
    headers: { origin: baseURL ?? '' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await admin.context().close();
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/dashboard/company');
  await expect(page.getByRole('button', { name: new RegExp(`^Change the role of ${owner.name}`) })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('at 390 px a search from the header leaves the focus in the page, not on its body, when /shop hides the header’s box (decision 149)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForApp(page);
  const box = page.getByRole('search', { name: 'Parts' }).getByRole('searchbox');
  await box.fill('brake pads');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=brake\+pads$/);
  await expect(page.getByRole('heading', { level: 2, name: /parts for “brake pads”/ })).toBeVisible();
  // /shop hides the header's box on a phone (it has its own): Chromium dropped the focus to the body.
  await expect.poll(() => focusedName(page)).not.toBe('body');
});

test('at 390 px a page whose code is still loading shows a bar and says so, and the page being left takes no tap (decision 215)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/forgot-password-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await waitForApp(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  const loading = page.getByText(pageLoading);
  await expect(loading).toBeVisible();
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  // Login is still there: a tap into its Email field does not reach it, so nothing is typed there.
  const email = page.getByLabel('Email');
  const box = await email.boundingBox();
  if (!box) throw new Error('Login’s Email field has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type('early@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(email).toHaveValue('');

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await expect(loading).toHaveCount(0);
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy');
});
