import type { Browser, Page } from '@playwright/test';
import type { Part } from '@autoparts/shared';
import { newAccount, signUp } from './accounts';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mail';
import { expectNoSeriousA11yViolations, expectWithinViewportWidth, logInAt, orderPart, waitForApp, widths } from './pages';

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
      // The owner-to-be is a customer already.
      const owner = newAccount(`owner${width}`);
      await signUp(page, owner);

      // The admin creates the company with the owner's e-mail: the owner is a member at once.
      const admin = await personAt(browser, width, baseURL);
      await logInAt(admin, e2eAdmin);
      await admin.goto('/dashboard/companies');
      await expect(admin.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
      const companyName = `Fleetco ${width} ${owner.email.slice(6, 14)}`;
      const create = admin.getByRole('form', { name: 'Create a company' });
      await create.getByLabel('Company name').fill(companyName);
      await create.getByLabel('Owner’s e-mail').fill(owner.email);
      await create.getByLabel('Payment terms').selectOption('net30');
      await create.getByLabel('Credit limit ($)').fill('5000');
      await create.getByRole('button', { name: 'Create company' }).click();
      await expect(admin.getByRole('article', { name: companyName })).toContainText('Net 30');
      await admin.context().close();

      // The owner finds Company in the dashboard and invites a buyer by e-mail.
      await page.goto('/dashboard/profile');
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Company' }).click();
      await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
      await expect(page.getByText('Your role: Owner')).toBeVisible();
      const buyer = newAccount(`buyer${width}`);
      const invite = page.getByRole('form', { name: 'Invite a member' });
      await invite.getByLabel('E-mail').fill(buyer.email);
      await invite.getByLabel('Role').selectOption('buyer');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${buyer.email}`)).toBeVisible();
      await expectWithinViewportWidth(page, invite);
      await expectNoSeriousA11yViolations(page);

      // The buyer has no account: the link, then signing up, brings them back to accept.
      const mail = await mailTo(buyer.email, new RegExp(`Join ${companyName}`));
      const link = linkIn(mail, `${baseURL ?? ''}/company/invitations/`);
      const buyerPage = await personAt(browser, width, baseURL);
      await buyerPage.goto(link);
      await waitForApp(buyerPage);
      await buyerPage.getByRole('link', { name: 'Create an account' }).click();
      await buyerPage.getByLabel('Name').fill(buyer.name);
      await buyerPage.getByLabel('Email').fill(buyer.email);
      await buyerPage.getByLabel('Password').fill(buyer.password);
      await buyerPage.getByRole('button', { name: 'Sign Up' }).click();
      await expect(buyerPage).toHaveURL(/\/company\/invitations\//);
      await buyerPage.getByRole('button', { name: 'Accept the invitation' }).click();
      await expect(buyerPage.getByRole('status')).toContainText(`You are now a member of ${companyName} (Buyer)`);
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
    });
  });
}
