import type { Browser } from '@playwright/test';
import { adminMessages, buyAgainMessages, catalogueMessages, notices, partChangeMessages, paths, partChangeEditorMessages } from '@autoparts/shared';
import { logInByApi, newAccount, signUpByApi } from './accounts';
import { e2eAdmin } from './admin-account';
import { patchChanges, putCatalogue } from './catalogue-api';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, orderPartByApi, waitForApp, widths } from './pages';

/** An admin's page, signed in, and a way to add parts of the journey's own through the API. */
async function adminAt(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const admin = await context.newPage();
  await logInByApi(admin, e2eAdmin);
  const headers = { origin: baseURL };
  const stamp = `${width}-${Date.now() % 1_000_000}`;
  const make = async (partNumber: string, name: string) => {
    const added = await admin.request.post('/api/addaproduct', {
      headers,
      data: { name, img: '/images/parts/brake-pads.svg', description: 'Pads for a part-change journey.', storequantity: '50', price: '19.99', minOrderQuantity: '1' },
    });
    expect(added.ok()).toBe(true);
    const { insertedId: id } = (await added.json()) as { insertedId: string };
    const catalogue = await putCatalogue(admin.request, headers, id, { category: null, partNumber, oemNumbers: [], specs: [] });
    expect(catalogue.ok()).toBe(true);
    return { id, partNumber, name };
  };
  const patch = async (id: string, data: Record<string, unknown>) => expect((await patchChanges(admin.request, headers, id, data)).ok()).toBe(true);
  return { admin, context, stamp, make, patch };
}

/**
 * Issue 30 set up by an admin through the API: an old part superseded by a new one, which
 * interchanges with a competitor's number at 2 of theirs to 1 of ours.
 */
