import fs from 'node:fs';
import path from 'node:path';
import { paths, type Part } from '@autoparts/shared';
import type { Browser, Page } from '@playwright/test';
import { e2eAdmin } from './admin-account';
import { logInByApi, newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, expectWithinViewportWidth, orderPartByApi, widths } from './pages';
import { ShopProcess, sharedPort, START_TIMEOUT_MS } from './shop-process';

const screens = path.join(import.meta.dirname, '../.tmp/screens');
fs.mkdirSync(screens, { recursive: true });

/** Opened signed out (`visitor`): signed in, /login and /signup move on to the dashboard. */
const publicPages = ['/', '/blogs', '/portfolio', '/login', '/signup', '/forgot-password', '/reset-password?token=x', '/verify-email?done=1', '/no-such-page'];
const customerPages = ['/dashboard', '/dashboard/history', '/dashboard/profile', '/dashboard/addresses', '/dashboard/password', '/dashboard/review'];
const adminPages = ['/dashboard/orders', '/dashboard/addaproduct', '/dashboard/makeadmin', '/dashboard/manageproducts', '/dashboard/reviews', '/dashboard/operations', '/dashboard/shipping-methods', '/dashboard/tax-rates'];
/** Admin screens of the later issues with no axe check in a journey of their own: checked here with the rest. */
const adminPagesChecked = ['/dashboard/fitment-reports', '/dashboard/certificates'];
/** The admin screens of the later issues, whose axe checks are in their own journeys: here for their width only. */
const moreAdminPages = ['/dashboard', '/dashboard/manage-returns', '/dashboard/audit', '/dashboard/companies', '/dashboard/price-lists', '/dashboard/catalogue-data'];

async function firstPart(page: Page): Promise<Part> {
  const parts = (await (await page.request.get('/api/parts')).json()) as Part[];
  return parts[2]!;
}

/** A page of a context of its own, not yet signed in (axe needs a page of a context the test made itself). */
async function pageAt(browser: Browser, width: number, height = 844) {
  return (await browser.newContext({ viewport: { width, height } })).newPage();
}

