import { apiErrors, buyAgainMessages, confirmations, formatPrice, notices, paymentMessages, validation, type Part } from '@autoparts/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { followDashboardLink } from './pages';

/** A part with stock to spare: journeys run in parallel on one catalogue. */
async function pickPart(request: APIRequestContext, index: number): Promise<Part> {
  const parts = (await (await request.get('/api/parts')).json()) as Part[];
  const part = parts[index];
  if (!part) throw new Error(`no part at ${index}`);
  return part;
}

async function availableOf(request: APIRequestContext, id: string): Promise<number> {
  return ((await (await request.get(`/api/part/${id}`)).json()) as Part).availableQuantity;
}

async function placeOrder(page: Page, part: Part, quantity: number) {
  await page.goto(`/part/${part._id}`);
  await page.getByLabel('Address').fill('1200 Foundry Road, Detroit');
  await page.getByLabel('Order Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(notices.orderPlaced)).toBeVisible();
}

test('ordering checks every field with the messages of the spec', async ({ page, request }) => {
  const part = await pickPart(request, 0);
  await signUpByApi(page, newAccount());
  await page.goto(`/part/${part._id}`);
  await expect(page.getByRole('heading', { name: part.name })).toBeVisible();
  const quantity = page.getByLabel('Order Quantity');
  await expect(quantity).toHaveValue(String(part.minOrderQuantity));
  const submit = page.getByRole('button', { name: 'Place Order' });
  await expect(submit).toBeDisabled();

  // The server draws the form before the app hydrates it: the button turns on only once the app
  // checks the form, so the journey waits for that before it empties a field (a field emptied
  // before then is server-rendering.spec.ts').
  const address = page.getByLabel('Address');
  await address.fill('1200 Foundry Road, Detroit');
  await expect(submit).toBeEnabled();
  await address.fill('');
  await expect(page.getByText(validation.addressRequired, { exact: true })).toBeVisible();
  await expect(submit).toBeDisabled();
  await address.fill('1200 Foundry Road, Detroit');

  await quantity.fill('');
  await expect(page.getByText(validation.quantityRequired, { exact: true })).toBeVisible();
  await quantity.fill(String(part.minOrderQuantity - 1));
  await expect(page.getByText(`${validation.quantityBelowMinimum} — at least ${part.minOrderQuantity}`, { exact: true })).toBeVisible();
  await expect(submit).toBeDisabled();
  await quantity.fill(String(part.availableQuantity + 1));
  await expect(page.getByText(validation.quantityAboveStock, { exact: true })).toBeVisible();
  await expect(submit).toBeDisabled();
  await quantity.fill(String(part.minOrderQuantity));
  await expect(submit).toBeEnabled();
});

test('order, pay with the test card, see Paid; the declined card is explained', async ({ page, request }) => {
  const part = await pickPart(request, 1);
  await signUpByApi(page, newAccount());
  const before = await availableOf(request, part._id);
  await placeOrder(page, part, part.minOrderQuantity);
  expect(await availableOf(request, part._id)).toBe(before - part.minOrderQuantity);

  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: part.name });
  await expect(row).toContainText(formatPrice(part.price * part.minOrderQuantity));
  await row.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();

  await page.getByLabel(/card number/i).fill('4000 0000 0000 0002');
  await page.getByLabel(/expiry/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: paymentMessages.declined })).toBeVisible();

  await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('row').filter({ hasText: part.name })).toContainText('Paid');
  await expect(page.getByRole('row').filter({ hasText: part.name }).getByRole('link', { name: 'Pay Now' })).toHaveCount(0);

  // Paid: its invoice is a PDF to download, with the session the page has.
  const invoice = page.getByRole('row').filter({ hasText: part.name }).getByRole('link', { name: /^Download invoice INV-\d{6,} \(PDF\)/ });
  await expect(invoice).toBeVisible();
  const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Clicked, the link saves it under its number…
  const saved = page.waitForEvent('download');
  await invoice.click();
  expect((await saved).suggestedFilename()).toMatch(/^INV-\d{6,}\.pdf$/);
  // …and once the session has ended (elsewhere), the click sends the customer to sign in, where a
  // plain link's download of the 401 was dropped without a word.
  await page.context().clearCookies();
  await invoice.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('order again and cancel it: the stock comes back', async ({ page, request }) => {
  const part = await pickPart(request, 2);
  await signUpByApi(page, newAccount());
  const before = await availableOf(request, part._id);
  await placeOrder(page, part, part.minOrderQuantity);
  await expect.poll(() => availableOf(request, part._id)).toBe(before - part.minOrderQuantity);

  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: part.name });
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(confirmations.cancelOrder);
    void dialog.accept();
  });
  await row.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(notices.orderCancelled)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: part.name })).toHaveCount(0);
  // The keyboard's place is kept: with no order left, on the heading (decision 064), not the page.
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeFocused();
  await expect.poll(() => availableOf(request, part._id)).toBe(before);
});

