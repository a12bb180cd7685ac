import { formatPrice, photoMessages } from '@autoparts/shared';
import sharp from 'sharp';
import { e2eAdmin } from './admin-account';
import { expect } from './fixtures';
import { expectNoA11yViolations, testWithFailingLoads, widths } from './pages';
import { logInByApi } from './accounts';

/** An image URL that does not load is part of these journeys, so failed loads are expected. */
const test = testWithFailingLoads;

async function aPhoto() {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = ((i / 3) % width) / 5;
    pixels[i + 1] = 90;
    pixels[i + 2] = 160;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg().toBuffer();
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('an admin uploads a photo with a preview; the shop shows it as AVIF from srcset, cached for a year', async ({ page }) => {
      const name = `Photo Pump ${width} ${Date.now()}`;
      await logInByApi(page, e2eAdmin);
      await page.goto('/dashboard/addaproduct');

      // A text file named like a photo is refused by its bytes: said in an alert, while the field
      // keeps the keyboard's focus (a field disabled while it uploads dropped it to the page's body).
      const photoField = page.getByLabel('Photo', { exact: true });
      await photoField.focus();
      await photoField.setInputFiles({ name: 'pump.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
      await expect(page.getByText(photoMessages.wrongType)).toBeVisible();
      await expect(photoField).toBeFocused();
      await expect(page.getByRole('alert').filter({ hasText: photoMessages.wrongType })).toBeVisible();

      await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'pump.jpg', mimeType: 'image/jpeg', buffer: await aPhoto() });
      await expect(page.getByLabel('Image')).toHaveValue(/^\/api\/images\/[0-9a-f-]{36}\/960\.webp$/);
      await expect(page.getByText(photoMessages.wrongType)).toHaveCount(0);
      await expect(page.getByRole('img', { name: 'The current photo' })).toBeVisible();
      await expectNoA11yViolations(page);

      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Description').fill('Electric fuel pump with strainer.');
      await page.getByLabel('Store quantity').fill('40');
      await page.getByLabel('Price ($)').fill('12,50');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Successfully added')).toBeVisible();
      await expectNoA11yViolations(page);

      const photoResponse = page.waitForResponse((response) => /\/api\/images\/.+\.avif$/.test(response.url()));
      await page.goto(`/shop?q=${encodeURIComponent(name)}`);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText(formatPrice(12.5))).toBeVisible();
      const response = await photoResponse;
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers()['content-type']).toBe('image/avif');
      const photo = card.getByRole('img', { name });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    });

    test('a part whose image URL does not load shows a placeholder, not a broken image', async ({ page }) => {
      const name = `Lost Photo Belt ${width} ${Date.now()}`;
      await logInByApi(page, e2eAdmin);
      await page.goto('/dashboard/addaproduct');
      await page.getByLabel('Name').fill(name);
      // A real image for every other page (the shop is shared with other journeys); this page's
      // browser is told it failed, as when a photo's host is down.
      const lost = `/images/parts/timing-belt.svg?lost=${width}`;
      await page.route(`**${lost}`, (route) => route.abort('connectionrefused'));
      await page.getByLabel('Image').fill(lost);
      await page.getByLabel('Description').fill('Serpentine belt.');
      await page.getByLabel('Store quantity').fill('10');
      await page.getByLabel('Price ($)').fill('9.99');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Successfully added')).toBeVisible();

      await page.goto(`/shop?q=${encodeURIComponent(name)}`);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByRole('img', { name: `${name} (no photo)` })).toBeVisible();
      expect(await card.locator('img').count()).toBe(0);
    });
  });
}
