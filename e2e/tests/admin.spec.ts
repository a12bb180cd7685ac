import { adminMessages, confirmations, notices, roleConfirmations, type Part, type SearchItem } from '@autoparts/shared';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-account';
import { logIn, logInByApi, newAccount, signOut, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { confirmByMail } from './mail';
import { followDashboardLink, payNowFromDashboard } from './pages';

async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin);
  await expect(page.getByRole('banner').getByText(e2eAdmin.name)).toBeVisible();
}

function acceptNextDialog(page: Page, message: string) {
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(message);
    void dialog.accept();
  });
}

test('an admin orders as a customer does, and finds their own orders beside the overview', async ({ page }) => {
  await logInAsAdmin(page);
  const part = ((await (await page.request.get('/api/parts')).json()) as Part[])[4]!;
  await page.goto(`/part/${part._id}`);
  await page.getByLabel('Address').fill('1 Admin Way, Detroit');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('region', { name: 'Order placed' })).toBeVisible();

  await page.goto('/dashboard');
  await followDashboardLink(page, 'My Orders');
  await expect(page).toHaveURL('/dashboard/myorders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: part.name }).first()).toBeVisible();
});

test('a customer cannot open admin pages: signed out and sent to login', async ({ page }) => {
  await signUpByApi(page, newAccount('not-admin'));
  await page.goto('/dashboard/makeadmin');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first()).toBeAttached();
});

test('Make Admin promotes a customer once their address is confirmed and demotes them again, and Remove removes a user, each after confirming', async ({ page, browser, baseURL }) => {
  const promoted = newAccount('promoted');
  const removed = newAccount('removed');
  for (const account of [promoted, removed]) {
    const context = await browser.newContext();
    await signUpByApi(await context.newPage(), account);
    await context.close();
  }

  await logInByApi(page, e2eAdmin);
  await page.goto('/dashboard/makeadmin');
  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
  // An address nobody has confirmed is not made an admin (decision 144), as its row says…
  await expect(rowOf(promoted.email).getByRole('button', { name: `Make Admin ${promoted.email}`, exact: true })).toBeDisabled();
  await expect(rowOf(promoted.email).getByText(adminMessages.notConfirmedYet)).toBeVisible();
  // …until its owner follows the link mailed to it.
  const mailbox = await browser.newContext();
  await confirmByMail(await mailbox.newPage(), promoted.email, baseURL);
  await mailbox.close();
  await page.reload();
  // The reloaded row first (decision 205): before it is drawn, its note is absent too.
  await expect(rowOf(promoted.email).getByRole('button', { name: `Make Admin ${promoted.email}`, exact: true })).toBeEnabled();
  await expect(rowOf(promoted.email).getByText(adminMessages.notConfirmedYet)).toHaveCount(0);
  acceptNextDialog(page, roleConfirmations.makeAdmin(promoted.email));
  await rowOf(promoted.email).getByRole('button', { name: `Make Admin ${promoted.email}`, exact: true }).click();
  await expect(page.getByText(notices.madeAdmin)).toBeVisible();
  await expect(rowOf(promoted.email)).toContainText('Admin');
  await expect(page.getByRole('complementary').getByText(`made ${promoted.email} an admin`)).toBeVisible();

  // And back: the new admin is a customer again, after a confirmation.
  acceptNextDialog(page, roleConfirmations.removeAdmin(promoted.email, false));
  await rowOf(promoted.email).getByRole('button', { name: `Remove admin ${promoted.email}`, exact: true }).click();
  await expect(page.getByText(`${promoted.email} is a customer again`)).toBeVisible();
  await expect(rowOf(promoted.email).getByRole('button', { name: `Make Admin ${promoted.email}`, exact: true })).toBeVisible();
  await expect(page.getByRole('complementary').getByText(`made ${promoted.email} a customer again`)).toBeVisible();

  acceptNextDialog(page, confirmations.removeUser);
  await rowOf(removed.email).getByRole('button', { name: `Remove ${removed.email}`, exact: true }).click();
  await expect(page.getByText(notices.userRemoved)).toBeVisible();
  await expect(rowOf(removed.email)).toHaveCount(0);
  // The audit trail shows it among the recent admin actions.
  await expect(page.getByRole('complementary').getByText(`removed the user ${removed.email}`)).toBeVisible();
});

test('Add a Product puts a part in the shop that can be ordered; Manage Products restocks and archives it', async ({
  page,
  request,
}) => {
  const name = `E2E Fan Belt ${Date.now()}`;
  await logInByApi(page, e2eAdmin);
  await page.goto('/dashboard/addaproduct');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Image').fill('/images/parts/timing-belt.svg');
  await page.getByLabel('Description').fill('A ribbed fan belt for e2e tests.');
  await page.getByLabel('Store quantity').fill('40');
  await page.getByLabel('Price ($)').fill('19.99');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(notices.productAdded)).toBeVisible();

  // The catalogue is longer than GET /api/parts' first page: search finds the new part.
  const found = (await (await request.get(`/api/search?${new URLSearchParams({ q: name }).toString()}`)).json()) as { items: SearchItem[] };
  const part = found.items.find((candidate) => candidate.name === name);
  expect(part).toMatchObject({ price: 19.99, availableQuantity: 40, minOrderQuantity: 1 });

  await page.goto(`/shop?${new URLSearchParams({ q: name }).toString()}`);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('heading', { name })).toBeVisible();

  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const restock = page.getByRole('form', { name: `Restock ${name} (${part!.partNumber})`, exact: true });
  await restock.getByLabel('Add to stock').fill('10');
  await restock.getByRole('button', { name: 'Restock' }).click();
  await expect(row.getByLabel(`Stock of ${name}`, { exact: true })).toHaveValue('50');

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Archive' }).click();
  await expect(row.getByText('Archived')).toBeVisible();
  expect((await request.get(`/api/part/${part!._id}`)).status()).toBe(404);
});

