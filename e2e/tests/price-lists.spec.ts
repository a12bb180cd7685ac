import { companyMessages, type Category, type SearchResult } from '@autoparts/shared';
import { logInByApi, newAccount, signUpByApi } from './accounts';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { confirmByMail } from './mail';
import { expectNoA11yViolations, expectWithinViewportWidth, followDashboardLink, widths } from './pages';

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an admin creates a price list with a category percent and a part tier, assigns it to a company and explains a price', async ({ page, browser, baseURL }) => {
      // The company's owner is a customer already.
      const ownerPage = await (await browser.newContext({ baseURL, viewport: { width, height: 900 } })).newPage();
      const owner = newAccount(`plowner${width}`);
      await signUpByApi(ownerPage, owner);
      await confirmByMail(ownerPage, owner.email, baseURL);
      await ownerPage.context().close();

      const { items } = (await (await page.request.get('/api/search?inStock=true')).json()) as SearchResult;
      const part = items.find((item) => item.category !== null);
      if (!part?.category) throw new Error('the demo catalogue has no part in a category');
      const categories = (await (await page.request.get('/api/categories')).json()) as Category[];
      const category = categories.find((candidate) => candidate.slug !== part.category?.slug) ?? part.category;

      await logInByApi(page, e2eAdmin);
      const suffix = `${width} ${owner.email.slice(6, 14)}`;
      const companyName = `Garage ${suffix}`;
      await page.goto('/dashboard/companies');
      const createCompany = page.getByRole('form', { name: 'Create a company' });
      await createCompany.getByLabel('Company name').fill(companyName);
      await createCompany.getByLabel('Owner’s e-mail').fill(owner.email);
      await createCompany.getByRole('button', { name: 'Create company' }).click();
      await expect(page.getByRole('article', { name: companyName })).toBeVisible();

      // The list: 12 % off a whole category, and the part at 20 % off from 10 units.
      await followDashboardLink(page, 'Price lists');
      await expect(page.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
      const listName = `Contract ${suffix}`;
      const form = page.getByRole('form', { name: 'Create a price list' });
      await form.getByLabel('Name').fill(listName);
      await form.getByLabel('Priority').fill('3');
      const first = form.getByRole('group', { name: 'Entry 1', exact: true });
      await first.getByLabel('Category').selectOption(category.slug);
      await first.getByLabel('Percent off (%)').fill('12');
      await form.getByRole('button', { name: 'Add an entry' }).click();
      const second = form.getByRole('group', { name: 'Entry 2', exact: true });
      await second.getByLabel('Applies to').selectOption('part');
      await second.getByLabel('Part number').fill(part.partNumber);
      await second.getByLabel('Percent off (%)').fill('5');
      await second.getByRole('button', { name: 'Add a quantity tier to entry 2' }).click();
      await second.getByLabel('Tier 1: from quantity').fill('10');
      await second.getByLabel('Tier 1: percent off (%)').fill('20');
      await expectWithinViewportWidth(page, form);
      await form.getByRole('button', { name: 'Create price list' }).click();
      const card = page.getByRole('article', { name: listName });
      await expect(card).toContainText('2');
      await expect(card).toContainText('None yet');

      // Assigned on the Companies screen.
      await followDashboardLink(page, 'Companies');
      await page.getByRole('article', { name: companyName }).getByRole('button', { name: 'Edit' }).click();
      const assign = page.getByRole('form', { name: `Price lists of “${companyName}”` });
      await assign.getByLabel(new RegExp(`^${listName} \\(priority 3`)).check();
      await assign.getByRole('button', { name: 'Save price lists' }).click();
      await expect(page.getByText(companyMessages.companySaved(companyName))).toBeVisible();

      // Why this price: the part's own tier, for 12 units.
      await followDashboardLink(page, 'Price lists');
      await expect(page.getByRole('article', { name: listName })).toContainText(companyName);
      const explain = page.getByRole('form', { name: 'Explain a price' });
      await explain.getByLabel('Company').selectOption({ label: companyName });
      await explain.getByLabel('Part number').fill(part.partNumber);
      await explain.getByLabel('Quantity').fill('12');
      await explain.getByRole('button', { name: 'Explain' }).click();
      const answer = page.getByLabel('The price explained');
      await expect(answer).toContainText(`${listName}, \u221220 %, tier 10+`);
      await expectWithinViewportWidth(page, answer);
      await expectNoA11yViolations(page);
    });
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test('a company’s and a price list’s long one-word names wrap on their screens and in the company’s edit form, not widen the page (decision 125)', async ({ page, browser, baseURL }) => {
    const ownerPage = await (await browser.newContext({ baseURL })).newPage();
    const owner = newAccount('plwide');
    await signUpByApi(ownerPage, owner);
    // An owner's address is confirmed before an admin's company makes them one (decision 144).
    await confirmByMail(ownerPage, owner.email, baseURL);
    await ownerPage.context().close();
    // One word each, as long as a name may be: nowhere to break but inside it.
    const word = `Wide${owner.email.slice(7, 15)}`;
    const companyName = word.repeat(10).slice(0, 110);
    const listName = `List${word}`.repeat(10).slice(0, 115);

    await logInByApi(page, e2eAdmin);
    const origin = { Origin: baseURL ?? '' };
    const company = await page.request.post('/api/admin/companies', { headers: origin, data: { name: companyName, ownerEmail: owner.email } });
    expect(company.status()).toBe(200);
    const list = await page.request.post('/api/admin/price-lists', { headers: origin, data: { name: listName, priority: 9, entries: [{ category: 'brakes', percentOff: 1 }] } });
    expect(list.status()).toBe(200);
    const { id: companyId } = (await company.json()) as { id: string };
    const { id: listId } = (await list.json()) as { id: string };
    expect((await page.request.patch(`/api/admin/companies/${companyId}`, { headers: origin, data: { priceListIds: [listId] } })).status()).toBe(200);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await page.goto('/dashboard/price-lists');
    await expect(page.getByRole('article', { name: listName })).toContainText(companyName);
    expect(await pageWidth()).toBeLessThanOrEqual(390);

    await followDashboardLink(page, 'Companies');
    await page.getByRole('article', { name: companyName }).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('form', { name: `Price lists of “${companyName}”` }).getByLabel(new RegExp(`^${listName} \\(priority 9`))).toBeChecked();
    await expect(page.getByRole('heading', { name: `Account of “${companyName}”` })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
  });
});
