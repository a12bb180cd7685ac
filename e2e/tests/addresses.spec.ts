import fs from 'node:fs';
import path from 'node:path';
import { newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, widths } from './pages';

const screens = path.join(import.meta.dirname, '../.tmp/screens');
fs.mkdirSync(screens, { recursive: true });

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the address book: add per country, the default moves, edit and delete', async ({ page }) => {
      await signUpByApi(page, newAccount('addresses'));
      await page.goto('/dashboard/addresses');
      await expect(page.getByRole('heading', { level: 1, name: 'My Addresses' })).toBeVisible();
      await expect(page.getByText('You have no saved addresses yet')).toBeVisible();

      // The first address, in the US: the form starts there, with its states and ZIP hint.
      await page.getByRole('button', { name: 'Add an address' }).click();
      const form = page.getByRole('form', { name: 'New address' });
      // The keyboard's place is kept (decision 064): the form opens on its first field.
      await expect(form.getByLabel('Country')).toBeFocused();
      // A right-to-left override would make the name read backwards to whoever reads it (decision 216).
      await form.getByLabel('Full name').fill('Jane \u202EeoD');
      await form.getByLabel('Address line 1').fill('100 Main St');
      await form.getByLabel('City').fill('Springfield');
      await form.getByLabel('State').selectOption('IL');
      await form.getByLabel('Postal code').fill('6270');
      await form.getByLabel('Phone (optional)').fill('+1 217 555 0100');
      await form.getByRole('button', { name: 'Add address' }).click();
      await expect(form.getByText('Postal code: write it as 12345 or 12345-6789 for United States')).toBeVisible();
      await expect(form.getByText('Name can’t contain text-direction control characters')).toBeVisible();
      await page.screenshot({ path: path.join(screens, `${width}_address_direction_control.png`), fullPage: true });
      await form.getByLabel('Full name').fill('Jane Doe');
      await form.getByLabel('Postal code').fill('62701');
      await form.getByRole('button', { name: 'Add address' }).click();
      const list = page.getByRole('list', { name: 'Saved addresses' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Edit Jane Doe, 100 Main St' })).toBeFocused();
      await expect(list.getByRole('listitem').first()).toContainText('Default');
      await expect(list.getByRole('listitem').first()).toContainText('Springfield, IL 62701');

      // A second, in Canada, made the default as it is added.
      await page.getByRole('button', { name: 'Add an address' }).click();
      await form.getByLabel('Country').selectOption('CA');
      await expect(form.getByLabel('Province or territory')).toBeVisible();
      await form.getByLabel('Full name').fill('Jane at work');
      await form.getByLabel('Address line 1').fill('1 Front St W');
      await form.getByLabel('City').fill('Toronto');
      await form.getByLabel('Province or territory').selectOption('ON');
      await form.getByLabel('Postal code').fill('m5j2x5');
      await form.getByLabel('Make this my default address').check();
      await form.getByRole('button', { name: 'Add address' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('listitem').first()).toContainText('Toronto, ON M5J 2X5');
      await expect(list.getByRole('listitem').first()).toContainText('Default');

      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(screens, `${width}_dashboard_addresses.png`), fullPage: true });
      await expectNoA11yViolations(page);

      // The US one made the default again, then edited.
      await page.getByRole('button', { name: 'Make Jane Doe, 100 Main St the default' }).click();
      await expect(list.getByRole('listitem').first()).toContainText('Springfield, IL 62701');
      await expect(page.getByRole('button', { name: 'Edit Jane Doe, 100 Main St' })).toBeFocused();
      await page.keyboard.press('Enter');
      const edit = page.getByRole('form', { name: 'Edit the address of Jane Doe' });
      await expect(edit.getByLabel('Country')).toBeFocused();
      await edit.getByLabel('Address line 2 (optional)').fill('Bay 2');
      await edit.getByRole('button', { name: 'Save address' }).click();
      await expect(list.getByText('Bay 2')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Jane Doe, 100 Main St' })).toBeFocused();

      // Deleting the default makes the other one the default.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete Jane Doe, 100 Main St' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByRole('listitem').first()).toContainText('Default');
      await expect(list.getByRole('listitem').first()).toContainText('Toronto');
      // The focus went to the next address's Delete; with none left, to the heading.
      const deleteToronto = page.getByRole('button', { name: 'Delete Jane at work, 1 Front St W' });
      await expect(deleteToronto).toBeFocused();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.keyboard.press('Enter');
      await expect(page.getByText('You have no saved addresses yet')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'My Addresses' })).toBeFocused();
    });
  });
}
