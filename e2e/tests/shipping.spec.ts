import { shippingMessages } from '@autoparts/shared';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, widths } from './pages';
import { logInByApi } from './accounts';

/** A Canadian province per width: the demo shop seeds US states only, and both widths share one shop. */
const provinces = { 390: 'NB', 1280: 'PE' } as const;

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('an admin adds, edits, deactivates and deletes a shipping method', async ({ page }) => {
      const name = `Courier ${width}`;
      await logInByApi(page, e2eAdmin);
      await page.goto('/dashboard/shipping-methods');
      await expect(page.getByRole('heading', { level: 1, name: 'Shipping Methods' })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Standard', exact: true })).toContainText('Free over$150.00');

      const form = page.getByRole('form', { name: 'Add a shipping method' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Delivery estimate').fill('2–3 business days');
      await form.getByLabel('Countries').fill('us, XX');
      await form.getByLabel('Base price ($)').fill('7.50');
      await form.getByLabel('Price per kg ($)').fill('1,25');
      await form.getByLabel('Maximum weight (kg)').fill('25');
      await form.getByRole('button', { name: 'Add method' }).click();
      await expect(form.getByText(shippingMessages.countryUnknown('XX'))).toBeVisible();
      await form.getByLabel('Countries').fill('us, ca');
      await form.getByRole('button', { name: 'Add method' }).click();
      await expect(page.getByText(`Shipping method “${name}” added`)).toBeVisible();

      const card = page.getByRole('article', { name });
      await expect(card).toContainText('US, CA');
      await expect(card).toContainText('$7.50 + $1.25 a kg');
      await expect(card).toContainText('25 kg');
      await expect(card).toContainText('Never free');

      await card.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: `Edit “${name}”` });
      await expect(edit.getByLabel('Name')).toBeFocused();
      await edit.getByLabel('Delivery estimate').fill('1–2 business days');
      await edit.getByLabel('Free over ($)').fill('200');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText(`Shipping method “${name}” saved`)).toBeVisible();
      await expect(card).toContainText('1–2 business days');
      await expect(card).toContainText('$200.00');
      await expect(page.getByRole('form', { name: 'Add a shipping method' })).toBeVisible();

      await card.getByRole('button', { name: 'Deactivate' }).click();
      await expect(card.getByText('Inactive')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Activate' })).toBeVisible();

      await expectNoA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `.tmp/screens/${width}_shipping-methods.png`, fullPage: true });

      page.once('dialog', (dialog) => void dialog.accept());
      await card.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Shipping method deleted')).toBeVisible();
      await expect(card).toHaveCount(0);
    });

    test('an admin adds, edits and deletes a tax rate; a second rate for a place is refused', async ({ page }) => {
      const region = provinces[width];
      await logInByApi(page, e2eAdmin);
      await page.goto('/dashboard/tax-rates');
      await expect(page.getByRole('heading', { level: 1, name: 'Tax Rates' })).toBeVisible();
      await expect(page.getByRole('article', { name: 'US-IL' })).toContainText('6.25 %');

      const form = page.getByRole('form', { name: 'Add a tax rate' });
      await form.getByLabel('Country').fill('ca');
      await form.getByLabel('Region').fill(region.toLowerCase());
      await form.getByLabel('Rate (%)').fill('15');
      await form.getByLabel('Shipping is taxed too').check();
      await form.getByRole('button', { name: 'Add rate' }).click();
      await expect(page.getByText(`Tax rate for CA-${region} added`)).toBeVisible();
      const card = page.getByRole('article', { name: `CA-${region}` });
      await expect(card).toContainText('15 %');
      await expect(card).toContainText('Shipping is taxed too');

      // The form is emptied for the next rate; the same place again is refused at its region.
      await expect(form.getByLabel('Region')).toHaveValue('');
      await expect(form.getByLabel('Region')).toBeFocused();
      await form.getByLabel('Country').fill('CA');
      await form.getByLabel('Region').fill(region);
      await form.getByLabel('Rate (%)').fill('13');
      await form.getByRole('button', { name: 'Add rate' }).click();
      await expect(form.getByText(shippingMessages.rateTaken(`CA-${region}`))).toBeVisible();

      await card.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: `Edit the rate for CA-${region}` });
      await edit.getByLabel('Rate (%)').fill('14.975');
      await edit.getByLabel('Shipping is taxed too').uncheck();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText(`Tax rate for CA-${region} saved`)).toBeVisible();
      await expect(card).toContainText('14.975 %');
      await expect(card).toContainText('Shipping is not taxed');

      await expectNoA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `.tmp/screens/${width}_tax-rates.png`, fullPage: true });

      page.once('dialog', (dialog) => void dialog.accept());
      await card.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Tax rate deleted')).toBeVisible();
      await expect(card).toHaveCount(0);
    });
  });
}
