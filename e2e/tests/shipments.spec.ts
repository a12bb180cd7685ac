import fs from 'node:fs';
import path from 'node:path';
import { shipmentMessages, type Order, type Part } from '@autoparts/shared';
import { e2eAdmin } from './admin-account';
import { logInByApi, newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, expectWithinViewportWidth, orderPartByApi, payByApi, widths } from './pages';

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
      await signUpByApi(shopper, customer);
      await payByApi(shopper, await orderPartByApi(shopper, part._id));

      await logInByApi(page, e2eAdmin);
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
      await expectNoA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(screens, `${width}_ship-form.png`), fullPage: true });
      await form.getByRole('button', { name: 'Ship' }).click();
      await expect(page.getByText('Shipment recorded: the rest of the order is still to ship')).toBeVisible();
      await expect(row.getByText('Partly shipped')).toBeVisible();
      // The form closes once the list is fetched again, a moment after the status shows: Ship…
      // pressed before then closed the form it was about to close (a failure at 390 px, 1 run of 2).
      await expect(form).toHaveCount(0);
      // The customer's order says under its line what went and what is still to come (decision 192).
      await shopper.goto('/dashboard');
      const partly = shopper.getByRole('row').filter({ hasText: part.name });
      await partly.getByText('Order details').click();
      await expect(partly.getByRole('list', { name: /^Lines of order/ })).toContainText(shipmentMessages.lineShipped(1, part.minOrderQuantity - 1, false));

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
      await expectNoA11yViolations(shopper);
      expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shopper.screenshot({ path: path.join(screens, `${width}_order-timeline.png`), fullPage: true });
      await context.close();
    });

    test('a parcel refused as the form is sent (another admin shipped meanwhile, the customer cancelled) is said, with the keyboard where it is to be mended', async ({
      page,
      browser,
      baseURL,
    }) => {
      const headers = { origin: baseURL ?? '' };
      await logInByApi(page, e2eAdmin);
      // A part of our own, ordered three at a time: two of a line may go first, and one is then left.
      // Its name, the customer's name and e-mail are long, as a feed or a company may write them.
      const name = `Ship Refusal Pump ${width} ${Date.now()} HeavyDutyReplacementAssemblyWithGasketAndSeal`;
      const added = await page.request.post('/api/addaproduct', {
        headers,
        data: { name, img: '/images/parts/brake-pads.svg', description: 'A pump for the Ship form.', storequantity: '50', price: '30', minOrderQuantity: '3' },
      });
      expect(added.ok()).toBe(true);
      const { insertedId: partId } = (await added.json()) as { insertedId: string };
      const plain = newAccount(`shiprefused${width}`);
      const customer = {
        ...plain,
        name: `Maximiliana Konstantinopoulou-Papadopoulou ${plain.name}`,
        email: plain.email.replace('@example.com', '-with-a-long-mailbox@purchasing.long-company-name.example.com'),
      };
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const shopper = await context.newPage();
      await signUpByApi(shopper, customer);
      const paidOrder = async () => {
        await orderPartByApi(shopper, partId);
        const listed = await page.request.get(`/api/admin/orders?email=${encodeURIComponent(customer.email)}&status=unpaid`);
        const [order] = ((await listed.json()) as { orders: Order[] }).orders;
        if (!order) throw new Error('the order is not listed');
        const paid = await shopper.request.post('/api/payments/test/pay', { headers, data: { orderId: order._id, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } });
        expect(paid.status()).toBe(200);
        return order;
      };

      // 1. More than is left: another admin ships two of the three while this one's form offers all three.
      const first = await paidOrder();
      await page.goto(`/dashboard/orders?email=${encodeURIComponent(customer.email)}`);
      const row = page.getByRole('row').filter({ hasText: first.orderNumber });
      const opener = row.getByRole('button', { name: `Ship… order ${first.orderNumber}` });
      // A target of at least 24 px each way (WCAG 2.5.8), though it reads as a link.
      expect((await opener.boundingBox())!.height).toBeGreaterThanOrEqual(24);
      await opener.click();
      const form = page.getByRole('form', { name: `Ship order ${first.orderNumber}` });
      const units = form.getByLabel(new RegExp(name));
      await expect(units).toHaveValue('3');
      await units.fill('2');
      await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
      const meanwhile = await page.request.post(`/api/admin/order/${first._id}/ship`, {
        headers,
        data: { carrier: 'ups', trackingNumber: '1Z999AA10123456785', lines: [{ partId, quantity: 2 }] },
      });
      expect(meanwhile.status()).toBe(200);
      // Sent from the keyboard: Enter in the tracking number.
      await form.getByLabel('Tracking number').press('Enter');
      await expect(form.getByRole('alert')).toHaveText(shipmentMessages.tooMany(0, 1));
      // The keyboard is on the line named, which now offers what is left; the form stays open.
      await expect(units).toBeFocused();
      await expect(units).toHaveValue('1');
      await expect(units).toHaveAttribute('aria-describedby', /./);
      await expect(form).toContainText('(of 1 left)');
      // Partly shipped now: "Cancel the rest" is in sight, inside the table's region at 1280 px
      // (which the long texts make scroll sideways), inside the card at 390 px.
      const rest = row.getByRole('button', { name: 'Cancel the rest' });
      await expect(rest).toBeVisible();
      const region = await page.getByRole('region', { name: 'All orders table' }).boundingBox();
      const button = await rest.boundingBox();
      expect(region).not.toBeNull();
      expect(button).not.toBeNull();
      expect(button!.x).toBeGreaterThanOrEqual(region!.x);
      expect(button!.x + button!.width).toBeLessThanOrEqual(region!.x + region!.width);
      await expectWithinViewportWidth(page, rest);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: path.join(screens, `${width}_ship-refused-line.png`), fullPage: true });
      // Mended as offered, sent again by Enter: the rest ships, and the keyboard goes on to the row's next action.
      await units.press('Enter');
      await expect(page.getByText('Order shipped: everything on it has gone')).toBeVisible();
      await expect(form).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Mark delivered' })).toBeFocused();

      // 2. No longer shippable: the customer cancels the paid order while the form is open.
      const second = await paidOrder();
      await page.reload();
      const secondRow = page.getByRole('row').filter({ hasText: second.orderNumber });
      await secondRow.getByRole('button', { name: `Ship… order ${second.orderNumber}` }).click();
      const secondForm = page.getByRole('form', { name: `Ship order ${second.orderNumber}` });
      await secondForm.getByLabel('Tracking number').fill('1Z999AA10123456786');
      const cancelled = await shopper.request.delete(`/api/myorder?id=${second._id}`, { headers });
      expect(cancelled.status()).toBe(200);
      await secondForm.getByLabel('Tracking number').press('Enter');
      // The refusal is the order's, not a field's: said (a toast), the keyboard on what is left of the row.
      await expect(page.getByText(shipmentMessages.notShippable)).toBeVisible();
      await expect(secondRow.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(secondForm).toHaveCount(0);
      await expect(secondRow.getByRole('rowheader')).toBeFocused();
      await context.close();
    });
  });
}
