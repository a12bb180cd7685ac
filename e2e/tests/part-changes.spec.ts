import type { Browser } from '@playwright/test';
import { partChangeMessages } from '@autoparts/shared';
import { newAccount, signUp } from './accounts';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, logInAt, waitForApp, widths } from './pages';

/**
 * Issue 30 set up by an admin through the API: an old part superseded by a new one, which
 * interchanges with a competitor's number at 2 of theirs to 1 of ours.
 */
async function supersededPair(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const admin = await context.newPage();
  await logInAt(admin, e2eAdmin);
  const headers = { origin: baseURL };
  const stamp = `${width}-${Date.now() % 1_000_000}`;
  const make = async (partNumber: string, name: string) => {
    const added = await admin.request.post('/api/addaproduct', {
      headers,
      data: { name, img: '/images/parts/brake-pads.svg', description: 'Pads for a part-change journey.', storequantity: '50', price: '19.99', minOrderQuantity: '1' },
    });
    expect(added.ok()).toBe(true);
    const { insertedId: id } = (await added.json()) as { insertedId: string };
    const catalogue = await admin.request.put(`/api/admin/part/${id}/catalogue`, { headers, data: { category: null, partNumber, oemNumbers: [], specs: [] } });
    expect(catalogue.ok()).toBe(true);
    return { id, partNumber, name };
  };
  const old = await make(`E2E-OLD-${stamp}`, `Old Pads ${stamp}`);
  const current = await make(`E2E-NEW-${stamp}`, `New Pads ${stamp}`);
  const rival = { brand: 'Rival', partNumber: `RV-${stamp}`, quantity: 2 };
  expect((await admin.request.patch(`/api/admin/part/${current.id}`, { headers, data: { interchange: [rival] } })).ok()).toBe(true);
  expect((await admin.request.patch(`/api/admin/part/${old.id}`, { headers, data: { lifecycle: '7', replacedBy: current.partNumber } })).ok()).toBe(true);
  await context.close();
  return { old, current, rival };
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a superseded part’s page moves to its replacement, which says “Replaces …”', async ({ page, browser, baseURL }) => {
      const { old, current } = await supersededPair(browser, baseURL ?? '', width);
      const response = await page.request.get(`/parts/${old.partNumber}`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(`/parts/${current.partNumber}`);

      await page.goto(`/parts/${old.partNumber}`);
      await waitForApp(page);
      await expect(page).toHaveURL(new RegExp(`/parts/${current.partNumber}$`));
      await expect(page.getByRole('heading', { level: 1, name: current.name })).toBeVisible();
      await expect(page.getByText(partChangeMessages.replaces([old.partNumber])).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `.tmp/screens/${width}_part-superseded.png`, fullPage: true });
    });

    test('quick order by a competitor’s number adds our part in our quantity and says so', async ({ page, browser, baseURL }) => {
      const { current, rival } = await supersededPair(browser, baseURL ?? '', width);
      await signUp(page, newAccount(`change${width}`));
      await page.goto('/cart');
      await page.getByLabel('Part numbers and quantities').fill(`${rival.partNumber.toLowerCase()} 3`);
      await page.getByRole('button', { name: 'Add to cart' }).click();

      const converted = page.getByTestId('quick-order-converted');
      await expect(converted).toContainText(partChangeMessages.orderedAsOurs(rival, 3, { partNumber: current.partNumber, quantity: 2 }));
      await expect(converted).toContainText('3 of theirs added as 2 of ours, rounded up');
      await expect(page.getByTestId('cart-line').filter({ hasText: current.partNumber }).getByLabel('Quantity')).toHaveValue('2');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `.tmp/screens/${width}_quick-order-interchange.png`, fullPage: true });
    });
  });
}
