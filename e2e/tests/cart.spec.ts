import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { logIn, newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, roomyParts, widths } from './pages';

const screens = path.join(import.meta.dirname, '../.tmp/screens');
fs.mkdirSync(screens, { recursive: true });

/** The number the header's cart link shows (units), visible at either width. */
const headerCount = (page: Page) => page.getByRole('banner').getByTestId('cart-count');

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a visitor’s cart is priced by the shop, merged into the account’s at sign-in, and counted in the header', async ({ page }) => {
      const [first, second] = await roomyParts(page, 2);
      if (!first || !second) throw new Error('no parts');
      const account = newAccount(`cart${width}`);

      // The account already has some of the first part in its cart, added on the part's page.
      await signUpByApi(page, account);
      await page.goto(`/part/${first._id}`);
      const add = page.getByRole('form', { name: `Add ${first.partNumber} to cart` });
      await expect(add.getByLabel('Quantity')).toHaveValue(String(first.minOrderQuantity));
      await add.getByRole('button', { name: 'Add to cart' }).click();
      await expect(add.getByRole('status')).toContainText(`Added ${first.minOrderQuantity} × ${first.partNumber}`);
      await expect(headerCount(page)).toHaveText(String(first.minOrderQuantity));
      await page.screenshot({ path: path.join(screens, `part-add-to-cart-${width}.png`) });
      const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true, includeHidden: true })).toBeAttached();

      // Signed out, a visitor's cart as the public part page leaves it in the browser.
      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty')).toBeVisible();
      await page.evaluate(
        (lines) => {
          localStorage.setItem('autoparts.cart', JSON.stringify(lines));
          window.dispatchEvent(new StorageEvent('storage', { key: 'autoparts.cart' }));
        },
        [
          { partId: first._id, partNumber: first.partNumber, quantity: first.minOrderQuantity * 2 },
          { partId: second._id, partNumber: second.partNumber, quantity: second.minOrderQuantity },
        ],
      );
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expect(headerCount(page)).toHaveText(String(first.minOrderQuantity * 2 + second.minOrderQuantity));

      // The visitor changes a quantity: the line total and subtotal come from the server.
      const secondLine = page.getByTestId('cart-line').filter({ hasText: second.partNumber });
      await secondLine.getByLabel('Quantity').fill(String(second.minOrderQuantity * 2));
      await secondLine.getByRole('button', { name: 'Update' }).click();
      const visitorUnits = first.minOrderQuantity * 2 + second.minOrderQuantity * 2;
      await expect(headerCount(page)).toHaveText(String(visitorUnits));
      await expect(page.getByTestId('cart-units')).toHaveText(String(visitorUnits));
      await expect(page.getByRole('link', { name: 'Sign in to check out' })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.screenshot({ path: path.join(screens, `cart-visitor-${width}.png`), fullPage: true });

      // Signing in from the cart comes back to it, with both carts in one.
      await page.getByRole('link', { name: 'Sign in to use quick order' }).click();
      await logIn(page, account);
      await expect(page).toHaveURL(/\/cart$/);
      const units = first.minOrderQuantity * 3 + second.minOrderQuantity * 2;
      await expect(headerCount(page)).toHaveText(String(units));
      await expect(page.getByTestId('cart-line').filter({ hasText: first.partNumber }).getByLabel('Quantity')).toHaveValue(
        String(first.minOrderQuantity * 3),
      );
      await expect(page.getByTestId('cart-units')).toHaveText(String(units));
      expect(await page.evaluate(() => localStorage.getItem('autoparts.cart'))).toBeNull();
      await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

      // And the count holds on the next page.
      await page.goto('/shop');
      await expect(headerCount(page)).toHaveText(String(units));
    });

    test('quick order adds the known lines and reports each bad line with its number and why', async ({ page }) => {
      const [known, few] = await roomyParts(page, 2);
      if (!known || !few) throw new Error('no parts');
      await signUpByApi(page, newAccount(`quick${width}`));
      await page.goto('/cart');

      const box = page.getByLabel('Part numbers and quantities');
      await box.fill(
        [
          'part number;quantity',
          `${known.partNumber.toLowerCase().replaceAll('-', ' ')}\t${known.minOrderQuantity}`,
          'NOPE-0000, 1',
          `${known.partNumber} lots`,
          `${few.partNumber} ${few.availableQuantity + 1}`,
        ].join('\n'),
      );
      await page.getByRole('button', { name: 'Add to cart' }).click();

      const problems = page.getByTestId('quick-order-problems');
      await expect(problems.getByRole('listitem')).toHaveCount(3);
      await expect(problems.getByRole('listitem').nth(0)).toContainText('Line 3');
      await expect(problems.getByRole('listitem').nth(0)).toContainText('No part has the number NOPE-0000');
      await expect(problems.getByRole('listitem').nth(1)).toContainText('Line 4');
      await expect(problems.getByRole('listitem').nth(1)).toContainText('The quantity must be a whole number of at least 1');
      await expect(problems.getByRole('listitem').nth(2)).toContainText('Line 5');
      await expect(problems.getByRole('listitem').nth(2)).toContainText(`Only ${few.availableQuantity} in stock`);
      await expect(page.getByText('1 line added to your cart')).toBeVisible();
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await expect(headerCount(page)).toHaveText(String(known.minOrderQuantity));

      // The same from a CSV file, read in the browser.
      await page.getByLabel('Or read a CSV file').setInputFiles({
        name: 'order.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Part Number,Qty\n${few.partNumber},${few.minOrderQuantity}\n`),
      });
      await expect(box).toHaveValue(new RegExp(few.partNumber));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('1 line added to your cart')).toBeVisible();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expect(headerCount(page)).toHaveText(String(known.minOrderQuantity + few.minOrderQuantity));
      await expectNoA11yViolations(page);
      await page.screenshot({ path: path.join(screens, `cart-quick-order-${width}.png`), fullPage: true });
    });

    test('quick order pressed twice before the page answers (a double click) adds its lines once', async ({ page }) => {
      const [part] = await roomyParts(page, 1, { from: 'end' });
      if (!part) throw new Error('no parts');
      await signUpByApi(page, newAccount(`twice${width}`));
      await page.goto('/cart');
      await page.getByLabel('Part numbers and quantities').fill(`${part.partNumber} ${part.minOrderQuantity}`);

      // The shop's answers are held (network control: each request still reaches the real shop, later).
      // A request to `?barrier`, made after the presses, is answered here: once it is seen, every
      // quick order the presses sent has been seen before it.
      const held: Route[] = [];
      let barrier = false;
      await page.route(
        (url) => url.pathname === '/api/cart/quick-order',
        async (route) => {
          if (new URL(route.request().url()).search === '?barrier') {
            barrier = true;
            await route.fulfill({ status: 204 });
          } else held.push(route);
        },
      );
      const button = page.getByRole('button', { name: 'Add to cart' });
      // Two presses in one go, as a double click's two clicks (or a key's repeat) reach the page
      // before it has drawn anything of the first; then the barrier, after what they started.
      await button.evaluate((element: HTMLButtonElement) => {
        element.click();
        element.click();
        setTimeout(() => void fetch('/api/cart/quick-order?barrier', { method: 'POST' }), 0);
      });
      await expect.poll(() => barrier).toBe(true);
      expect(held).toHaveLength(1);
      await expect(button).toHaveAttribute('aria-busy', 'true');
      // Pressed again while it is busy (Enter on the button), it sends nothing either.
      await button.press('Enter');
      await page.unroute((url) => url.pathname === '/api/cart/quick-order');
      for (const route of held) await route.continue();

      await expect(page.getByText('1 line added to your cart')).toBeVisible();
      await expect(button).toHaveAttribute('aria-busy', 'false');
      await page.reload();
      const line = page.getByTestId('cart-line').filter({ hasText: part.partNumber });
      await expect(line.getByLabel('Quantity')).toHaveValue(String(part.minOrderQuantity));
      await expect(headerCount(page)).toHaveText(String(part.minOrderQuantity));
    });
  });
}

test('/cart is rendered on the server as its frame, with no one’s cart in it, and left out of the sitemap', async ({ request }) => {
  const response = await request.get('/cart');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<title>Your cart[^<]*<\/title>/);
  expect(html).toContain('Loading your cart');
  expect(html).not.toContain('data-testid="cart-line"');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/cart<');
});