/** A customer with one unpaid order, on a page of its own. */
async function customerWithOrder(browser: Browser, width: number) {
  const page = await pageAt(browser, width);
  await signUpByApi(page, newAccount('phone'));
  const part = await firstPart(page);
  await orderPartByApi(page, part._id);
  const orders = (await (await page.request.get('/api/me')).json()) as { email: string };
  const mine = (await (
    await page.request.get(`/api/myorder/${encodeURIComponent(orders.email)}`)
  ).json()) as { _id: string }[];
  return { page, part, orderId: mine[0]!._id };
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** The space between a list and its pager below: the list's gap (`grid gap-4`), the pager adding none. */
async function spaceAbovePager(page: Page, label: string) {
  return page
    .getByRole('navigation', { name: label })
    .evaluate((nav) => nav.getBoundingClientRect().top - nav.previousElementSibling!.getBoundingClientRect().bottom);
}

function shotName(width: number, url: string) {
  return path.join(screens, `${width}${url.replaceAll('/', '_') || '_home'}.png`);
}

test('no page scrolls sideways at 360 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, part, orderId } = await customerWithOrder(browser, 360);
  const admin = await pageAt(browser, 360, 800);
  const visitor = await pageAt(browser, 360, 800);
  await logInByApi(admin, e2eAdmin);
  const visits: [Page, string][] = [
    ...publicPages.map((url): [Page, string] => [visitor, url]),
    [page, `/part/${part._id}`],
    [page, `/dashboard/payment/${orderId}`],
    ...customerPages.map((url): [Page, string] => [page, url]),
    ...adminPages.map((url): [Page, string] => [admin, url]),
    ...adminPagesChecked.map((url): [Page, string] => [admin, url]),
    ...moreAdminPages.map((url): [Page, string] => [admin, url]),
    [admin, paths.partCatalogue(part._id)],
  ];
  for (const [tab, url] of visits) {
    await visit(tab, url);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(360);
  }
});

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('axe finds no problem on any page, signed out, in or as an admin', async ({ browser }) => {
      // Every page, twice signed in: 2.2–2.4 min alone on a slow day, more beside another test.
      test.setTimeout(300_000);
      const { page, part, orderId } = await customerWithOrder(browser, width);
      const admin = await pageAt(browser, width);
      const visitor = await pageAt(browser, width);
      await logInByApi(admin, e2eAdmin);
      const visits: [Page, string][] = [
        ...publicPages.map((url): [Page, string] => [visitor, url]),
        [page, `/part/${part._id}`],
        [page, `/dashboard/payment/${orderId}`],
        ...customerPages.map((url): [Page, string] => [page, url]),
        ...adminPages.map((url): [Page, string] => [admin, url]),
        ...adminPagesChecked.map((url): [Page, string] => [admin, url]),
      ];
      for (const [tab, url] of visits) {
        await visit(tab, url);
        await tab.screenshot({ path: shotName(width, url.startsWith('/part/') ? '/part' : url.startsWith('/dashboard/payment') ? '/payment' : url) });
        await expectNoA11yViolations(tab);
      }
    });

    test('My Orders shows Pay Now and Cancel without a sideways scroll', async ({ browser }) => {
      const { page } = await customerWithOrder(browser, width);
      await visit(page, '/dashboard');
      await expectWithinViewportWidth(page, page.getByRole('link', { name: 'Pay Now' }).first());
      await expectWithinViewportWidth(page, page.getByRole('button', { name: 'Cancel' }).first());
    });

    test('the admin tables show their actions without a sideways scroll, their pagers one gap below the list', async ({
      page,
      browser,
    }) => {
      // A customer, so Make Admin has a row with both actions, with an order, so Manage All Orders has a list.
      const other = await browser.newPage();
      // A long address: kept to one line, it once pushed Cancel out of a 1280 px window.
      await signUpByApi(other, newAccount('listed-under-a-rather-long-workshop-address'));
      await orderPartByApi(other, (await firstPart(other))._id);
      await other.close();
      await logInByApi(page, e2eAdmin);
      await visit(page, '/dashboard/makeadmin');
      await expectWithinViewportWidth(page, page.getByRole('button', { name: /^Make Admin / }).first());
      await expectWithinViewportWidth(page, page.getByRole('button', { name: /^Remove (?!admin )/ }).first());
      await visit(page, '/dashboard/orders');
      await expectWithinViewportWidth(page, page.getByRole('button', { name: /Mark delivered|Cancel/ }).first());
      expect(await spaceAbovePager(page, 'Orders pages')).toBe(16);
      await visit(page, '/dashboard/manageproducts');
      expect(await spaceAbovePager(page, 'Products pages')).toBe(16);
    });

    test('a new page opens at the top, and Back returns to where the reader was', async ({ page }) => {
      await visit(page, '/');
      await page.evaluate(() => window.scrollTo({ top: 3000, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(3000);
      // The sticky header's link: clicking it leaves the page where the reader had it. On a phone
      // the opened menu pushes the page down and the browser keeps the content in view, so the
      // place to come back to is read after opening it.
      const banner = page.getByRole('banner');
      const menu = banner.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      const leftAt = await page.evaluate(() => Math.round(window.scrollY));
      expect(leftAt).toBeGreaterThanOrEqual(3000);
      await banner.getByRole('link', { name: 'Blogs', exact: true }).click();
      await expect(page).toHaveURL('/blogs');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await expect(page).toHaveURL('/');
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(leftAt);
    });

    test('a toast sits below the header, passes axe, and covers neither the header nor the button pressed', async ({
      page,
    }) => {
      await signUpByApi(page, newAccount('toast'));
      await visit(page, '/dashboard/review');
      await page.getByLabel(/description/i).fill('Quick delivery, parts fit perfectly.');
      // With a rating, as the home page's carousel journeys expect of the newest review.
      await page.getByLabel('Rating').selectOption('5');
      const submit = page.getByRole('button', { name: /submit|add review/i });
      // Pressed where a thumb presses it, mid-screen (Playwright would scroll it just to the bottom
      // edge, where a toast at the bottom always lies over it). At once, not smoothly: the page scrolls
      // smoothly, and a click while it still moves lands wherever the scroll has got to.
      await submit.evaluate((button) => button.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await submit.click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Thanks for your Review' });
      await expect(toast).toBeVisible();
      const headerBox = (await page.getByRole('banner').boundingBox())!;
      // Once it has slid in, its top is below the header's bottom.
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
      const toastBox = (await toast.boundingBox())!;
      const submitBox = await submit.boundingBox();
      if (submitBox) {
        const overlaps =
          toastBox.y < submitBox.y + submitBox.height && submitBox.y < toastBox.y + toastBox.height &&
          toastBox.x < submitBox.x + submitBox.width && submitBox.x < toastBox.x + toastBox.width;
        expect(overlaps).toBe(false);
      }
      await expectNoA11yViolations(page);
    });
  });
}

test('the home page on a phone is about half its old height (17,274 px before the layout was reworked)', async ({ page }) => {
  // Room for the shop's start (as long as the config's own shop gets) and the page after it.
  test.setTimeout(START_TIMEOUT_MS + 30_000);
  // On a shop of its own with just the demo catalogue: the other journeys add parts to theirs.
  const dataDir = path.join(import.meta.dirname, '../.tmp/home-height');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const shop = new ShopProcess(sharedPort + 20, dataDir);
  // Started inside the try: a start that times out or fails is stopped too, and frees its port.
  try {
    await shop.start();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(shop.url);
    await expect(page.getByRole('list', { name: 'Parts' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(8_700);
  } finally {
    await shop.stop();
  }
});
