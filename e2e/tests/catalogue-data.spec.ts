import { open, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { catalogueDataMessages, CATALOGUE_IMPORT_MAX_BYTES, partTypeCategoryMessages, paths, type CatalogueImport } from '@autoparts/shared';
import type { Page } from '@playwright/test';
import yazl from 'yazl';
import { e2eAdmin } from './admin-account';
import { expect, test } from './fixtures';
import { expectNoA11yViolations, widths } from './pages';
import { logInByApi } from './accounts';

const demoDir = path.resolve(import.meta.dirname, '../../reference/vcdb-demo');
/** A made-up ACES UPDATE (reference/README.md): IGN-1001 on the 2015 Subaru Outback 2.5L H4 (App 901), and App 902 on line 6 naming no base vehicle. */
const journeyAces = path.resolve(import.meta.dirname, '../../reference/aces-demo/journey-update.xml');
const tables = ['Make', 'Model', 'SubModel', 'Year', 'BaseVehicle', 'Vehicle', 'EngineBase', 'VehicleToEngineConfig'];

/** The made-up demo VCdb as a zip, with one make of the journey's own added to Make.txt. */
async function demoZip(makeId: number, makeName: string): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const table of tables) {
    let bytes = await readFile(path.join(demoDir, `${table}.txt`));
    if (table === 'Make') bytes = Buffer.concat([bytes, Buffer.from(`${makeId}|${makeName}\r\n`)]);
    archive.addBuffer(bytes, `${table}.txt`);
  }
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream as AsyncIterable<Buffer>) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Starts an upload as another admin's tab would, and holds it while its file is arriving: the
 * shop's one import at a time is taken until `release` cuts it off (the shop then forgets it).
 */