test('after Place Order: the order number and Pay now; an expired card is refused; a paid order cancelled is refunded and kept in the Order history', async ({ page, request }) => {
  const part = await pickPart(request, 3);
  await signUpByApi(page, newAccount());
  await placeOrder(page, part, part.minOrderQuantity);

  const placed = page.getByRole('region', { name: 'Order placed' });
  await expect(placed).toContainText(/Order number \d{6,}/);
  await placed.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);

  await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await page.getByLabel(/expiry/i).fill('01/20');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText(paymentMessages.cardExpired)).toBeVisible();
  await page.getByLabel(/expiry/i).fill('12/34');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

  await page.goto('/dashboard');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('row').filter({ hasText: part.name }).getByRole('button', { name: 'Cancel' }).click();
  const total = formatPrice(part.price * part.minOrderQuantity);
  const toast = page.getByRole('listitem').filter({ hasText: notices.orderCancelled });
  await expect(toast).toContainText(`Your payment of ${total} is refunded.`);

  await followDashboardLink(page, 'Order history');
  const row = page.getByRole('row').filter({ hasText: part.name });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(`Refunded ${total}`);
  // The refund's credit note, next to the invoice.
  await expect(row.getByRole('link', { name: /^Download invoice INV-\d{6,} \(PDF\)/ })).toBeVisible();
  await expect(row.getByRole('link', { name: /^Download credit note CN-\d{6,} \(PDF\)/ })).toBeVisible();
});

test('an order cancelled in another tab: Pay on its payment page says it ended, the keyboard lands on the notice, and no Pay is left', async ({ page, request }) => {
  const part = await pickPart(request, 4);
  await signUpByApi(page, newAccount());
  await placeOrder(page, part, part.minOrderQuantity);
  await page.getByRole('region', { name: 'Order placed' }).getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toBeVisible();

  // The customer cancels it in another tab, the payment page still open in this one.
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  other.once('dialog', (dialog) => void dialog.accept());
  await other.getByRole('row').filter({ hasText: part.name }).getByRole('button', { name: 'Cancel' }).click();
  await expect(other.getByRole('listitem').filter({ hasText: notices.orderCancelled })).toBeVisible();
  await other.close();

  await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await page.getByLabel(/expiry/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await pay.focus();
  await page.keyboard.press('Enter');
  // The server refuses it (409); the page fetches the order again and says it ended, with the focus.
  const notice = page.getByText(apiErrors.orderCancelled, { exact: true });
  await expect(notice).toBeFocused();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByLabel(/card number/i)).toHaveCount(0);
  await expect(page.getByText('Paid', { exact: true })).toHaveCount(0);
  // The next key goes on to the way out: Buy again, described by the notice.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: buyAgainMessages.button })).toBeFocused();

  // Opened again, it is the notice still, and no way to pay.
  await page.reload();
  await expect(page.getByText(apiErrors.orderCancelled, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.goto('/dashboard');
  await followDashboardLink(page, 'Order history');
  await expect(page.getByRole('row').filter({ hasText: part.name })).toContainText('Cancelled');
});
