import fs from 'node:fs';
import path from 'node:path';
import type { Part } from '@autoparts/shared';
import { e2eAdmin } from './admin-account';
import { newAccount, signUp } from './accounts';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, logInAt, orderPart, widths } from './pages';

const screens = path.join(import.meta.dirname, '../.tmp/screens');
fs.mkdirSync(screens, { recursive: true });

test.describe.configure({ timeout: 90_000 });

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('an admin ships part of an order with a UPS tracking number, then the rest; the customer follows the parcels on the timeline', async ({
      page,
      browser,
      request,
    }) => {
      const customer = newAccount(`parcels${width}`);
      const parts = (await (await request.get('/api/parts')).json()) as Part[];
      // An order of at least two units, so that one can go first.
      const part = parts.find((candidate) => candidate.minOrderQuantity >= 2 && candidate.availableQuantity >= candidate.minOrderQuantity)!;
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const shopper = await context.newPage();
      await signUp(shopper, customer);
      await orderPart(shopper, part._id);
      await shopper.goto('/dashboard');
      await shopper.getByRole('row').filter({ hasText: part.name }).getByRole('link', { name: 'Pay Now' }).click();
      await shopper.getByLabel(/card number/i).fill('4242 4242 4242 4242');
      await shopper.getByLabel(/expiry/i).fill('12/34');
      await shopper.getByLabel(/cvc/i).fill('123');
      await shopper.getByRole('button', { name: /^Pay/ }).click();
      await expect(shopper.getByText('Paid', { exact: true }).first()).toBeVisible();

      await logInAt(page, e2eAdmin);
      await page.goto(`/dashboard/orders?email=${encodeURIComponent(customer.email)}`);
      const row = page.getByRole('row').filter({ hasText: customer.email });
      await expect(row).toHaveCount(1);
      await row.getByText('Ship…').click();
      const form = page.getByRole('form', { name: /^Ship order/ });
      await expect(form).toBeVisible();
      if (width >= 1280) {
        // The open form takes a row of its own: the customer's e-mail keeps to one line.
        const email = row.getByRole('rowheader').locator('span').filter({ hasText: customer.email });
        const lines = await email.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
        expect(lines).toBeLessThan(1.5);
      }
      await form.getByLabel('Carrier').selectOption('ups');
      await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
      await form.getByLabel(new RegExp(part.name)).fill('1');
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(screens, `${width}_ship-form.png`), fullPage: true });
      await form.getByRole('button', { name: 'Ship' }).click();
      await expect(page.getByText('Shipment recorded: the rest of the order is still to ship')).toBeVisible();
      await expect(row.getByText('Partly shipped')).toBeVisible();

      // The rest: everything left is the default.
      await row.getByText('Ship…').click();
      await form.getByLabel('Tracking number').fill('1Z999AA10123456785');
      await form.getByRole('button', { name: 'Ship' }).click();
      await expect(page.getByText('Order shipped: everything on it has gone')).toBeVisible();
      await expect(row.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

      await shopper.goto('/dashboard');
      const mine = shopper.getByRole('row').filter({ hasText: part.name });
      await expect(mine).toContainText('Shipped');
      await expect(mine.getByRole('link', { name: /Track parcel 1/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
      await mine.getByText('Order details').click();
      const timeline = mine.getByRole('list', { name: /^Timeline of order/ });
      await expect(timeline.getByRole('listitem')).toHaveCount(4);
      await expect(timeline).toContainText('Shipment 1: 1 item by UPS, tracking 1Z 999 AA1 01 2345 6784');
      // Each parcel's link is named by its carrier and number, not one "Track parcel" for all (decision 168).
      await expect(timeline.getByRole('link', { name: 'Track parcel UPS 1Z 999 AA1 01 2345 6784 (opens the carrier’s site)', exact: true })).toHaveAttribute(
        'href',
        'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      );
      await expect(timeline.getByRole('link', { name: 'Track parcel UPS 1Z 999 AA1 01 2345 6785 (opens the carrier’s site)', exact: true })).toHaveAttribute(
        'href',
        'https://www.ups.com/track?tracknum=1Z999AA10123456785',
      );
      await expectNoSeriousA11yViolations(shopper);
      expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shopper.screenshot({ path: path.join(screens, `${width}_order-timeline.png`), fullPage: true });
      await context.close();
    });
  });
}
