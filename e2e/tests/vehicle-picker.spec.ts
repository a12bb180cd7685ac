import { catalogueMessages, vinCheckDigit } from '@autoparts/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { waitForApp, widths } from './pages';

const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

/** The accessible name of whatever has the focus ('body' when nothing has). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim();
  });

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

    test('My Garage lists each vehicle with its Remove, which hands the focus on; a VIN starts the picker afresh; a refused VIN takes the focus to its field', async ({ page }) => {
      await page.goto('/shop');
      await waitForApp(page);
      // A phone's /shop folds its filters, the garage among them, behind a button.
      if (width === 390) await page.getByRole('button', { name: 'Filters' }).click();
      const garage = page.getByRole('region', { name: 'My Garage' });
      await garage.getByLabel('Year').selectOption('2018');
      await garage.getByLabel('Make').selectOption('Toyota');
      await garage.getByLabel('Model').selectOption({ label: 'Camry' });
      await expect(garage.getByTestId('active-vehicle')).toHaveText('2018 Toyota Camry');
      await expect(garage.getByText(/^Parts for the 2018 Toyota Camry differ by/)).toBeVisible();

      // A VIN found by the keyboard: the focus stays on Find, and the picker no longer names the Camry.
      await garage.getByText('Know your VIN? Find your vehicle by it').click();
      const vinField = garage.getByRole('textbox', { name: 'Find by VIN' });
      await vinField.fill(withCheckDigit('WBA8E9G50GNU12345'));
      await garage.getByRole('button', { name: 'Find' }).focus();
      await page.keyboard.press('Enter');
      await expect(garage.getByTestId('active-vehicle')).toHaveText('2016 BMW 3 Series');
      expect(await focused(page)).toBe('Find');
      await expect(garage.getByLabel('Year')).toHaveValue('');
      await expect(garage.getByLabel('Model')).toHaveValue('');
      await expect(garage.getByText(/^Parts for the 2018 Toyota Camry/)).toHaveCount(0);
      await expect(garage.getByRole('combobox', { name: 'Engine' })).toHaveCount(0);

      // Each vehicle has its own Remove; the BMW's hands the focus to the Camry, which keeps its own.
      const vehicles = garage.getByRole('list', { name: 'Your vehicles: press one to shop for it' });
      await expect(vehicles.getByRole('button', { name: '2016 BMW 3 Series', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(vehicles.getByRole('button', { name: '2018 Toyota Camry', exact: true })).toHaveAttribute('aria-pressed', 'false');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await vehicles.getByRole('button', { name: 'Remove 2016 BMW 3 Series' }).focus();
      await page.keyboard.press('Enter');
      await expect(vehicles.getByRole('button', { name: 'Remove 2016 BMW 3 Series' })).toHaveCount(0);
      expect(await focused(page)).toBe('2018 Toyota Camry');
      await expect(garage.getByTestId('active-vehicle')).toHaveCount(0);
      await expect(page).not.toHaveURL(/vehicle=/);
      await page.keyboard.press('Enter');
      await expect(garage.getByTestId('active-vehicle')).toHaveText('2018 Toyota Camry');
      await expect(page).toHaveURL(/vehicle=/);

      // A VIN refused: the focus goes to the field, which its message describes.
      await vinField.fill('WBA8E9G50GNU1234');
      await garage.getByRole('button', { name: 'Find' }).focus();
      await page.keyboard.press('Enter');
      await expect(vinField).toBeFocused();
      await expect(vinField).toHaveAccessibleDescription(new RegExp(catalogueMessages.vinLength));

      // The last vehicle's Remove hands the focus to the garage's heading.
      await vehicles.getByRole('button', { name: 'Remove 2018 Toyota Camry' }).focus();
      await page.keyboard.press('Enter');
      await expect(garage.getByRole('heading', { name: 'My Garage' })).toBeFocused();
    });
  });
}
