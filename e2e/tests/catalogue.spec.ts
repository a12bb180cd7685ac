import { catalogueMessages, vinCheckDigit } from '@autoparts/shared';
import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin-account';
import { logIn, newAccount, signUp, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { waitForApp, widths } from './pages';

const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

async function chooseVehicle(page: Page, year: string, make: string, model: string) {
  const garage = page.getByRole('region', { name: 'My Garage' });
  await garage.getByLabel('Year').selectOption(year);
  await garage.getByLabel('Make').selectOption(make);
  await garage.getByLabel('Model').selectOption({ label: model });
  await expect(garage.getByTestId('active-vehicle')).toHaveText(`${year} ${make} ${model}`);
}

test('a buyer picks a vehicle on the home page, searches with a typo, filters and reads "Fits your …"', async ({ page }) => {
  await page.goto('/');
  await chooseVehicle(page, '2019', 'Toyota', 'Camry');
  // The home page's cards say which parts fit.
  const parts = page.getByRole('list', { name: 'Parts', exact: true });
  await expect(parts.getByText('Fits your 2019 Toyota Camry').first()).toBeVisible();
  await expect(parts.getByText('Does not fit your 2019 Toyota Camry').first()).toBeVisible();

  // A visitor's garage moves to the account at sign-up.
  await signUp(page, newAccount('garage'));
  await page.goto('/');
  await expect(page.getByTestId('active-vehicle')).toHaveText('2019 Toyota Camry');

  // The header's search box, with a typo, leads to /shop.
  await page.getByRole('search', { name: 'Parts' }).getByLabel('Search parts').fill('serpentin blet');
  await page.getByRole('search', { name: 'Parts' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/shop\?q=serpentin\+blet$/);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('heading', { level: 3 }).first()).toHaveText(/^Serpentine Belt/);

  // A category facet narrows the results, and Back undoes it.
  await page.getByRole('navigation', { name: 'Category' }).getByRole('link', { name: /^Engine/ }).click();
  await expect(page).toHaveURL(/q=serpentin\+blet&category=engine/);
  await expect(page.getByRole('navigation', { name: 'Category' }).getByRole('link', { name: /^Engine/ })).toHaveAttribute('aria-current', 'page');
  // The engine parts' own answer, not the list before it kept while they load (decision 205).
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ parts? for “serpentin blet”$/ })).toBeVisible();
  await expect(results.getByRole('heading', { level: 3 }).first()).toHaveText(/^Serpentine Belt/);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?q=serpentin\+blet$/);

  // Only the parts that fit, then one of them.
  await page.goto('/shop?category=brakes');
  await page.getByLabel('Fits my 2019 Toyota Camry').click();
  await expect(page.getByLabel('Fits my 2019 Toyota Camry')).toBeChecked();
  await expect(page).toHaveURL(/vehicle=/);
  // The new list shown, not the old one kept (dimmed) while it loads, nor cards whose fit is still
  // being asked: the notice is drawn with the new address, the heading's count once its search has
  // answered (decision 205). Only then can "no card says it does not fit" fail.
  await expect(page.getByText('Showing parts that fit your 2019 Toyota Camry')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ parts?$/ })).toBeVisible();
  await expect(results.getByText('Fits your 2019 Toyota Camry').first()).toBeVisible();
  await expect(results.getByText('Does not fit your 2019 Toyota Camry')).toHaveCount(0);
  await results.getByRole('link', { name: /^Purchase Now/ }).first().click();
  await expect(page).toHaveURL(/\/part\//);
  await expect(page.getByRole('status').filter({ hasText: 'Fits your 2019 Toyota Camry' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vehicles this part fits' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Toyota Camry \d{4}/ })).toBeVisible();
});

test('a part that does not fit links to the parts of its category that do', async ({ page }) => {
  await signUpByApi(page, newAccount('nofit'));
  await page.goto('/shop');
  await chooseVehicle(page, '2016', 'Hyundai', 'Elantra');
  // Chosen on /shop, the vehicle narrows the list at once; one link leads back to every part.
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(page).toHaveURL(/\/shop\?vehicle=/);
  await expect(page.getByText('Showing parts that fit your 2016 Hyundai Elantra')).toBeVisible();
  // The list of the parts that fit, answered: until then the list before it (or cards not yet told what fits) is shown (decision 205).
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ parts?$/ })).toBeVisible();
  await expect(results.getByText('Fits your 2016 Hyundai Elantra').first()).toBeVisible();
  await expect(results.getByText('Does not fit your 2016 Hyundai Elantra')).toHaveCount(0);
  await page.getByRole('link', { name: 'Show all parts' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const card = results.getByRole('listitem').filter({ hasText: 'Does not fit your 2016 Hyundai Elantra' }).first();
  await card.getByRole('link', { name: /^Purchase Now/ }).click();
  await expect(page).toHaveURL(/\/part\//);
  await expect(page.getByRole('status').filter({ hasText: 'Does not fit your 2016 Hyundai Elantra' })).toBeVisible();
  await page.getByRole('link', { name: /parts that fit your 2016 Hyundai Elantra/ }).click();
  await expect(page).toHaveURL(/\/shop\?vehicle=.*&category=/);
  await expect(page.getByRole('list', { name: 'Search results' }).getByText('Fits your 2016 Hyundai Elantra').first()).toBeVisible();
});

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a part page opened directly asks for the garage and says whether the part fits', async ({ page }) => {
      await signUp(page, newAccount('direct'));
      // The account's garage holds a 2016 Elantra; the part is one that does not fit it.
      const partPath = await page.evaluate(async () => {
        const [elantra] = (await (await fetch('/api/vehicles/models?year=2016&make=Hyundai')).json()) as Array<{ _id: string }>;
        if (!elantra) throw new Error('no 2016 Hyundai in the catalogue');
        const body = JSON.stringify({ vehicleIds: [elantra._id], activeId: elantra._id });
        const saved = await fetch('/api/garage', { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
        if (!saved.ok) throw new Error(`the garage was not saved: ${saved.status}`);
        const parts = (await (await fetch('/api/parts')).json()) as Array<{ _id: string }>;
        const fitting = (await (await fetch(`/api/vehicles/${elantra._id}/fitting-parts?ids=${parts.map((part) => part._id).join(',')}`)).json()) as string[];
        const other = parts.find((part) => !fitting.includes(part._id));
        if (!other) throw new Error('every part fits');
        return `/part/${other._id}`;
      });

      const garageAsked = page.waitForRequest((request) => request.url().endsWith('/api/garage') && request.method() === 'GET');
      await page.goto(partPath);
      await garageAsked;
      await expect(page.getByRole('status').filter({ hasText: 'Does not fit your 2016 Hyundai Elantra' })).toBeVisible();
    });

    test('/shop’s In stock only box is ticked and unticked at once, and the URL follows it', async ({ page }) => {
      await page.goto('/shop');
      await waitForApp(page);
      const filters = page.getByRole('button', { name: 'Filters' });
      if (await filters.isVisible()) await filters.click();
      const inStock = page.getByLabel('In stock only');
      // Playwright's check() fails when a click leaves the box as it was, even for a moment.
      await inStock.check();
      await expect(page).toHaveURL(/[?&]inStock=true/);
      await inStock.uncheck();
      await expect(page).not.toHaveURL(/inStock/);
      await expect(inStock).not.toBeChecked();
    });
  });
}

