import fs from 'node:fs';
import path from 'node:path';
import { PO_NUMBER_MAX_LENGTH, type CheckoutQuote } from '@autoparts/shared';
import { newAccount, signUp } from './accounts';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mail';
import { roomyParts, widths } from './pages';

const screens = path.join(import.meta.dirname, '../.tmp/screens');
fs.mkdirSync(screens, { recursive: true });

test('an order’s message as a phone and a desk show it: a PO number of the longest kind wraps, nothing scrolls sideways', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const headers = { origin };
  const account = newAccount('mail-width');
  await signUp(page, account);
  // Confirmed, so that the message repeats the PO number (decision 114).
  await page.goto(linkIn(await mailTo(account.email, /Confirm your e-mail address/), `${origin}/api/auth/verify-email?`));
  await expect(page).toHaveURL(/\/verify-email/);

  const [part] = await roomyParts(page, 1, { room: 2 });
  if (!part) throw new Error('no part');
  expect((await page.request.put(`/api/cart/lines/${part._id}`, { headers, data: { quantity: part.minOrderQuantity } })).status()).toBe(200);
  const address = await page.request.post('/api/addresses', {
    headers,
    data: { name: account.name, line1: '100 Main Street', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
  });
  expect(address.status(), await address.text()).toBe(200);
  const addressId = ((await address.json()) as { id: string }).id;
  const quote = (await (await page.request.post('/api/checkout/quote', { headers, data: { addressId } })).json()) as CheckoutQuote;
  const shippingMethodId = quote.shippingMethodId ?? quote.shippingMethods[0]?.id;
  // One word as long as a PO number may be: a buyer's system writes them so.
  const poNumber = `PO-${'7'.repeat(PO_NUMBER_MAX_LENGTH - 3)}`;
  const placed = await page.request.post('/api/checkout', { headers, data: { addressId, shippingMethodId, poNumber } });
  expect(placed.status(), await placed.text()).toBe(200);

  const mail = await mailTo(account.email, /placed/);
  expect(mail.text).toContain(`Purchase order: ${poNumber}\n`);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(mail.html);
    await expect(page.getByText(poNumber, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay now' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(screens, `${width}_mail-order-placed.png`), fullPage: true });
  }
});
