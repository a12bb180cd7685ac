import fs from 'node:fs';
import path from 'node:path';
import { PO_NUMBER_MAX_LENGTH, type CheckoutQuote } from '@autoparts/shared';
import { renderMail } from '../../apps/api/src/modules/mail/templates';
import { newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mail';
import { roomyParts, widths } from './pages';

const screens = path.join(import.meta.dirname, '../.tmp/screens');
fs.mkdirSync(screens, { recursive: true });

test('an order’s message as a phone and a desk show it: a PO number of the longest kind wraps, nothing scrolls sideways', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const headers = { origin };
  const account = newAccount('mail-width');
  await signUpByApi(page, account);
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

test('an order’s line named by one word of 200 characters breaks the name, never its amount, on a phone and a desk', async ({ page }) => {
  // Such a name is not typical (a real long name has spaces), but the admin's form and an import take
  // it; the message is the shop's own, rendered as it is mailed (decision 155).
  const name = 'R'.repeat(200);
  const line = { kind: 'part' as const, name, part_number: 'BR-1001', quantity: 2, unit_price_cents: 123_456, line_total_cents: 246_912 };
  const { html } = renderMail(
    {
      kind: 'order-paid',
      order: {
        id: '0b6f3a8e-5d1c-4d2b-9a1e-3f4b5c6d7e8f',
        order_number: '100042',
        email: 'ann@example.com',
        customer_name: 'Ann Workshop',
        part_id: 'p1',
        part_name: name,
        address: 'Ann Workshop, 100 Main Street, Springfield, IL 62701, United States',
        subtotal_cents: 246_912,
        shipping_cents: 500,
        shipping_method_name: 'Courier',
        shipping_estimate: '',
        tax_cents: 0,
        tax_rate_ppm: 0,
        ship_to: null,
        total_cents: 247_412,
        po_number: null,
        created_at: new Date('2026-12-01T10:00:00Z'),
        expires_at: null,
        paid_at: new Date('2026-12-01T10:00:00Z'),
        delivered_at: null,
        transaction_id: 'pi_test_1',
        invoice_number: '42',
        payment_method: 'card',
      },
      lines: [line],
    },
    { baseUrl: 'https://shop.example.com', timeZone: 'America/Detroit', returnsAddress: 'Returns desk', replyTo: undefined },
    { confirmed: true },
  );
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html);
    // How many lines each amount of the line's row is drawn on: one each, however the cell wraps.
    const lines = await page.evaluate(() => {
      const cell = [...document.querySelectorAll('td')].find((td) => td.textContent?.includes('each)'));
      if (!cell) return null;
      const text = cell.textContent ?? '';
      return ['$2,469.12', '($1,234.56 each)'].map((amount) => {
        const start = text.indexOf(amount);
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        let offset = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (offset <= start && start < offset + length) range.setStart(node, start - offset);
          if (offset < start + amount.length && start + amount.length <= offset + length) range.setEnd(node, start + amount.length - offset);
          offset += length;
        }
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    });
    expect(lines, `at ${width} px`).toEqual([1, 1]);
    // The name breaks within itself, and nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(screens, `${width}_mail-long-word.png`), fullPage: true });
  }
});