test('Find by VIN: a bad check digit is named, a good VIN becomes the active vehicle', async ({ page }) => {
  await page.goto('/shop');
  await page.getByText('Know your VIN? Find your vehicle by it').click();
  const vin = page.getByRole('form', { name: 'Find by VIN' });
  const good = withCheckDigit('4S4BSANC0K3123456');
  const bad = `${good.slice(0, 8)}${good[8] === '1' ? '2' : '1'}${good.slice(9)}`;

  await vin.getByLabel('Find by VIN').fill(bad);
  await vin.getByRole('button', { name: 'Find' }).click();
  await expect(vin.getByText(catalogueMessages.vinCheckDigit)).toBeVisible();

  await vin.getByLabel('Find by VIN').fill(good.toLowerCase());
  await vin.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('active-vehicle')).toHaveText('2019 Subaru Outback');

  // The model read from the VIN itself (vPIC's patterns): a 2018 Corolla among Toyota's three.
  await vin.getByLabel('Find by VIN').fill(withCheckDigit('2T1BURHE0JC123456'));
  await vin.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('active-vehicle')).toHaveText('2018 Toyota Corolla');

  // vPIC names a BMW by its trim ("328i"): the series it belongs to.
  await vin.getByLabel('Find by VIN').fill(withCheckDigit('WBA8E9G50GNU12345'));
  await vin.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('active-vehicle')).toHaveText('2016 BMW 3 Series');

  // A model the catalogue does not carry: none of the make's others is offered in its place.
  await vin.getByLabel('Find by VIN').fill(withCheckDigit('1FA6P8TH0J5100000'));
  await vin.getByRole('button', { name: 'Find' }).click();
  await expect(vin.getByText('Your VIN is a 2018 Ford Mustang. We do not list parts for that vehicle yet.')).toBeVisible();
  await expect(vin.getByRole('button', { name: /2018 Ford/ })).toHaveCount(0);
});

