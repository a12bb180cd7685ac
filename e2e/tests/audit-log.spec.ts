import { auditMessages, type ListedPart } from '@autoparts/shared';
import { e2eAdmin } from './admin-account';
import { logInByApi, newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, followDashboardLink, orderPartByApi, payByApi, widths } from './pages';

test.describe.configure({ timeout: 90_000 });

for (const [index, width] of widths.entries()) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('an admin finds a parcel in the audit log by its order number: in words, with the units, carrier and tracking number', async ({ page, browser, request, baseURL }) => {
      const parts = (await (await request.get('/api/parts')).json()) as ListedPart[];
      const part = parts.find((candidate, at) => at >= 8 + index && candidate.minOrderQuantity >= 2 && candidate.availableQuantity >= candidate.minOrderQuantity);
      if (!part) throw new Error('no part of two units or more to order');
      const customer = newAccount(`audit${width}`);
      const shopperContext = await browser.newContext({ viewport: { width, height: 844 } });
      const shopper = await shopperContext.newPage();
      await signUpByApi(shopper, customer);
      await payByApi(shopper, await orderPartByApi(shopper, part._id));
      await shopperContext.close();

      // One unit goes first, by UPS (through the API: shipping has its own journeys).
      await logInByApi(page, e2eAdmin);
      const listed = await page.request.get(`/api/admin/orders?email=${encodeURIComponent(customer.email)}`);
      const [order] = ((await listed.json()) as { orders: { _id: string; orderNumber: string; orderQuantity: number }[] }).orders;
      if (!order) throw new Error('the order is not listed');
      const shipped = await page.request.post(`/api/admin/order/${order._id}/ship`, {
        data: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ partId: part._id, quantity: 1 }] },
        headers: { origin: baseURL ?? '' },
      });
      expect(shipped.status()).toBe(200);

      await page.goto('/dashboard');
      await followDashboardLink(page, 'Audit log');
      await expect(page).toHaveURL('/dashboard/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const filters = page.getByRole('search', { name: 'Filter the audit log' });
      await filters.getByLabel('Action').selectOption('order.ship');
      await filters.getByLabel('Order number, part number or e-mail').fill(order.orderNumber);
      await filters.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`action=order.ship&q=${order.orderNumber}`));
      const entries = page.getByRole('region', { name: 'Audit log entries' }).getByRole('listitem');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText(
        `${e2eAdmin.email} shipped 1 of ${order.orderQuantity} × ${part.name} (${part.partNumber}) of order ${order.orderNumber} (${customer.email}) by UPS 1Z 999 AA1 01 2345 6784; the rest is still to ship`,
      );
      await expectNoA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `.tmp/screens/${width}_audit-log.png`, fullPage: true });

      // A date typed on the keyboard, a part at a time, is kept as typed and narrows the log.
      const from = filters.getByLabel('From');
      await from.focus();
      await page.keyboard.type('01012020');
      await expect(page).toHaveURL(/from=2020-01-01/);
      await expect(from).toHaveValue('2020-01-01');
      await expect(entries).toHaveCount(1);
      // Said in a polite status once the list has followed the filter (decision 227).
      await expect(page.getByRole('status').filter({ hasText: /^1 entry$/ })).toHaveCount(1);

      // A search that finds nothing says so; the keyboard reaches the filters.
      await filters.getByLabel('Order number, part number or e-mail').fill('no-such-thing@example.com');
      await filters.getByLabel('Order number, part number or e-mail').press('Enter');
      await expect(page.getByText(auditMessages.noMatch).and(page.locator(':not(.sr-only)'))).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: auditMessages.noMatch })).toHaveCount(1);
      await expectNoA11yViolations(page);
    });
  });
}