async function supersededPair(browser: Browser, baseURL: string, width: number) {
  const { context, stamp, make, patch } = await adminAt(browser, baseURL, width);
  const old = await make(`E2E-OLD-${stamp}`, `Old Pads ${stamp}`);
  const current = await make(`E2E-NEW-${stamp}`, `New Pads ${stamp}`);
  const rival = { brand: 'Rival', partNumber: `RV-${stamp}`, quantity: 2 };
  await patch(current.id, { interchange: [rival] });
  await patch(old.id, { lifecycle: '7', replacedBy: current.partNumber });
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
      await expect(page.getByText(catalogueMessages.replaces([old.partNumber])).first()).toBeVisible();
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `.tmp/screens/${width}_part-superseded.png`, fullPage: true });
    });

    test('quick order by a competitor’s number adds our part in our quantity and says so', async ({ page, browser, baseURL }) => {
      const { current, rival } = await supersededPair(browser, baseURL ?? '', width);
      await signUpByApi(page, newAccount(`change${width}`));
      await page.goto('/cart');
      await page.getByLabel('Part numbers and quantities').fill(`${rival.partNumber.toLowerCase()} 3`);
      await page.getByRole('button', { name: 'Add to cart' }).click();

      const converted = page.getByTestId('quick-order-converted');
      await expect(converted).toContainText(partChangeMessages.orderedAsOurs(rival, 3, { partNumber: current.partNumber, quantity: 2 }));
      await expect(converted).toContainText('3 of theirs added as 2 of ours, rounded up');
      await expect(page.getByTestId('cart-line').filter({ hasText: current.partNumber }).getByLabel('Quantity')).toHaveValue('2');
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `.tmp/screens/${width}_quick-order-interchange.png`, fullPage: true });
    });

    test('an admin supersedes a part on its catalogue page; a refused replacement is said, a lower-case one taken with the vehicles it does not fit, the row badged, and the old page then moves', async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const { admin, context, stamp, make } = await adminAt(browser, baseURL ?? '', width);
      const old = await make(`E2E-EDIT-OLD-${stamp}`, `Edited Old Pads ${stamp}`);
      const current = await make(`E2E-EDIT-NEW-${stamp}`, `Edited New Pads ${stamp}`);
      await admin.goto(paths.partCatalogue(old.id));
      const editor = admin.getByRole('form', { name: 'Life cycle, interchange and kit' });
      await editor.getByLabel('Life-cycle status (PIES)').selectOption('7');
      const save = editor.getByRole('button', { name: 'Save life cycle, interchange and kit' });
      // A replacement that does not exist: the server's rule, said at the field, which takes the focus (decision 157).
      const replacedBy = editor.getByLabel('Replaced by (part number)');
      await replacedBy.fill('NO-SUCH-PART-1');
      await save.click();
      await expect(editor.getByText(partChangeMessages.replacementMissing('NO-SUCH-PART-1'))).toBeVisible();
      await expect(replacedBy).toBeFocused();
      await expect(replacedBy).toHaveAttribute('aria-invalid', 'true');
      await expect(editor.getByRole('alert')).toHaveCount(0);
      await editor.screenshot({ path: `.tmp/screens/${width}_part-changes-refused.png` });
      // The old part fits two Corolla model years its replacement does not: saved, with a warning of each.
      const fitment = await admin.request.post('/api/admin/fitment/import', {
        headers: { origin: baseURL ?? '' },
        data: { csv: `partNumber,make,model,yearFrom,yearTo,engine\n${old.partNumber},Toyota,Corolla,2016,2017,\n` },
      });
      expect(fitment.ok()).toBe(true);
      // Typed in lower case: the number as stored (decision 111).
      await editor.getByLabel('Replaced by (part number)').fill(current.partNumber.toLowerCase());
      await editor.getByRole('button', { name: 'Add a number' }).click();
      await editor.getByLabel('Number 1: brand').fill('OEM');
      await editor.getByLabel('Number 1: part number').fill(`OE-${stamp}`);
      // Another brand by its Auto Care code, kept as a code for the PIES export (decision 206).
      await editor.getByRole('button', { name: 'Add a number' }).click();
      await editor.getByLabel('Number 2: brand').fill('rvlx');
      await editor.getByLabel('Number 2: name or code').selectOption('code');
      await editor.getByLabel('Number 2: part number').fill(`RX-${stamp}`);
      await save.click();
      await expect(admin.getByText('Life cycle, interchange and kit saved')).toBeVisible();
      const warnings = admin.getByTestId('part-changes-warnings');
      await expect(warnings).toContainText(partChangeEditorMessages.replacementFitWarnings);
      await expect(warnings.getByRole('listitem')).toHaveText([
        partChangeEditorMessages.replacementDoesNotFit(current.partNumber, '2016 Toyota Corolla', old.partNumber),
        partChangeEditorMessages.replacementDoesNotFit(current.partNumber, '2017 Toyota Corolla', old.partNumber),
      ]);
      await expectNoA11yViolations(admin);
      await admin.screenshot({ path: `.tmp/screens/${width}_part-changes-editor.png`, fullPage: true });
      const moved = await admin.request.get(`/parts/${old.partNumber}`, { maxRedirects: 0 });
      expect(moved.status()).toBe(301);
      expect(moved.headers().location).toBe(`/parts/${current.partNumber}`);
      // Saved as typed: the page opened again shows it.
      await admin.reload();
      await expect(editor.getByLabel('Replaced by (part number)')).toHaveValue(current.partNumber);
      await expect(editor.getByLabel('Number 1: part number')).toHaveValue(`OE-${stamp}`);
      await expect(editor.getByLabel('Number 1: name or code')).toHaveValue('label');
      await expect(editor.getByLabel('Number 2: brand')).toHaveValue('RVLX');
      await expect(editor.getByLabel('Number 2: name or code')).toHaveValue('code');
      await editor.getByRole('group', { name: 'Replaces these numbers (OEM and other brands)' }).screenshot({ path: `.tmp/screens/${width}_part-changes-interchange.png` });
      // Manage Products says so on its row; the home list no longer offers it.
      await admin.goto(`${paths.manageProducts}?q=${encodeURIComponent(old.partNumber)}`);
      await expect(admin.getByRole('rowheader', { name: `${old.name} ${partChangeEditorMessages.lifecycleBadge('7', current.partNumber)}` })).toBeVisible();
      const listed: string[] = [];
      for (let page = 1; ; page += 1) {
        const parts = (await (await admin.request.get(`/api/parts?page=${page}`)).json()) as Array<{ partNumber: string }>;
        if (parts.length === 0) break;
        listed.push(...parts.map((part) => part.partNumber));
      }
      expect(listed).toContain(current.partNumber);
      expect(listed).not.toContain(old.partNumber);
      await context.close();
    });

    test('two admins on one part’s Details: the later save is said once, in an alert that takes the focus and says what to do now, over no toast', async ({ browser, baseURL }) => {
      const { admin, context, stamp, make } = await adminAt(browser, baseURL ?? '', width);
      const part = await make(`E2E-TWO-${stamp}`, `Two Admins Pads ${stamp}`);
      await admin.goto(paths.partCatalogue(part.id));
      const details = admin.getByRole('form', { name: 'Catalogue details' });
      await details.getByLabel('Specifications').fill('Thickness: 22 mm');
      // Another admin adds an OEM number meanwhile.
      expect((await putCatalogue(admin.request, { origin: baseURL ?? '' }, part.id, { category: null, partNumber: part.partNumber, oemNumbers: [`OE-${stamp}`], specs: [] })).ok()).toBe(true);
      await details.getByRole('button', { name: 'Save details' }).click();

      const alert = details.getByRole('alert');
      const changed = adminMessages.fieldChanged('OEM numbers', `OE-${stamp}`);
      await expect(alert).toHaveText(`${changed}The form now shows what is stored, except in the fields you changed, which keep what you typed. Check them, then save again.`);
      await expect(alert).toBeFocused();
      // Said once: no failure toast lies over it (at 390 px one covered the alert). A toast would be
      // there by now, shown before the part is fetched again and the alert drawn: counted, not awaited.
      expect(await admin.getByText(changed).count()).toBe(1);
      expect(await admin.getByText(notices.actionFailed).count()).toBe(0);
      // What the alert says is so: the stored number is in, the typed specification kept.
      await expect(details.getByLabel('OEM numbers')).toHaveValue(`OE-${stamp}`);
      await expect(details.getByLabel('Specifications')).toHaveValue('Thickness: 22 mm');
      await expect(alert).toBeInViewport();
      await expectNoA11yViolations(admin);
      await admin.screenshot({ path: `.tmp/screens/${width}_catalogue-two-admins.png` });
      // Saved again, it goes through.
      await details.getByRole('button', { name: 'Save details' }).click();
      await expect(admin.getByText('Catalogue details saved')).toBeVisible();
      await expect(alert).toHaveCount(0);
      await context.close();
    });

    test('buy again puts an order’s part in the cart as its replacement, and says so', async ({ page, browser, baseURL }) => {
      test.setTimeout(90_000);
      const { context, stamp, make, patch } = await adminAt(browser, baseURL ?? '', width);
      const old = await make(`E2E-AGAIN-OLD-${stamp}`, `Again Old Pads ${stamp}`);
      const current = await make(`E2E-AGAIN-NEW-${stamp}`, `Again New Pads ${stamp}`);
      await signUpByApi(page, newAccount(`again${width}`));
      await orderPartByApi(page, old.id);
      await patch(old.id, { lifecycle: '7', replacedBy: current.partNumber });
      await context.close();

      await page.goto(paths.myOrders);
      await page.getByRole('button', { name: buyAgainMessages.button }).first().click();
      const result = page.getByTestId('buy-again-result').first();
      await expect(result).toContainText(buyAgainMessages.added(1));
      await expect(result).toContainText(buyAgainMessages.addedLine({ partNumber: current.partNumber, quantity: 1, replaced: old.partNumber }));
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `.tmp/screens/${width}_buy-again.png`, fullPage: true });
      await result.getByRole('link', { name: buyAgainMessages.goToCart }).click();
      await expect(page).toHaveURL('/cart');
      await expect(page.getByTestId('cart-line').filter({ hasText: current.partNumber })).toBeVisible();
    });
  });
}
