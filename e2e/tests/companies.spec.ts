import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { accountMessages, certificateMessages, companyMessages, formatPrice, statementFileName, type ListedPart, type Part, type SearchResult } from '@autoparts/shared';
import { logIn, logInByApi, newAccount, signOut, signUpByApi } from './accounts';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { confirmByMail, linkIn, mailTo } from './mail';
import { expectNoA11yViolations, expectWithinViewportWidth, followDashboardLink, followHeaderLink, orderPart, waitForApp, widths } from './pages';

/**
 * This month, YYYY-MM in UTC, as the statement link takes it when its page is drawn. Taken before
 * the page and again after the download, at a month's end past midnight UTC they differ, and the
 * page's is either (decision 197).
 */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A browser of its own for each person of the journey: the admin, the owner, the buyer. */
async function personAt(browser: Browser, width: number, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an admin creates a company for a customer; the owner invites a buyer, who signs up by the link, accepts and orders; the owner sees the order', async ({
      page,
      browser,
      baseURL,
    }) => {
      // The owner-to-be is a customer already, their address confirmed by the link mailed at sign-up.
      const owner = newAccount(`owner${width}`);
      await signUpByApi(page, owner);
      await confirmByMail(page, owner.email, baseURL);

      // The admin creates the company with the owner's e-mail: the owner is a member at once (decision 144).
      const admin = await personAt(browser, width, baseURL);
      await logInByApi(admin, e2eAdmin);
      await admin.goto('/dashboard/companies');
      await expect(admin.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
      const companyName = `Fleetco ${width} ${owner.email.slice(6, 14)}`;
      const create = admin.getByRole('form', { name: 'Create a company' });
      await create.getByLabel('Company name').fill(companyName);
      await create.getByLabel('Owner’s e-mail').fill(owner.email);
      await create.getByLabel('Payment terms').selectOption('net30');
      await create.getByLabel('Credit limit ($)').fill('5000');
      await create.getByRole('button', { name: 'Create company' }).click();
      await expect(admin.getByText(companyMessages.companyOwnerMember(owner.email))).toBeVisible();
      await expect(admin.getByRole('article', { name: companyName })).toContainText('Net 30');
      await admin.context().close();

      // The owner finds Company in the dashboard and invites a buyer by e-mail.
      await page.goto('/dashboard/profile');
      await followDashboardLink(page, 'Company');
      await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
      await expect(page.getByText('Your role: Owner')).toBeVisible();
      const buyer = newAccount(`buyer${width}`);
      const invite = page.getByRole('form', { name: 'Invite a member' });
      // A bad address, then one click: the click is taken (the form says why at the field, which
      // has the focus); checked on leaving the field, the error moved the button under the press
      // and the click was lost (decision 085).
      const email = invite.getByLabel('E-mail');
      await email.fill('buyer-at-example');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(email).toBeFocused();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await email.fill(buyer.email);
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      await invite.getByLabel('Role').selectOption('buyer');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${buyer.email}`)).toBeVisible();
      await expectWithinViewportWidth(page, invite);
      await expectNoA11yViolations(page);

      // The buyer has no account: the link, then signing up, brings them back to accept.
      const mail = await mailTo(buyer.email, new RegExp(`Join ${companyName}`));
      const link = linkIn(mail, `${baseURL ?? ''}/company/invitations/`);
      const buyerPage = await personAt(browser, width, baseURL);
      await buyerPage.goto(link);
      await waitForApp(buyerPage);
      await expectNoA11yViolations(buyerPage);
      await buyerPage.getByRole('link', { name: 'Create an account' }).click();
      await buyerPage.getByLabel('Name').fill(buyer.name);
      await buyerPage.getByLabel('Email').fill(buyer.email);
      await buyerPage.getByLabel('Password').fill(buyer.password);
      await buyerPage.getByRole('button', { name: 'Sign Up' }).click();
      await expect(buyerPage).toHaveURL(/\/company\/invitations\//);
      await expect(buyerPage.getByRole('button', { name: 'Accept the invitation' })).toBeVisible();
      await expectNoA11yViolations(buyerPage);
      // By keyboard: the button keeps the focus while it waits, then what was joined takes it (decision 168).
      await buyerPage.getByRole('button', { name: 'Accept the invitation' }).focus();
      await buyerPage.keyboard.press('Enter');
      await expect(buyerPage.getByRole('status')).toContainText(`You are now a member of ${companyName} (Buyer)`);
      await expect(buyerPage.getByRole('status').filter({ hasText: 'You are now a member of' })).toBeFocused();
      await buyerPage.getByRole('link', { name: 'Go to the company’s page' }).click();
      await expect(buyerPage.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
      await expect(buyerPage.getByRole('list', { name: 'Members' })).toContainText(owner.email);

      // The buyer orders a part; the order is the company's.
      const parts = (await (await buyerPage.request.get('/api/parts')).json()) as Part[];
      const part = parts.find((candidate) => candidate.availableQuantity >= candidate.minOrderQuantity * 4);
      if (!part) throw new Error('the demo catalogue has no part with room in stock');
      await orderPart(buyerPage, part._id);
      await buyerPage.context().close();

      // The owner sees it under the company's orders, with who placed it.
      await page.reload();
      const orders = page.getByRole('list', { name: 'The company’s orders' });
      await expect(orders).toContainText(`Placed by ${buyer.name}`);
      await expect(orders).toContainText(part.name);
      await expectWithinViewportWidth(page, orders);

      // Its number opens the order's page, which the owner may read (decision 106): who placed it, and
      // none of the placer's actions (the unpaid order's Pay Now is the buyer's).
      const orderLink = orders.getByRole('link', { name: /^Order \d+$/ });
      const heading = (await orderLink.textContent()) ?? '';
      await orderLink.click();
      await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(`${buyer.name} (${buyer.email})`)).toBeVisible();
      await expect(page.getByRole('list', { name: new RegExp(`^Lines of ${heading.toLowerCase()}$`, 'i') })).toContainText(part.name);
      await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
      await expectWithinViewportWidth(page, page.getByRole('main'));
      await expectNoA11yViolations(page);
    });
  });
}

const screens = path.join(import.meta.dirname, '../.tmp/screens');
mkdirSync(screens, { recursive: true });
const screenshot = (page: Page, width: number, name: string) => page.screenshot({ path: path.join(screens, `${width}_trade-${name}.png`), fullPage: true });

/** A person of the journey, signed up in a browser of their own at `width`. */
async function signedUpAt(browser: Browser, width: number, baseURL: string | undefined, prefix: string) {
  const page = await personAt(browser, width, baseURL);
  const account = newAccount(prefix);
  await signUpByApi(page, account);
  return { page, account };
}

/** An API call as the page's signed-in person (cookie-carrying changes name the shop's origin). */
async function apiAs(page: Page, method: 'POST' | 'PATCH', url: string, data: object, baseURL: string | undefined) {
  const reply = await page.request.fetch(url, { method, data, headers: { origin: baseURL ?? '' } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return reply.json() as Promise<Record<string, unknown>>;
}

for (const width of widths) {
  test.describe(`trade at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a buyer sees the contract price and orders on account with a PO; the accounts member downloads the statement and pays the invoice by card', async ({
      page,
      browser,
      baseURL,
    }) => {
      // Four people, three of them signing up, in one journey.
      test.slow();
      // Set-up through the API: the admin makes a company with net 30 terms and gives it a price list
      // of 12 % off one part; the owner invites a buyer and an accounts member, who accept by the link.
      const owner = newAccount(`trowner${width}`);
      await signUpByApi(page, owner);
      // An owner's address is confirmed before an admin's company makes them one (decision 144).
      await confirmByMail(page, owner.email, baseURL);
      const admin = await personAt(browser, width, baseURL);
      await logInByApi(admin, e2eAdmin);
      const parts = (await (await admin.request.get('/api/parts')).json()) as ListedPart[];
      const part = parts.find((candidate) => candidate.availableQuantity >= candidate.minOrderQuantity * 4 && candidate.price >= 10);
      if (!part) throw new Error('the demo catalogue has no part with room in stock');
      const companyName = `Trade ${width} ${owner.email.slice(8, 14)}`;
      const list = await apiAs(admin, 'POST', '/api/admin/price-lists', { name: `${companyName} list`, priority: 1, entries: [{ partId: part._id, percentOff: 12 }] }, baseURL);
      const company = await apiAs(admin, 'POST', '/api/admin/companies', { name: companyName, ownerEmail: owner.email, paymentTerms: 'net30', creditLimit: 5000 }, baseURL);
      await apiAs(admin, 'PATCH', `/api/admin/companies/${String(company.id)}`, { priceListIds: [list.id] }, baseURL);
      await admin.context().close();

      const buyer = await signedUpAt(browser, width, baseURL, `trbuyer${width}`);
      const accounts = await signedUpAt(browser, width, baseURL, `traccts${width}`);
      for (const [who, role] of [[buyer, 'buyer'], [accounts, 'accounts']] as const) {
        await apiAs(page, 'POST', '/api/company/invitations', { email: who.account.email, role }, baseURL);
        const link = linkIn(await mailTo(who.account.email, new RegExp(`Join ${companyName}`)), `${baseURL ?? ''}/company/invitations/`);
        const token = link.split('/').at(-1) ?? '';
        await apiAs(who.page, 'POST', `/api/company/invitations/${token}/accept`, {}, baseURL);
      }
      // The company's depot, where its buyers' orders ship (the buyer has no address of their own).
      await apiAs(page, 'POST', '/api/company/locations', { name: 'Springfield depot', line1: '1 Depot Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' }, baseURL);

      // (a) The buyer sees the contract price, the list price struck through, on the part page and in the cart.
      const contract = Math.round(part.price * 88) / 100;
      const { page: buyerPage } = buyer;
      await buyerPage.goto(`/part/${part._id}`);
      await expect(buyerPage.getByRole('banner').getByText(buyer.account.name)).toBeAttached();
      const main = buyerPage.getByRole('main');
      await expect(main.getByText(formatPrice(contract)).first()).toBeVisible();
      await expect(main.locator('s').first()).toContainText(formatPrice(part.price));
      await screenshot(buyerPage, width, 'part');
      // The add is confirmed before the page is left: leaving earlier can cancel its request.
      const add = main.getByRole('form', { name: `Add ${part.partNumber} to cart` });
      await expect(add.getByLabel('Quantity')).toHaveValue(String(part.minOrderQuantity));
      await add.getByRole('button', { name: 'Add to cart' }).click();
      await expect(add.getByRole('status')).toContainText(`Added ${part.minOrderQuantity} × ${part.partNumber}`);
      await buyerPage.goto('/cart');
      const cartMain = buyerPage.getByRole('main');
      await expect(cartMain.locator('s').first()).toContainText(formatPrice(part.price));
      await screenshot(buyerPage, width, 'cart');
      await expect.poll(() => buyerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Checkout on account with a PO number; the order's page shows it.
      await buyerPage.goto('/checkout');
      await expect(buyerPage.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(buyerPage.getByRole('group', { name: 'Ship to' }).getByRole('radio', { name: new RegExp(`Springfield depot.*A location of ${companyName}`) })).toBeChecked();
      const methods = buyerPage.getByRole('group', { name: 'Shipping method' }).getByRole('radio');
      await expect(methods).not.toHaveCount(0);
      await methods.first().check();
      await buyerPage.getByRole('radio', { name: /On account \(net 30\)/ }).check();
      // The credit left is said with the choice, before Place order (decision 169): $5,000.00, nothing owed yet.
      await expect(buyerPage.getByRole('group', { name: 'Payment' }).getByText('Available credit: $5,000.00')).toBeVisible();
      await buyerPage.getByLabel(/Purchase-order number/).fill(`PO-${width}-77`);
      await expect.poll(() => buyerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(buyerPage, width, 'checkout');
      await buyerPage.getByRole('button', { name: 'Place order' }).click();
      await expect(buyerPage).toHaveURL(/\/dashboard\/orders\/\d+/);
      await expect(buyerPage.getByText(`PO-${width}-77`)).toBeVisible();
      // Not "Paid": its invoice is owed, and the page says when, in the Company page's words (decision 136).
      await expect(buyerPage.getByText(/^On account, invoice due [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
      await expect.poll(() => buyerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(buyerPage, width, 'order-on-account');
      await buyerPage.context().close();

      // (b) The accounts member opens the Company page, downloads this month's statement and pays the invoice by card.
      const { page: accountsPage } = accounts;
      const monthBefore = thisMonth();
      await accountsPage.goto('/dashboard/company');
      await expect(accountsPage.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
      await expect(accountsPage.getByRole('list', { name: 'The company’s orders' })).toContainText('for Springfield depot');
      const downloading = accountsPage.waitForEvent('download');
      await accountsPage.getByRole('link', { name: /^Download the statement for [A-Z][a-z]+ \d{4} \(PDF\)$/ }).click();
      const download = await downloading;
      expect([monthBefore, thisMonth()].map((month) => statementFileName(companyName, month, 'pdf'))).toContain(download.suggestedFilename());
      const bytes = await readFile((await download.path()) ?? '');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // And as CSV beside it (decision 223): the invoice's row names its PO number.
      const downloadingCsv = accountsPage.waitForEvent('download');
      await accountsPage.getByRole('link', { name: /^Download the statement for [A-Z][a-z]+ \d{4} \(CSV\)$/ }).click();
      const csv = await downloadingCsv;
      expect([monthBefore, thisMonth()].map((month) => statementFileName(companyName, month, 'csv'))).toContain(csv.suggestedFilename());
      expect(await readFile((await csv.path()) ?? '', 'utf8')).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},INV-\\d+,PO-${width}-77,\\d{4}-\\d{2}-\\d{2},Invoice,`, 'm'));

      const invoices = accountsPage.getByRole('region', { name: 'Open invoices' });
      const invoice = invoices.getByRole('checkbox', { name: /INV-/ });
      await expect(invoice).toHaveCount(1);
      await invoice.check();
      await expectWithinViewportWidth(accountsPage, invoices);
      await screenshot(accountsPage, width, 'invoices');
      await invoices.getByLabel('Card number').fill('4242 4242 4242 4242');
      await invoices.getByLabel('Expiry (MM/YY)').fill('12/99');
      await invoices.getByLabel('CVC').fill('123');
      await invoices.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(accountsPage.getByText(/Payment of \$[\d,.]+ received for 1 invoice/)).toBeVisible();
      await expect(invoices).toContainText('No open invoices');
      await expect(accountsPage.getByRole('list', { name: 'Ledger entries, newest first' }).getByRole('listitem').first()).toContainText('Payment test_');
      await expectNoA11yViolations(accountsPage);
      await expect.poll(() => accountsPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await accountsPage.context().close();
    });
  });
}

for (const width of widths) {
  test(`at ${width} px an admin records a bank transfer on a company's Account and sees its balance change; the same reference again enters nothing`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const owner = newAccount(`payowner${width}`);
    await signUpByApi(page, owner);
    await confirmByMail(page, owner.email, baseURL);
    const admin = await personAt(browser, width, baseURL);
    await logInByApi(admin, e2eAdmin);
    const companyName = `Transferco ${width} ${owner.email.slice(9, 17)}`;
    await apiAs(admin, 'POST', '/api/admin/companies', { name: companyName, ownerEmail: owner.email, paymentTerms: 'net30', creditLimit: '2,000.00' }, baseURL);

    const monthBefore = thisMonth();
    await admin.goto('/dashboard/companies');
    await admin.getByRole('article', { name: companyName }).getByRole('button', { name: 'Edit' }).click();
    const money = admin.getByRole('region', { name: `Account of “${companyName}”` });
    const figures = money.getByLabel('Account figures');
    await expect(figures).toContainText('Balance$0.00');
    await expect(figures).toContainText('Available credit$2,000.00');
    await expect(money).toContainText('No open invoices');

    // Keyboard only: the amount with a thousands separator, the reference, Enter.
    const form = money.getByRole('form', { name: 'Record payment' });
    const reference = `BANK-${width}-${owner.email.slice(9, 17)}`;
    await form.getByLabel('Amount ($)').fill('1,250.50');
    await form.getByLabel('Reference').fill(reference);
    await form.getByLabel('Reference').press('Enter');
    await expect(admin.getByText(`Payment ${reference} recorded.`)).toBeVisible();
    await expect(figures).toContainText('Balance-$1,250.50');
    await expect(figures).toContainText('Available credit$3,250.50');
    await expect(money.getByRole('list', { name: 'Ledger entries, newest first' })).toContainText(`Payment ${reference}`);
    await expect(form.getByLabel('Amount ($)')).toBeFocused();
    // The emptied form says nothing until it is sent again.
    await form.getByLabel('Amount ($)').press('Tab');
    await expect(form.getByText(accountMessages.referenceRequired)).toHaveCount(0);
    await expectWithinViewportWidth(admin, money);
    // In a window between a phone's and a desktop's (here 700 px, no sidebar), the entry's kind and
    // number stay on one line: the row's four columns, chosen by the window's width, left them a
    // column too narrow ("Payment BANK-" / "700-…"; decision 146).
    await admin.setViewportSize({ width: 700, height: 900 });
    const entry = money.getByRole('list', { name: 'Ledger entries, newest first' }).getByText(`Payment ${reference}`);
    expect(await entry.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight))).toBeLessThan(1.5);
    await admin.setViewportSize({ width, height: 900 });
    await screenshot(admin, width, 'admin-account');
    await expectNoA11yViolations(admin);

    // The same transfer entered again (a second tab, a second click): answered, not entered twice.
    await form.getByLabel('Amount ($)').fill('1,250.50');
    await form.getByLabel('Reference').fill(reference);
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(admin.getByText(`Payment ${reference} was recorded already; it is not entered twice.`)).toBeVisible();
    await expect(figures).toContainText('Balance-$1,250.50');
    await expect(money.getByRole('list', { name: 'Ledger entries, newest first' }).getByRole('listitem')).toHaveCount(1);

    // The owner is told of it by e-mail (decision 222): nothing to settle yet, so all of it is a credit.
    const receipt = await mailTo(owner.email, new RegExp(`^${companyName}: payment of \\$1,250\\.50 received$`));
    expect(receipt.text).toContain(`Reference: ${reference}\n`);
    expect(receipt.text).toContain('Left on account as a credit: $1,250.50\n');
    expect(linkIn(receipt, `${baseURL ?? ''}/dashboard/company`)).toBe(`${baseURL ?? ''}/dashboard/company`);

    // And the owner's own view agrees.
    await page.goto('/dashboard/company');
    await expect(page.getByRole('list', { name: 'Ledger entries, newest first' })).toContainText(`Payment ${reference}`);

    // Any month's statement, as its owner gets it.
    const downloading = admin.waitForEvent('download');
    await money.getByRole('link', { name: /^Download the statement of .* for [A-Z][a-z]+ \d{4} \(PDF\)$/ }).click();
    const download = await downloading;
    expect([monthBefore, thisMonth()].map((month) => statementFileName(companyName, month, 'pdf'))).toContain(download.suggestedFilename());
    expect((await readFile((await download.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
    // And as CSV (decision 223): the payment in Credit, the company in credit after it.
    const downloadingCsv = admin.waitForEvent('download');
    await money.getByRole('link', { name: /^Download the statement of .* for [A-Z][a-z]+ \d{4} \(CSV\)$/ }).click();
    const csv = await downloadingCsv;
    expect([monthBefore, thisMonth()].map((month) => statementFileName(companyName, month, 'csv'))).toContain(csv.suggestedFilename());
    const rows = await readFile((await csv.path()) ?? '', 'utf8');
    expect(rows).toContain(`,${reference},,,Payment,,1250.50,-1250.50\n`);
    expect(rows).toMatch(/,,,,Closing balance,,,-1250.50\n$/);
    await admin.context().close();
  });
}

test('a contract buyer’s prices leave with them: signed out, the same tab shows the list price at once, and so it does to the next customer to sign in there', async ({
  page,
  browser,
  baseURL,
}) => {
  // The buyer owns a company whose price list takes 40 % off the first part /shop shows.
  const buyer = newAccount('leavingbuyer');
  await signUpByApi(page, buyer);
  await confirmByMail(page, buyer.email, baseURL);
  const admin = await personAt(browser, 1280, baseURL);
  await logInByApi(admin, e2eAdmin);
  const [part] = ((await (await admin.request.get('/api/search')).json()) as SearchResult).items;
  if (!part) throw new Error('/shop shows no part');
  const companyName = `Leaving ${buyer.email.slice(13, 19)}`;
  const list = await apiAs(admin, 'POST', '/api/admin/price-lists', { name: `${companyName} list`, priority: 1, entries: [{ partId: part._id, percentOff: 40 }] }, baseURL);
  const company = await apiAs(admin, 'POST', '/api/admin/companies', { name: companyName, ownerEmail: buyer.email }, baseURL);
  await apiAs(admin, 'PATCH', `/api/admin/companies/${String(company.id)}`, { priceListIds: [list.id] }, baseURL);
  await admin.context().close();
  const contract = formatPrice(Math.round(part.price * 60) / 100);
  // /shop's own list: while the route's code loads, React Router still draws the page before it (home, with two lists of cards).
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ has: page.getByText(`Part no. ${part.partNumber}`, { exact: true }) });

  await page.goto('/shop');
  await expect(card).toContainText(contract);
  await expect(card.locator('s')).toContainText(formatPrice(part.price));
  // Signed out (the app goes home), then back to /shop by the header, within the app. Home first:
  // a click on Shop before the sign-out's own move home would be undone by it (once seen in CI).
  await signOut(page);
  await page.waitForURL((url) => url.pathname === '/');
  await followHeaderLink(page, 'Shop');
  await page.waitForURL((url) => url.pathname === '/shop');
  await expect(card).toContainText(formatPrice(part.price));
  await expect(card).not.toContainText(contract);

  // The next person at this browser logs in there, within the app: a customer of no company.
  const { page: elsewhere, account: next } = await signedUpAt(browser, 1280, baseURL, 'nextcustomer');
  await elsewhere.context().close();
  await followHeaderLink(page, 'Login');
  await logIn(page, next);
  await expect(page.getByRole('banner').getByText(next.name)).toBeAttached();
  await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(card).toContainText(formatPrice(part.price));
  await expect(card).not.toContainText(contract);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test('a buyer leaves their company after a confirmation: the page says they belong to none, and the shop shows them the list price at once', async ({ page, browser, baseURL }) => {
    // A company whose price list takes 40 % off the first part /shop shows; the buyer joins it by the link.
    const owner = await signedUpAt(browser, 390, baseURL, 'leaveowner');
    await confirmByMail(owner.page, owner.account.email, baseURL);
    const admin = await personAt(browser, 1280, baseURL);
    await logInByApi(admin, e2eAdmin);
    const [part] = ((await (await admin.request.get('/api/search')).json()) as SearchResult).items;
    if (!part) throw new Error('/shop shows no part');
    const companyName = `Leavers ${owner.account.email.slice(11, 17)}`;
    const list = await apiAs(admin, 'POST', '/api/admin/price-lists', { name: `${companyName} list`, priority: 1, entries: [{ partId: part._id, percentOff: 40 }] }, baseURL);
    const company = await apiAs(admin, 'POST', '/api/admin/companies', { name: companyName, ownerEmail: owner.account.email }, baseURL);
    await apiAs(admin, 'PATCH', `/api/admin/companies/${String(company.id)}`, { priceListIds: [list.id] }, baseURL);
    await admin.context().close();
    const buyer = newAccount('leaver');
    await signUpByApi(page, buyer);
    await apiAs(owner.page, 'POST', '/api/company/invitations', { email: buyer.email, role: 'buyer' }, baseURL);
    await owner.page.context().close();
    const token = linkIn(await mailTo(buyer.email, new RegExp(`Join ${companyName}`)), `${baseURL ?? ''}/company/invitations/`).split('/').at(-1) ?? '';
    await apiAs(page, 'POST', `/api/company/invitations/${token}/accept`, {}, baseURL);

    const contract = formatPrice(Math.round(part.price * 60) / 100);
    const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ has: page.getByText(`Part no. ${part.partNumber}`, { exact: true }) });
    await page.goto('/shop');
    await expect(card).toContainText(contract);

    // Leave company: the confirmation first (declined: nothing happens), then accepted.
    await page.goto('/dashboard/company');
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    const leave = page.getByRole('button', { name: 'Leave company' });
    await expectWithinViewportWidth(page, leave);
    await screenshot(page, 390, 'leave');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await leave.click();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(`Leave ${companyName}?`);
      void dialog.accept();
    });
    await leave.click();
    await expect(page.getByText(`You have left ${companyName}.`)).toBeVisible();
    await expect(page.getByText('You are not a member of a company.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeFocused();
    await expectNoA11yViolations(page);

    // Within the app (the header's Shop, from the phone menu), the shop shows the list price now.
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await banner.getByRole('link', { name: 'Shop', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    await expect(card).toContainText(formatPrice(part.price));
    await expect(card).not.toContainText(contract);
  });
});

test('an admin’s Verify of a certificate uploaded again meanwhile is refused: the card says so and shows the new upload, which the admin then rejects with a reason the owner reads', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signedUpAt(browser, 1280, baseURL, 'certowner');
  await confirmByMail(owner.page, owner.account.email, baseURL);
  await logInByApi(page, e2eAdmin);
  const companyName = `Certs ${owner.account.email.slice(9, 15)}`;
  await apiAs(page, 'POST', '/api/admin/companies', { name: companyName, ownerEmail: owner.account.email }, baseURL);
  const location = await apiAs(owner.page, 'POST', '/api/company/locations', { name: 'Springfield depot', line1: '1 Depot Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' }, baseURL);
  const upload = async (number: string, expiresOn: string) => {
    const reply = await owner.page.request.post(`/api/company/locations/${String(location.id)}/certificates`, {
      headers: { origin: baseURL ?? '' },
      multipart: { state: 'IL', number, expiresOn, file: { name: `${number}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') } },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  };
  await upload('IL-RS-1001', '2027-06-30');

  await page.goto('/dashboard/certificates');
  const card = page.getByRole('article', { name: `${companyName} — Springfield depot, IL` });
  await expect(card).toContainText('IL-RS-1001');
  // The owner uploads another while the admin reads the list.
  await upload('FAKE-999', '2099-12-31');
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByRole('alert')).toContainText('This certificate was uploaded again since you opened the list');
  await expect(card).toContainText('FAKE-999');
  await expect(card).toContainText('(upload 2)');
  await expectNoA11yViolations(page);

  // The admin rejects the new upload, with why.
  await card.getByRole('button', { name: 'Reject…' }).click();
  const why = card.getByLabel('Why (e-mailed to the company’s owners)');
  await expect(why).toBeFocused();
  await why.fill('The number is not on the state’s register.');
  await screenshot(page, 1280, 'certificate-reject');
  await card.getByRole('button', { name: 'Reject with this reason' }).click();
  await expect(page.getByText('Certificate for IL rejected')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The owner reads why on the Company page, and by e-mail.
  await owner.page.goto('/dashboard/company');
  await expect(owner.page.getByRole('list', { name: 'Resale certificates of Springfield depot' })).toContainText('Not accepted by the shop: “The number is not on the state’s register.”');
  await screenshot(owner.page, 1280, 'certificate-rejected');
  await mailTo(owner.account.email, /Your resale certificate for IL was not accepted/);

  // By keyboard, a document the server refuses: said in an alert while the Upload button keeps the
  // focus (a button disabled while it waits dropped it to the page's body); Escape closes the form
  // and gives the focus back to its opener.
  const opener = owner.page.getByRole('button', { name: 'Upload a certificate' });
  await opener.click();
  const form = owner.page.getByRole('form', { name: 'Upload a resale certificate for Springfield depot' });
  await form.getByLabel('State').selectOption('WI');
  await form.getByLabel('Certificate number').fill('WI-RS-2002');
  await form.getByLabel('Expires on').fill('2027-06-30');
  await form.getByLabel(/^Document/).setInputFiles({ name: 'WI-RS-2002.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a PDF at all') });
  const send = form.getByRole('button', { name: 'Upload', exact: true });
  await send.focus();
  await owner.page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText(certificateMessages.fileType);
  await expect(send).toBeFocused();
  await expectNoA11yViolations(owner.page);
  // Cancel is ringed by the keyboard's focus as every other button is (decision 168), not by the
  // browser's own ring.
  await owner.page.keyboard.press('Tab');
  const cancel = form.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  await expect(cancel).toHaveCSS('outline-style', 'solid');
  await expect(cancel).toHaveCSS('outline-width', '2px');
  await owner.page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(opener).toBeFocused();
  await owner.page.context().close();
});
