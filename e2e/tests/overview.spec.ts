import type { SearchItem } from '@autoparts/shared';
import { e2eAdmin } from './admin-account';
import { logInByApi, newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, widths } from './pages';

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('an admin’s dashboard opens on the overview; the chart library loads there only; a low part is restocked', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const chartRequests: string[] = [];
      page.on('request', (request) => {
        if (/revenue-chart/.test(request.url())) chartRequests.push(request.url());
      });
      // Two parts of one name low on stock (a catalogue has many parts of one name): 3 left,
      // minimum 2, so below twice the minimum. Each restock form is named by its part's number too.
      const name = `Low Stock Gasket ${width} ${Date.now()}`;
      const ofTheName = async () =>
        ((await (await page.request.get(`/api/search?q=${encodeURIComponent(name)}`)).json()) as { items: SearchItem[] }).items.filter((part) => part.name === name);
      await logInByApi(page, e2eAdmin);
      await page.goto('/dashboard/addaproduct');
      for (const count of [1, 2]) {
        await page.getByLabel('Name').fill(name);
        await page.getByLabel('Image').fill('/images/parts/timing-belt.svg');
        await page.getByLabel('Description').fill('Head gasket.');
        await page.getByLabel('Store quantity').fill('3');
        await page.getByLabel('Price ($)').fill('15');
        await page.getByLabel('Minimum order quantity').fill('2');
        await page.getByRole('button', { name: 'Add Product' }).click();
        await expect.poll(async () => (await ofTheName()).length).toBe(count);
        // The form empties itself once the shop has said so, a moment after the part exists: the
        // next one is typed after that, or the emptying takes what was typed (a failure at 390 px).
        await expect(page.getByLabel('Name')).toHaveValue('');
      }
      const [first, second] = await ofTheName();
      await page.goto('/');
      await page.goto('/dashboard/manageproducts');
      expect(chartRequests).toEqual([]);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Revenue and orders per day' })).toBeVisible();
      await expect(page.locator('.recharts-surface')).toBeVisible();
      expect(chartRequests).toHaveLength(1);
      await expect(page.getByRole('heading', { name: 'Orders by status' })).toBeVisible();
      await expectNoA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `.tmp/screens/${width}_overview.png`, fullPage: true });

      const restock = page.getByRole('form', { name: `Restock ${name} (${first!.partNumber})`, exact: true });
      await expect(page.getByRole('form', { name: `Restock ${name} (${second!.partNumber})`, exact: true })).toBeVisible();
      await restock.getByLabel('Add to stock').fill('20');
      await restock.getByRole('button', { name: 'Restock' }).click();
      await expect(page.getByText('Added 20 to the stock')).toBeVisible();
      // Enough now: it leaves the low-stock list; the other part of its name stays.
      await expect(restock).toHaveCount(0);
      await expect(page.getByRole('form', { name: `Restock ${name} (${second!.partNumber})`, exact: true })).toBeVisible();
      const stock = new Map((await ofTheName()).map((part) => [part._id, part.availableQuantity]));
      expect(stock).toEqual(new Map([[first!._id, 23], [second!._id, 3]]));
    });
  });
}

test('a customer’s dashboard still opens on My Orders, without the overview or its chart', async ({ page }) => {
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/revenue-chart|\/assets\/overview-/.test(request.url())) chartRequests.push(request.url());
  });
  await signUpByApi(page, newAccount('dash-customer'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  expect(chartRequests).toEqual([]);
});