test('Manage All Orders ships a paid order; the customer sees Shipped and cannot cancel', async ({
  page,
  browser,
  request,
}) => {
  const customer = newAccount('ships');
  const parts = (await (await request.get('/api/parts')).json()) as Part[];
  const part = parts[3]!;
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUpByApi(shopper, customer);
  await shopper.goto(`/part/${part._id}`);
  await shopper.getByLabel('Address').fill('9 Harbour Street, Boston');
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await expect(shopper.getByText(notices.orderPlaced)).toBeVisible();
  await payNowFromDashboard(shopper, part.name);

  await logInByApi(page, e2eAdmin);
  await page.goto('/dashboard/orders');
  await page.getByLabel('Status').selectOption('paid');
  await page.getByLabel('Customer e-mail').fill(customer.email);
  // The search runs after a pause in typing; wait until it has, so the list no longer changes.
  await expect(page).toHaveURL(new RegExp(`email=${encodeURIComponent(customer.email)}`));
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await row.getByText('Ship…').click();
  const form = page.getByRole('form', { name: /^Ship order/ });
  await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await form.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText('Order shipped: everything on it has gone')).toBeVisible();
  await page.getByLabel('Status').selectOption('shipped');
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toContainText(/shipped/i);

  await shopper.goto('/dashboard');
  const mine = shopper.getByRole('row').filter({ hasText: part.name });
  await expect(mine).toContainText('Shipped');
  await expect(mine.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await context.close();
});

test('a review is added, shows on the home page, and an admin can hide it', async ({ page }) => {
  const account = newAccount('reviewer');
  const text = `Fast delivery and exact fit — e2e ${Date.now()}`;
  await signUpByApi(page, account);
  await page.goto('/dashboard/review');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Description is Required')).toBeVisible();
  await page.getByLabel('Description').fill(text);
  await page.getByLabel('Rating').selectOption('4.5');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText(notices.reviewAdded)).toBeVisible();

  await page.goto('/');
  await expect(page.locator('.reviews-carousel').getByText(text)).toBeAttached();
  // The server drew the review: the page is let hydrate before signing out. A sign-out forgets the
  // priced queries (lib/me.ts), and a section below the fold not hydrated yet then no longer
  // matches what the server drew: React draws it afresh and reports error #418 (CI saw it once).
  await page.waitForLoadState('networkidle');
  await signOut(page);

  await logInByApi(page, e2eAdmin);
  await page.goto('/dashboard/reviews');
  const review = page.getByRole('listitem').filter({ hasText: text });
  await review.getByRole('button', { name: /^Hide the review by / }).click();
  await expect(review.getByRole('button', { name: /^Show the review by / })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(page.locator('.reviews-carousel .reviews-track > li').first()).toBeAttached();
  await expect(page.locator('.reviews-carousel').getByText(text)).toHaveCount(0);
});

test('a review of one very long word wraps within its card: the carousel ends at its last card, the admin list fits a phone', async ({ page }) => {
  const account = newAccount('longword');
  // One word of 900 letters, as a vandal would write it: no space for the browser to wrap at.
  const word = `Unbreakable${Date.now()}${'x'.repeat(880)}`;
  await signUpByApi(page, account);
  await page.goto('/dashboard/review');
  await page.getByLabel('Description').fill(word);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText(notices.reviewAdded)).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    const card = page.locator('.reviews-track > li').filter({ hasText: word });
    await expect(card).toBeAttached();
    const fit = await card.evaluate((slide) => {
      const figure = slide.querySelector('figure')!;
      const track = slide.parentElement!;
      const last = track.lastElementChild!;
      return {
        cardOverflow: figure.scrollWidth - figure.clientWidth,
        // How far the row scrolls past the right edge of its last card.
        pastLastCard: Math.round(track.scrollWidth - (last.getBoundingClientRect().right - track.getBoundingClientRect().left + track.scrollLeft)),
      };
    });
    expect(fit, `at ${width} px`).toEqual({ cardOverflow: 0, pastLastCard: 0 });
  }

  await page.setViewportSize({ width: 1280, height: 844 });
  await page.waitForLoadState('networkidle');
  await signOut(page);
  await logInByApi(page, e2eAdmin);
  await page.goto('/dashboard/reviews');
  const review = page.getByRole('listitem').filter({ hasText: word });
  await expect(review).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // Hidden again, so that the journeys after this one see the home page's usual cards.
  await review.getByRole('button', { name: /^Hide the review by / }).click();
  await expect(review.getByRole('button', { name: /^Show the review by / })).toBeVisible();
});