test('an admin imports fitment by CSV: a bad row imports nothing, a good file shows on the part page', async ({ page, request }) => {
  const { items } = (await (await request.get('/api/search?q=WIP-3001')).json()) as { items: Array<{ _id: string; name: string; partNumber: string }> };
  const part = items[0]!;
  expect(part.partNumber).toBe('WIP-3001');
  await page.goto('/login');
  await logIn(page, e2eAdmin);
  await expect(page.getByRole('banner').getByText(e2eAdmin.name)).toBeVisible();

  // Manage Products is paged: the admin searches for the part, then opens its Catalogue page.
  await page.goto('/dashboard/manageproducts');
  const products = page.getByRole('search', { name: 'Products' });
  await products.getByRole('searchbox').or(products.getByRole('textbox')).fill(part.name);
  await products.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: part.name, exact: true }) });
  await row.getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Catalogue: ${part.name}` })).toBeVisible();

  const importer = page.getByRole('form', { name: 'Import fitment' });
  await importer.getByLabel('CSV', { exact: true }).fill('partNumber,make,model,yearFrom,yearTo\nWIP-3001,Hyundai,Elantra,2017,2019\nWIP-3001,Hyundai,Elantra,2019,2017\n');
  await importer.getByRole('button', { name: 'Import fitment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Line 3:' })).toContainText(catalogueMessages.csvYears);
  await expect(page.getByRole('list', { name: 'Fitment' })).not.toContainText('Elantra');

  await importer.getByLabel('CSV', { exact: true }).fill('WIP-3001,Hyundai,Elantra,2017,2019\n');
  await importer.getByRole('button', { name: 'Import fitment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 rows' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fitment' })).toContainText('2018 Hyundai Elantra');

  await page.goto(`/part/${part._id}`);
  await expect(page.getByRole('row', { name: 'Hyundai Elantra 2017–2019' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/shop’s filters fold behind a Filters button that says how many are active', async ({ page }) => {
    await page.goto('/shop?category=brakes&inStock=true');
    // The Filters button folds the panel in the app only: before React has it, a press does nothing.
    await waitForApp(page);
    const filters = page.getByRole('button', { name: 'Filters, 2 active' });
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await expect(panel).toBeHidden();

    await filters.press('Enter');
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: /^Filters/ }).click();
    await expect(page).toHaveURL(/category=filters/);
    await expect(page.getByRole('list', { name: 'Search results' }).getByText(/Filter/).first()).toBeVisible();

    await filters.press('Enter');
    await expect(panel).toBeHidden();
  });

  test('a search for one long word (a pasted number, a shared link) is quoted within the page’s width', async ({ page }) => {
    // As long as the search takes (100 characters), with nowhere to break it.
    const word = 'X'.repeat(100);
    await page.goto(`/shop?q=${word}`);
    await expect(page.getByRole('heading', { level: 2, name: `0 parts for “${word}”` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
