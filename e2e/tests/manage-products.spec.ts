import type { Part } from '@autoparts/shared';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, expectWithinViewportWidth, widths } from './pages';
import { logInByApi } from './accounts';

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('Manage Products searches, pages and changes stock and price in place', async ({ page, request }) => {
      const name = `Inline Hose ${width} ${Date.now()}`;
      await logInByApi(page, e2eAdmin);
      await page.goto('/dashboard/addaproduct');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Image').fill('/images/parts/timing-belt.svg');
      await page.getByLabel('Description').fill('Radiator hose.');
      await page.getByLabel('Store quantity').fill('7');
      await page.getByLabel('Price ($)').fill('20');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Successfully added')).toBeVisible();

      await page.goto('/dashboard/manageproducts');
      await expect(page.getByText(/\d+ products/)).toBeVisible();
      // Each row's photo is a 48 px thumbnail, not a sliver squeezed by the table (issue 34.15).
      const photos = page.getByRole('table', { name: 'Products' }).locator('tbody img');
      await expect(photos.first()).toBeVisible();
      const photoWidths = await photos.evaluateAll((images) => images.map((image) => image.getBoundingClientRect().width));
      expect(Math.min(...photoWidths)).toBeGreaterThanOrEqual(48);
      await page.screenshot({ path: `.tmp/screens/${width}_manage-products-table.png` });
      await expect(page.getByRole('navigation', { name: 'Products pages' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
      await page.getByRole('search', { name: 'Products' }).getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\?q=/);
      await expect(page.getByText('1 product', { exact: true })).toBeVisible();

      const stock = page.getByLabel(`Stock of ${name}`, { exact: true });
      const price = page.getByLabel(`Price of ${name}`, { exact: true });
      await stock.fill('12');
      await price.fill('21,75');
      const save = page.getByRole('form', { name: `Stock and price of ${name}` }).getByRole('button', { name: 'Save' });
      await expectWithinViewportWidth(page, save);
      await save.click();
      await expect(page.getByText('Product updated')).toBeVisible();
      await expectNoA11yViolations(page);

      const found = (await (await request.get(`/api/search?q=${encodeURIComponent(name)}`)).json()) as { items: Part[] };
      expect(found.items.find((part) => part.name === name)).toMatchObject({ availableQuantity: 12, price: 21.75 });
      await expect(price).toHaveValue('21.75');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
