import type { Browser } from '@playwright/test';
import type { PublicPart } from '@autoparts/shared';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { putCatalogue } from './catalogue-api';
import { expectNoA11yViolations, waitForApp, widths } from './pages';
import { logInByApi } from './accounts';

/**
 * An admin's new part with its catalogue fields and fitment (through the API, signed in), and its
 * weight and price breaks through Manage Products' edit form. Returns its id and number.
 */
async function partWithTiers(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const admin = await context.newPage();
  await logInByApi(admin, e2eAdmin);
  const headers = { origin: baseURL };
  const name = `Tiered Brake Pads ${width} ${Date.now()}`;
  const partNumber = `E2E-PB-${width}-${Date.now() % 1_000_000}`;
  const added = await admin.request.post('/api/addaproduct', {
    headers,
    data: { name, img: '/images/parts/brake-pads.svg', description: 'Ceramic pads for a quiet stop.', storequantity: '120', price: '9.99', minOrderQuantity: '10' },
  });
  expect(added.ok()).toBe(true);
  const { insertedId: id } = (await added.json()) as { insertedId: string };
  const catalogue = await putCatalogue(admin.request, headers, id, {
    category: null,
    partNumber,
    oemNumbers: ['04465-E2E01'],
    specs: [{ name: 'Position', value: 'Front axle' }],
  });
  expect(catalogue.ok()).toBe(true);
  const fitment = await admin.request.post('/api/admin/fitment/import', {
    headers,
    data: { csv: `${partNumber},Hyundai,Elantra,2016,2018,2.0L\n${partNumber},Nissan,Altima,2019,2019,2.5L\n` },
  });
  expect(fitment.ok()).toBe(true);

  await admin.goto(`/dashboard/manageproducts?q=${encodeURIComponent(name)}`);
  await admin.getByRole('button', { name: 'Edit' }).click();
  const form = admin.getByRole('form', { name: `Edit ${name}` });
  await form.getByLabel('Weight (kg)').fill('1.25');
  await form.getByRole('button', { name: 'Add a price break' }).click();
  await form.getByLabel('Tier 1: from quantity').fill('10');
  await form.getByLabel('Tier 1: price each ($)').fill('8.50');
  await form.getByRole('button', { name: 'Add a price break' }).click();
  await form.getByLabel('Tier 2: from quantity').fill('50');
  await form.getByLabel('Tier 2: price each ($)').fill('8.90');
  await form.getByRole('button', { name: 'Save' }).click();
  // Prices must fall as quantities rise: the shared schema's message names the tier.
  await expect(form.getByRole('alert')).toHaveText('The tier from 50 must cost less than the tier from 10: prices fall as quantities rise');
  await form.getByLabel('Tier 2: price each ($)').fill('7.90');
  await admin.screenshot({ path: `.tmp/screens/${width}_part-tiers-editor.png`, fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Product updated')).toBeVisible();
  await context.close();
  return { id, name, partNumber };
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a visitor opens a part’s public page from a /shop card: price breaks, specs, fitment, canonical link and offer', async ({ page, browser, baseURL }) => {
      const { id, name, partNumber } = await partWithTiers(browser, baseURL ?? '', width);
      const part = (await (await page.request.get(`/api/parts/by-number/${partNumber}`)).json()) as PublicPart;
      const elantra = part.fitment.find((group) => group.model === 'Elantra')?.vehicles[0];
      expect(elantra).toBeDefined();
      // The visitor's garage holds a 2016 Hyundai Elantra (a visitor's garage lives in the browser).
      await page.addInitScript((vehicle) => {
        localStorage.setItem('autoparts.garage', JSON.stringify({ vehicles: [vehicle], activeId: vehicle._id }));
      }, { ...elantra!, make: 'Hyundai', model: 'Elantra' });

      await page.goto(`/shop?q=${encodeURIComponent(partNumber)}`);
      await waitForApp(page);
      const card = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
      // SPEC's Purchase Now stays as it is; the name opens the public page.
      await expect(card.getByRole('link', { name: `Purchase Now: ${name}` })).toHaveAttribute('href', `/part/${id}`);
      await card.getByRole('link', { name, exact: true }).click();

      await expect(page).toHaveURL(new RegExp(`/parts/${partNumber}$`));
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const tiers = page.getByRole('table', { name: 'Quantity prices' });
      // The minimum order of 10 reaches the tier from 10: every order pays $8.50 a unit, the price
      // shown for everyone, with nothing struck through (decision 224).
      await expect(tiers.getByRole('row')).toHaveText([/Quantity\s*Each/, /from 10\s*\$8\.50/, /from 50\s*\$7\.90/]);
      await expect(page.getByText('$8.50', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('$9.99')).toHaveCount(0);
      await expect(page.getByText('In stock: 120')).toBeVisible();
      await expect(page.getByText('Minimum order: 10')).toBeVisible();
      await expect(page.getByText('1.25 kg')).toBeVisible();
      await expect(page.getByText('Front axle')).toBeVisible();
      await expect(page.getByText('04465-E2E01')).toBeVisible();
      const fitment = page.getByRole('region', { name: 'Vehicles this part fits' });
      // The CSV names an engine: the rows say the fitment is that engine's alone (decision 126).
      await expect(fitment.getByRole('row', { name: /Hyundai\s+Elantra\s+with 2\.0L\b.* only\s+2016–2018/ })).toBeVisible();
      await expect(fitment.getByRole('row', { name: /Nissan\s+Altima\s+with 2\.5L\b.* only\s+2019/ })).toBeVisible();
      await expect(page.getByText('Fits your 2016 Hyundai Elantra')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', `/part/${id}`);

      // As a search engine or a visitor from one gets it: rendered on the server, with its head.
      const response = await page.reload();
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${name} ${partNumber}`));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/parts/${partNumber}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`^${name}, part no\\. ${partNumber}: \\$8\\.50\\. Fits Hyundai Elantra, Nissan Altima\\.`));
      const offer = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
      expect(offer).toMatchObject({
        '@type': 'Product',
        name,
        sku: partNumber,
        url: `${baseURL}/parts/${partNumber}`,
        offers: { '@type': 'Offer', price: '8.50', priceCurrency: 'USD', eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 10 }, availability: 'https://schema.org/InStock' },
      });
      await expect(page.getByText('Fits your 2016 Hyundai Elantra')).toBeVisible();
      await page.screenshot({ path: `.tmp/screens/${width}_part-page.png`, fullPage: true });
      await expectNoA11yViolations(page);

      const sitemap = await (await page.request.get('/sitemap.xml')).text();
      expect(sitemap).toContain(`<loc>${baseURL}/parts/${partNumber}</loc>`);
    });

    test('a part number we do not sell is a 404 page that offers a search', async ({ page }) => {
      const response = await page.goto('/parts/NO-SUCH-PART-E2E');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Part not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Search the shop for it' })).toHaveAttribute('href', '/shop?q=NO-SUCH-PART-E2E');
      await expectNoA11yViolations(page);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a part named with one long word (a catalogue’s compound noun) stays within the width of its page and its card (decision 149)', async ({ page, browser, baseURL }) => {
    // A name as a German catalogue writes it: 52 letters and a hyphen, no space to break at.
    const name = `Kraftstofffördereinheit-Hochdruckpumpenreparatursatz${Date.now() % 100_000}`;
    const partNumber = `E2E-LONG-${Date.now() % 1_000_000}`;
    const context = await browser.newContext();
    const admin = await context.newPage();
    await logInByApi(admin, e2eAdmin);
    const headers = { origin: baseURL ?? '' };
    const added = await admin.request.post('/api/addaproduct', {
      headers,
      data: { name, img: '/images/parts/water-pump.svg', description: 'Repair kit for the high-pressure pump.', storequantity: '40', price: '129.00' },
    });
    expect(added.ok()).toBe(true);
    const { insertedId: id } = (await added.json()) as { insertedId: string };
    expect((await putCatalogue(admin.request, headers, id, { category: null, partNumber, oemNumbers: [], specs: [] })).ok()).toBe(true);
    await context.close();

    await page.goto(`/parts/${partNumber}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The page was 563 px wide at 390 before: the heading's longest piece set the column's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`/shop?q=${encodeURIComponent(partNumber)}`);
    const heading = page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 3, name });
    await expect(heading).toBeVisible();
    // The card cuts off what runs past it: its name ran 27 px past its edge, its end unseen.
    expect(await heading.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });
});
