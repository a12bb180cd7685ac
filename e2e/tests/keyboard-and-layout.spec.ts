import type { Part } from '@autoparts/shared';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-account';
import { logInByApi, newAccount, signUp, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { orderPartByApi, roomyParts, waitForApp } from './pages';

/** The accessible name of whatever has the focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim();
  });

for (const width of [390, 1280]) {
  test(`at ${width} px a footer link followed by keyboard opens the page at its top, says its title, and the next Tab is the skip link`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/blogs');
    await waitForApp(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'My Portfolio' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Jordan Reyes' })).toBeInViewport();
    await expect(page.locator('[aria-live="assertive"]')).toHaveText('My Portfolio — Autoparts Manufacturer');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to content');
  });
}

test.describe('by keyboard', () => {
  test.use({ viewport: { width: 1280, height: 844 } });

  test('after sign-up the menu is a few Tabs away: the skip link first, then the header', async ({ page }) => {
    await signUp(page, newAccount('tabs'));
    // The page sign-up leads to is in place (the address changes a moment before it is).
    await expect(page.getByRole('main').getByRole('link', { name: 'Explore Shop' })).toBeVisible();
    const names: string[] = [];
    for (let stop = 0; stop < 8; stop += 1) {
      await page.keyboard.press('Tab');
      names.push(await focused(page));
    }
    expect(names[0]).toBe('Skip to content');
    expect(names).toContain('Shop');
  });

  test('choosing the Model with the arrow keys keeps the focus on Model, and on /shop narrows the list', async ({ page }) => {
    await page.goto('/shop');
    const garage = page.getByRole('region', { name: 'My Garage' });
    await garage.getByLabel('Year').selectOption('2019');
    await garage.getByLabel('Make').selectOption('Toyota');
    const model = garage.getByLabel('Model');
    await expect(model).toBeEnabled();
    await model.focus();
    await page.keyboard.press('ArrowDown');
    await expect(garage.getByTestId('active-vehicle')).toHaveText(/^2019 Toyota /);
    await expect(page).toHaveURL(/vehicle=/);
    await expect(model).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(model).toBeFocused();
    await expect(page.getByText(/^Showing parts that fit your 2019 Toyota /)).toBeVisible();
  });

  // Chromium drops the focus of a focused button that becomes disabled; jsdom does not.
  test('a submit button keeps the focus while its request is under way', async ({ page }) => {
    const account = newAccount('pending');
    await signUpByApi(page, account);
    await page.goto('/dashboard/password');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/change-password', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('my-new-secret');
    await page.getByLabel('Confirm new password').fill('my-new-secret');
    const submit = page.getByRole('button', { name: 'Change password' });
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(await focused(page)).toBe('Change password');
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    release();
    await expect(submit).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  });

  test('the cart keeps the focus through Update, and Remove hands it to the next line, then the heading', async ({ page }) => {
    const parts = await roomyParts(page, 2, { room: 3 });
    const [first, second] = parts;
    if (!first || !second) throw new Error('no parts');
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.evaluate(
      (lines) => {
        localStorage.setItem('autoparts.cart', JSON.stringify(lines));
        window.dispatchEvent(new StorageEvent('storage', { key: 'autoparts.cart' }));
      },
      parts.map((part) => ({ partId: part._id, partNumber: part.partNumber, quantity: part.minOrderQuantity })),
    );
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    const line = page.getByTestId('cart-line').filter({ hasText: first.partNumber });
    const quantity = line.getByLabel('Quantity');
    await quantity.fill(String(first.minOrderQuantity * 2));
    await line.getByRole('button', { name: 'Update' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${first.partNumber}: quantity ${first.minOrderQuantity * 2}` })).toBeAttached();
    await expect(page.getByTestId('cart-units')).toHaveText(String(first.minOrderQuantity * 2 + second.minOrderQuantity));
    await expect(quantity).toHaveValue(String(first.minOrderQuantity * 2));
    expect(await focused(page)).toBe(`Update ${first.partNumber}`);

    await line.getByRole('button', { name: `Remove ${first.partNumber}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').getByLabel('Quantity')).toBeFocused();
    await page.getByRole('button', { name: `Remove ${second.partNumber}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeFocused();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/shop shows one search box; "Does not fit" stays inside its card; a part says it beside the price', async ({ page }) => {
    // The part page is for signed-in buyers.
    await signUpByApi(page, newAccount('phone-fit'));
    await page.goto('/');
    const garage = page.getByRole('region', { name: 'My Garage' });
    await garage.getByLabel('Year').selectOption('2016');
    await garage.getByLabel('Make').selectOption('Hyundai');
    // The account's garage is saved by PUT /api/garage: leaving the page before it answers could cut it short.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/garage') && response.request().method() === 'PUT');
    await garage.getByLabel('Model').selectOption({ label: 'Elantra' });
    expect((await saved).status()).toBe(200);
    await page.goto('/shop');
    // The header's box is not shown here (nor read out): the page's own is the one.
    await expect(page.getByRole('searchbox')).toHaveCount(1);
    await expect(page.getByRole('banner').getByLabel('Search parts')).toBeHidden();
    await expect(page.getByLabel('Search the catalogue')).toBeVisible();

    const badge = page.getByRole('list', { name: 'Search results' }).getByText('Does not fit your 2016 Hyundai Elantra').first();
    await expect(badge).toBeVisible();
    // The card's sentence (decision 083) wraps inside the card rather than widen it.
    const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ hasText: 'Does not fit your 2016 Hyundai Elantra' }).first();
    const [badgeBox, cardBox] = [(await badge.boundingBox())!, (await card.boundingBox())!];
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('listitem').filter({ hasText: 'Does not fit your 2016 Hyundai Elantra' }).first().getByRole('link', { name: /^Purchase Now/ }).click();
    await expect(page).toHaveURL(/\/part\//);
    const verdict = page.getByRole('status').filter({ hasText: 'Does not fit your 2016 Hyundai Elantra' });
    await expect(verdict).toBeVisible();
    const orderForm = page.getByRole('form', { name: 'Place Order' });
    expect((await verdict.boundingBox())!.y).toBeLessThan((await orderForm.boundingBox())!.y);
  });

  test('an e-mail with no dot before its "@" wraps inside its order card, not past its edge', async ({ page, browser }) => {
    // A name of 60 letters before the "@" (64 are allowed): no dot for it to wrap at.
    const account = newAccount('dotless');
    const dotless = { ...account, email: `${'dotless'.repeat(7)}${account.email.slice('dotless-'.length, 'dotless-'.length + 8)}@example.com` };
    const customer = await browser.newPage();
    await signUpByApi(customer, dotless);
    await orderPartByApi(customer, ((await (await customer.request.get('/api/parts')).json()) as Part[])[1]!._id);
    await customer.close();
    await logInByApi(page, e2eAdmin);
    await page.goto(`/dashboard/orders?email=${encodeURIComponent(dotless.email)}`);
    const row = page.getByRole('row').filter({ hasText: dotless.email.slice(0, 20) });
    await expect(row).toHaveCount(1);
    const region = page.getByRole('region', { name: 'All orders table' });
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const card = (await row.boundingBox())!;
    const email = (await row.getByRole('rowheader').locator('span').filter({ hasText: '@' }).first().boundingBox())!;
    expect(email.x + email.width).toBeLessThanOrEqual(card.x + card.width);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 844 } });

  test('a signed-in header leaves the search box room for its placeholder', async ({ page }) => {
    await signUp(page, newAccount('header'));
    const box = page.getByRole('banner').getByLabel('Search parts');
    const fits = await box.evaluate((input: HTMLInputElement) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return canvas.measureText(input.placeholder).width + padding <= input.clientWidth;
    });
    expect(fits).toBe(true);
  });

  test('a toast leaves the page heading uncovered', async ({ page }) => {
    await logInByApi(page, e2eAdmin);
    await page.goto('/dashboard/manageproducts');
    await page.getByRole('button', { name: 'Save' }).first().click();
    const toast = page.getByText('Nothing to save: no field was changed');
    await expect(toast).toBeVisible();
    const heading = await page.getByRole('heading', { level: 1, name: 'Manage Products' }).boundingBox();
    const shown = await toast.boundingBox();
    expect(shown!.y).toBeGreaterThan(heading!.y + heading!.height);
  });

  test('the catalogue page lines its vehicle fields up and styles its file picker', async ({ page }) => {
    await logInByApi(page, e2eAdmin);
    await page.goto('/dashboard/manageproducts');
    // A part's own Catalogue link, in its row (the menu's "Catalogue data" is another page).
    await page.getByRole('row').getByRole('link', { name: 'Catalogue', exact: true }).first().click();
    const form = page.getByRole('form', { name: 'Add a vehicle' });
    const tops = await Promise.all(['Make', 'Model', 'From year', 'To year', 'Engine (optional)'].map(async (label) => (await form.getByLabel(label).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    const picker = page.getByLabel('CSV file');
    // The shop's own button colour (as the page's Add to fitment), not the browser's grey.
    const brand = await form.getByRole('button', { name: 'Add to fitment' }).evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(await picker.evaluate((input) => getComputedStyle(input, '::file-selector-button').backgroundColor)).toBe(brand);
  });

  test('an e-mail in the admin orders list wraps at its @ or dots, never mid-word', async ({ page, browser }) => {
    const customer = await browser.newPage();
    await signUpByApi(customer, newAccount('wrapped-address'));
    await orderPartByApi(customer, ((await (await customer.request.get('/api/parts')).json()) as Part[])[1]!._id);
    await customer.close();
    await logInByApi(page, e2eAdmin);
    await page.goto('/dashboard/orders');
    const email = page.getByRole('table').locator('tbody th span.break-words').first();
    await expect(email).toBeVisible();
    expect(await email.evaluate((element) => element.innerHTML)).toContain('<wbr>@');
    expect(await email.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe('break-all');
  });
});

for (const width of [390, 1280]) {
  test(`at ${width} px a control the keyboard moves to while going back up the home page is not under the sticky header`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('contentinfo').getByRole('link').first().focus();
    const header = (await page.getByRole('banner').boundingBox())!;
    // Up through the page's controls, as a reader going back with Shift+Tab does.
    for (let press = 0; press < 30; press++) {
      await page.keyboard.press('Shift+Tab');
      const inMain = await page.evaluate(() => document.activeElement?.closest('main') !== null && document.activeElement !== document.querySelector('main'));
      if (!inMain) continue;
      await expect
        .poll(() => page.evaluate(() => Math.round(document.activeElement!.getBoundingClientRect().top)), { message: `focus ${press + 1} clear of the header` })
        .toBeGreaterThanOrEqual(Math.floor(header.y + header.height));
    }
  });
}
