import { expect, test } from './fixtures';
import { waitForApp, widths } from './pages';

/*
 * The demo's 2017 Ford F-150 (made-up demo VCdb, reference/vcdb-demo) has three engines; its
 * ignition parts' applications each name one (apps/api/src/db/seed.ts): IGN-3008 the 3.5L V6,
 * IGN-3001 the 2.7L V6.
 */
for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a buyer picks year, make, model and then an engine; cards and part pages say the qualified fit, and "not your …" for another engine', async ({ page }) => {
      await page.goto('/');
      await waitForApp(page);
      const garage = page.getByRole('region', { name: 'My Garage' });
      await garage.getByLabel('Year').selectOption('2017');
      await garage.getByLabel('Make').selectOption('Ford');
      await garage.getByLabel('Model').selectOption({ label: 'F-150' });
      await expect(garage.getByTestId('active-vehicle')).toHaveText('2017 Ford F-150');

      // The model's parts differ by engine: the picker asks which, listing the engines its applications name (not its 5.0L V8).
      await expect(garage.getByText('Parts for the 2017 Ford F-150 differ by engine: choose yours, or leave it at any.')).toBeVisible();
      const engine = garage.getByRole('combobox', { name: 'Engine' });
      await expect(engine.locator('option')).toHaveText(['Any engine', '2.7L V6', '3.5L V6']);
      await expect(garage.getByRole('combobox', { name: 'Submodel' })).toHaveCount(0);
      await engine.selectOption('3.5L V6');
      await expect(garage.getByTestId('active-vehicle')).toHaveText('2017 Ford F-150 3.5L V6');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await page.goto('/shop?category=ignition');
      const results = page.getByRole('list', { name: 'Search results' });
      const card = (partNumber: string) => results.getByRole('listitem').filter({ hasText: `Part no. ${partNumber}` });
      await expect(card('IGN-3008')).toContainText('Fits your 2017 Ford F-150 — with 3.5L V6 only');
      await expect(card('IGN-3001')).toContainText('Fits the 2017 Ford F-150 with 2.7L V6 only — not your 3.5L V6');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await card('IGN-3008').getByRole('heading').getByRole('link').click();
      await expect(page).toHaveURL(/\/parts\/IGN-3008$/);
      await expect(page.getByRole('status').filter({ hasText: 'Fits your 2017 Ford F-150 — with 3.5L V6 only' })).toBeVisible();

      await page.goto('/parts/IGN-3001');
      await expect(page.getByRole('status').filter({ hasText: 'Fits the 2017 Ford F-150 with 2.7L V6 only — not your 3.5L V6' })).toBeVisible();
    });
  });
}