async function holdAnUpload(page: Page, fileName: string): Promise<{ release: () => Promise<void> }> {
  const origin = new URL(page.url()).origin;
  const cookie = (await page.context().cookies(origin)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const boundary = `held-${Date.now()}`;
  const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const request = http.request(`${origin}/api/admin/catalogue/imports`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  request.on('error', () => undefined);
  request.write(
    field('kind', 'vcdb') + field('mode', 'dry-run') + field('onProblems', 'refuse') +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: text/plain\r\n\r\nMakeID|MakeName\r\n`,
  );
  const listed = async () => ((await (await page.request.get('/api/admin/catalogue/imports')).json()) as CatalogueImport[]).some((item) => item.fileName === fileName);
  await expect.poll(listed).toBe(true);
  return {
    release: async () => {
      request.destroy();
      await expect.poll(listed).toBe(false);
    },
  };
}

// One import at a time in the whole shop (a second is refused, 409): the two widths take turns.
test.describe.configure({ mode: 'serial' });

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('an admin uploads the demo VCdb as a dry run, reads the report, then applies it', async ({ page }, testInfo) => {
      // A make no earlier try has added, so that this try's import adds it.
      const makeId = 80_000 + width + 10_000 * testInfo.retry;
      const fileName = `vcdb-demo-${width}-${testInfo.retry}.zip`;
      const zip = await demoZip(makeId, `Journey Motors ${width} ${testInfo.retry}`);
      await logInByApi(page, e2eAdmin);
      await page.goto(paths.catalogueData);
      await expect(page.getByRole('heading', { level: 1, name: 'Catalogue data' })).toBeVisible();

      const upload = async (mode: 'Dry run: check and report, change nothing' | 'Apply') => {
        await page.getByLabel('File', { exact: true }).setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: zip });
        await page.getByLabel('The file holds').selectOption('vcdb');
        await page.getByRole('radio', { name: mode, exact: true }).check();
        await page.getByRole('button', { name: mode === 'Apply' ? 'Upload and apply' : 'Upload for a dry run' }).click();
      };

      await upload('Dry run: check and report, change nothing');
      const report = page.getByTestId('import-report');
      await expect(report.getByRole('heading', { name: `Dry run of ${fileName}` })).toBeVisible();
      await expect(report.getByText('Dry run: nothing was changed.')).toBeVisible({ timeout: 30_000 });
      await expect(report.getByTestId('count-added')).toHaveText('1');
      await expect(report.getByTestId('count-rejected')).toHaveText('0');
      await expectNoA11yViolations(page);

      await upload('Apply');
      await expect(report.getByRole('heading', { name: `Apply of ${fileName}` })).toBeVisible();
      await expect(report.getByText('Applied.', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(report.getByTestId('count-added')).toHaveText('1');
      expect(Number((await report.getByTestId('count-unchanged').innerText()).replace(/,/g, ''))).toBeGreaterThan(900);

      // The history is the whole shop's: this journey's own imports are those of its file.
      const rows = page.getByTestId('import-row').filter({ hasText: fileName });
      await expect(rows.first()).toContainText('Apply');
      await expect(rows.first()).toContainText('Done');
      await expect(rows.first()).toContainText(e2eAdmin.email);
      await expect(rows.nth(1)).toContainText('Dry run');
      const fitsViewport = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fitsViewport).toBe(true);
    });

    test('a PIES part of an unmapped part type warns; the admin maps the part type to a category', async ({ page }, testInfo) => {
      // A part type no earlier width or try has mapped (the demo PCdb's filters, 59015–59018).
      const partType = 59015 + widths.indexOf(width) + 2 * testInfo.retry;
      const partNumber = `PT-E2E-${width}-${testInfo.retry}`;
      const pies = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<PIES xmlns="http://www.autocare.org"><Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType></Header><Items>',
        `<Item MaintenanceType="A"><PartNumber>${partNumber}</PartNumber><PartTerminologyID>${partType}</PartTerminologyID>`,
        '<Descriptions><Description DescriptionCode="DES" LanguageCode="EN">Journey filter</Description></Descriptions>',
        '<Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">12.00</Price></Pricing></Prices></Item>',
        '</Items><Trailer><ItemCount>1</ItemCount></Trailer></PIES>',
      ].join('\n');
      await logInByApi(page, e2eAdmin);
      await page.goto(paths.catalogueData);
      await page.getByLabel('File', { exact: true }).setInputFiles({ name: `${partNumber}.xml`, mimeType: 'application/xml', buffer: Buffer.from(pies) });
      await page.getByLabel('The file holds').selectOption('pies');
      await page.getByRole('radio', { name: 'Apply', exact: true }).check();
      await page.getByRole('button', { name: 'Upload and apply' }).click();
      const report = page.getByTestId('import-report');
      await expect(report.getByText('Applied, with warnings.')).toBeVisible({ timeout: 30_000 });
      await expect(report.getByRole('list', { name: 'Problems' })).toContainText(`${partNumber} · unmapped-part-type`);

      await page.reload();
      const category = page.getByRole('combobox', { name: /^Category of / }).and(page.locator(`[data-part-type="${partType}"]`));
      await expect(category).toHaveValue('');
      await category.selectOption('Filters');
      await page.getByRole('button', { name: 'Save part type categories' }).click();
      await expect(page.getByText(partTypeCategoryMessages.saved)).toBeVisible();
      await page.reload();
      await expect(category).toHaveValue('filters');
      await expectNoA11yViolations(page);
      const fitsViewport = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fitsViewport).toBe(true);
    });

    test('an admin uploads a small ACES file as a dry run, reads its problem by App id and line, applies the rest; the part page shows the application', async ({ page }) => {
      const aces = await readFile(journeyAces);
      const fileName = `journey-update-${width}.xml`;
      await logInByApi(page, e2eAdmin);
      await page.goto(paths.catalogueData);

      const upload = async (mode: 'Dry run: check and report, change nothing' | 'Apply') => {
        await page.getByLabel('File', { exact: true }).setInputFiles({ name: fileName, mimeType: 'application/xml', buffer: aces });
        await page.getByLabel('The file holds').selectOption('aces');
        await page.getByRole('radio', { name: mode, exact: true }).check();
        await page.getByRole('radio', { name: 'Skip what has problems, apply the rest' }).check();
        await page.getByRole('button', { name: mode === 'Apply' ? 'Upload and apply' : 'Upload for a dry run' }).click();
      };
      const count = async (name: string) => Number(await page.getByTestId('import-report').getByTestId(`count-${name}`).innerText());

      await upload('Dry run: check and report, change nothing');
      const report = page.getByTestId('import-report');
      await expect(report.getByRole('heading', { name: `Dry run of ${fileName}` })).toBeVisible();
      await expect(report.getByText('Dry run: nothing was changed.')).toBeVisible({ timeout: 30_000 });
      await expect(report.getByTestId('count-rejected')).toHaveText('1');
      // App 901 is new the first time the journey runs, and unchanged at the other width.
      expect((await count('added')) + (await count('unchanged'))).toBe(1);
      const problem = report.getByRole('list', { name: 'Problems' }).getByRole('listitem');
      await expect(problem).toHaveCount(1);
      await expect(problem).toContainText('Line 6');
      await expect(problem).toContainText('902');
      await expect(problem).toContainText('unknown-base-vehicle');

      await upload('Apply');
      await expect(report.getByRole('heading', { name: `Apply of ${fileName}` })).toBeVisible();
      await expect(report.getByText('Applied, without the records that had problems.')).toBeVisible({ timeout: 30_000 });
      await expect(report).toContainText('Done');
      await expect(report.getByTestId('count-rejected')).toHaveText('1');
      const rows = page.getByTestId('import-row').filter({ hasText: fileName });
      await expect(rows.first()).toContainText('Apply');
      await expect(rows.first()).toContainText('Done');
      await expect(rows.first()).toContainText(e2eAdmin.email);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The problems download is named after the file; an export the server would send downloads
      // from its link once the screen has asked (decision 158), with nothing said under the links.
      const problemsCsv = page.waitForEvent('download');
      await report.getByRole('link', { name: 'Download problems (CSV)' }).click();
      expect((await problemsCsv).suggestedFilename()).toBe(`journey-update-${width}-problems.csv`);
      const partsCsv = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Parts (CSV)' }).click();
      const parts = await partsCsv;
      expect(parts.suggestedFilename()).toMatch(/^parts-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await parts.failure()).toBeNull();
      await expect(page.getByRole('region', { name: 'Exports' }).getByRole('alert')).toHaveCount(0);

      // The part's page lists the new application's vehicle among those it fits.
      await page.goto('/parts/IGN-1001');
      const fitment = page.getByRole('region', { name: 'Vehicles this part fits' });
      await expect(fitment.getByRole('row').filter({ hasText: 'Subaru' })).toContainText('Outback');
      await expect(fitment.getByRole('row').filter({ hasText: 'Subaru' })).toContainText('2015');
    });

    test('a second upload while another import is under way is refused, and a file over 512 MB before it is sent: the form says so', async ({ page }, testInfo) => {
      const held = `held-${width}-${testInfo.retry}.txt`;
      await logInByApi(page, e2eAdmin);
      await page.goto(paths.catalogueData);
      await expect(page.getByRole('heading', { level: 1, name: 'Catalogue data' })).toBeVisible();
      const upload = page.getByRole('button', { name: 'Upload for a dry run' });
      const file = page.getByLabel('File', { exact: true });

      // Over 512 MB: refused as it is chosen, and not sent (a sparse file: no disk, no bytes read).
      const huge = testInfo.outputPath('huge.xml');
      const handle = await open(huge, 'w');
      await handle.truncate(CATALOGUE_IMPORT_MAX_BYTES + 1);
      await handle.close();
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/admin/catalogue/imports')) posts.push(request.url());
      });
      await file.focus();
      await file.setInputFiles(huge);
      await expect(file).toHaveAccessibleDescription(new RegExp(catalogueDataMessages.tooLarge));
      // Said at once: the file field keeps the focus, and a description that changes is not read out.
      await expect(page.getByRole('alert').filter({ hasText: catalogueDataMessages.tooLarge })).toBeVisible();
      await expect(file).toHaveAttribute('aria-invalid', 'true');
      await upload.click();
      await expect(file).toBeFocused();
      expect(posts).toEqual([]);

      // Another admin's upload arriving: this one is refused, and the screen says why.
      const other = await holdAnUpload(page, held);
      const make = { name: 'Make.txt', mimeType: 'text/plain', buffer: Buffer.from('MakeID|MakeName\r\n1|Acme\r\n') };
      await file.setInputFiles(make);
      await expect(file).not.toHaveAccessibleDescription(new RegExp(catalogueDataMessages.tooLarge));
      await upload.click();
      await expect(page.getByText(catalogueDataMessages.busy)).toBeVisible();
      expect(posts).toHaveLength(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`busy-${width}.png`) });
      await expectNoA11yViolations(page);

      // Once it is gone, the same file goes.
      await other.release();
      await upload.click();
      await expect(page.getByText(`${make.name} uploaded: the dry run is queued.`)).toBeVisible();
      await expect(page.getByTestId('import-report').getByText('Dry run: nothing was changed.')).toBeVisible({ timeout: 30_000 });
    });
  });
}
