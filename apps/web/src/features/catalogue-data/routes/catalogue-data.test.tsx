import { CATALOGUE_IMPORTS_PAGE, catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { fullPage } from '../../../test/pages';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as CatalogueDataPage } from './catalogue-data';

const LIST = 'GET /api/admin/catalogue/imports';
const PART_TYPES = 'GET /api/admin/catalogue/part-type-categories';
/** The part type table's calls, with no part types. */
const noPartTypes = { [PART_TYPES]: { body: [] }, 'GET /api/categories': { body: [{ slug: 'brakes', name: 'Brakes' }, { slug: 'filters', name: 'Filters' }] } };
const anImport = (overrides: Partial<CatalogueImport> = {}): CatalogueImport => ({
  id: 'i-1',
  kind: 'vcdb',
  mode: 'dry-run',
  onProblems: 'refuse',
  status: 'done',
  applied: false,
  fatal: false,
  fileName: 'vcdb.zip',
  fileSize: 2048,
  progress: { done: 2048, total: 2048, phase: 'reading', bytesRead: 2048 },
  counts: { added: 12, changed: 3, deleted: 0, unchanged: 900, rejected: 1 },
  problems: [{ line: 7, ref: 'BaseVehicle.txt 100009', code: 'invalid-combination', message: 'BaseVehicleID 100009 names make 42, which the shop does not have.' }],
  problemCount: 1,
  createdAt: '2026-12-02T06:00:00.000Z',
  startedAt: '2026-12-02T06:00:01.000Z',
  finishedAt: '2026-12-02T06:00:02.000Z',
  by: 'admin@example.com',
  error: null,
  ...overrides,
});

function renderPage() {
  return renderRoutes([{ path: '/dashboard/catalogue-data', element: (<><CatalogueDataPage /><Toaster /></>) }], { path: '/dashboard/catalogue-data' });
}

describe('Catalogue data', () => {
  it('says so when nothing was imported yet, and uploads a file for a dry run', async () => {
    let uploaded = false;
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: () => ({ body: uploaded ? [anImport({ status: 'queued', progress: { done: 0, total: null, phase: null, bytesRead: null } })] : [] }),
      'GET /api/admin/catalogue/imports/i-1': { body: anImport({ status: 'running', progress: { done: 512, total: 2048, phase: 'reading', bytesRead: 512 } }) },
      'POST /api/admin/catalogue/imports': () => ((uploaded = true), { status: 202, body: { id: 'i-1' } }),
      ...noActivity,
      ...noPartTypes,
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No imports yet: upload a file above.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload for a dry run' }));
    expect(await screen.findByText('Choose a file to upload.')).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveFocus();
    await user.upload(screen.getByLabelText('File'), new File(['MakeID|MakeName\n1|Acme\n'], 'Make.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload for a dry run' }));
    expect(await screen.findByText('Make.txt uploaded: the dry run is queued.')).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/admin/catalogue/imports');
    // While it runs, a labelled progress bar.
    const progress = await screen.findByRole('progressbar', { name: 'Progress: 25\u00a0%' });
    expect(progress).toHaveAttribute('value', '512');
  });

  it('says how many records were read while a big file is read and its total is not known yet', async () => {
    const running = anImport({ kind: 'aces', mode: 'apply', status: 'running', fileName: 'aces.xml.gz', progress: { done: 692_000, total: null, phase: 'reading', bytesRead: null }, problems: [], problemCount: 0 });
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [running] },
      'GET /api/admin/catalogue/imports/i-1': { body: running },
      ...noActivity,
      ...noPartTypes,
    });
    renderPage();
    // Minutes of a 2,000,000-App file go by before the total is known: the bar alone would not move.
    const progress = await screen.findByRole('progressbar', { name: 'Progress: 692,000 records read' });
    expect(progress).not.toHaveAttribute('value');
    expect(within(screen.getByTestId('import-report')).getByRole('status')).toHaveTextContent('Reading the file…');
  });

  it('moves the bar by the bytes of the file read while its records have no total, and says the records read beside it', async () => {
    // 6 MB of a 17 MB gzip file read; the records read have no total until the whole file is.
    const running = anImport({
      kind: 'aces',
      mode: 'apply',
      status: 'running',
      fileName: 'aces.xml.gz',
      fileSize: 17_000_000,
      progress: { done: 692_000, total: null, phase: 'reading', bytesRead: 5_950_000 },
      problems: [],
      problemCount: 0,
    });
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [running] },
      'GET /api/admin/catalogue/imports/i-1': { body: running },
      ...noActivity,
      ...noPartTypes,
    });
    renderPage();
    // Before, a grey bar that did not move for the minutes a 2,000,000-App file takes to read (decision 147).
    const progress = await screen.findByRole('progressbar', { name: 'Progress: 35 % of the file, 692,000 records read' });
    expect(progress).toHaveAttribute('value', '5950000');
    expect(progress).toHaveAttribute('max', '17000000');
    expect(within(screen.getByTestId('import-report')).getByRole('status')).toHaveTextContent('Reading the file…');
  });

  it.each([
    ['apply', 'checking', 6, 15, 'Progress: 40\u00a0%', 'Checking the records against the catalogue…'],
    ['apply', 'writing', 1_000_000, 2_000_000, 'Progress: 50\u00a0%', 'Writing the changes…'],
    ['dry-run', 'writing', 1_500_000, 2_000_000, 'Progress: 75\u00a0%', 'Working out the changes (a dry run keeps none of them)…'],
  ] as const)('says what a running %s is doing once its file is read (%s) beside its bar', async (mode, phase, done, total, name, said) => {
    const running = anImport({ kind: 'aces', mode, status: 'running', fileName: 'aces.xml.gz', progress: { done, total, phase, bytesRead: 17_000_000 }, problems: [], problemCount: 0 });
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [running] },
      'GET /api/admin/catalogue/imports/i-1': { body: running },
      ...noActivity,
      ...noPartTypes,
    });
    renderPage();
    // An ACES import writing 2,000,000 applications said "Reading the file…" for minutes (decision 143).
    const progress = await screen.findByRole('progressbar', { name });
    expect(progress).toHaveAttribute('value', String(done));
    expect(progress).toHaveAttribute('max', String(total));
    expect(within(screen.getByTestId('import-report')).getByRole('status')).toHaveTextContent(said);
  });

  it.each([
    ['dry-run', 'Dry run: the file cannot be imported as it is (the problem below); an apply would change nothing.'],
    ['apply', 'Refused: the file cannot be imported as it is (the problem below), so nothing was changed.'],
  ] as const)('says that a %s of a file that cannot be imported as it is changes nothing, not what an apply would make', async (mode, said) => {
    const unusable = anImport({
      kind: 'aces',
      mode,
      fatal: true,
      fileName: 'pies.xml',
      counts: { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
      problems: [{ line: 1, ref: '', code: 'xml', message: "This is a PIES file, not ACES: choose PIES under 'The file holds'." }],
    });
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [unusable] },
      'GET /api/admin/catalogue/imports/i-1': { body: unusable },
      ...noActivity,
      ...noPartTypes,
    });
    renderPage();
    const report = await screen.findByTestId('import-report');
    // Before, a dry run of a PIES file sent as ACES said "These are the changes an apply would make" over five zeros.
    expect(within(report).getByRole('status')).toHaveTextContent(said);
    // The problem of the whole file names no record: "Line 1 · xml", not "Line 1 · · xml".
    expect(within(report).getByRole('listitem')).toHaveTextContent(/^Line 1 · xml: This is a PIES file/);
  });

  it('does not advise skipping the problems of a dry run when no other change is left', async () => {
    const allRejected = anImport({ kind: 'aces', fileName: 'aces.xml.gz', counts: { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 100_000 }, problemCount: 100_000 });
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [allRejected] },
      'GET /api/admin/catalogue/imports/i-1': { body: allRejected },
      ...noActivity,
      ...noPartTypes,
    });
    renderPage();
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByRole('status')).toHaveTextContent('An apply would be refused: 100,000 records have problems. Without them the file changes nothing. 100,000 problems.');
    // Only the first 10,000 are stored (decision 204): the report says so beside the CSV, as the CSV's last line does.
    expect(within(report).getByText(catalogueDataMessages.problemsNotListed(90_000))).toBeInTheDocument();
    expect(catalogueDataMessages.problemsNotListed(90_000)).toMatch(/^… and 90,000 more problems not listed: the first 10,000 are\./);
  });

  it('shows the report of the newest import: counts, the first problems and the CSV of them all, and the history', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [anImport(), anImport({ id: 'i-0', mode: 'apply', applied: true, fileName: 'pcdb.zip', kind: 'pcdb', problems: [], problemCount: 0 })] },
      'GET /api/admin/catalogue/imports/i-1': { body: anImport() },
      ...noActivity,
      ...noPartTypes,
    });
    renderPage();
    const report = await screen.findByTestId('import-report');
    // A dry run refusing problems, of a file with a rejected record: an apply would change nothing.
    expect(within(report).getByRole('status')).toHaveTextContent("An apply would be refused: 1 record has problems. Choose 'Skip what has problems' to apply the other 15 changes. 1 problem.");
    expect(within(report).getByText('would have been added')).toBeInTheDocument();
    expect(within(report).getByTestId('count-added')).toHaveTextContent('12');
    // The problems scroll: the keyboard reaches them.
    expect(within(report).getByRole('list', { name: 'Problems' })).toHaveAttribute('tabindex', '0');
    expect(within(report).getByText(/BaseVehicleID 100009 names make 42/)).toBeInTheDocument();
    expect(within(report).getByRole('link', { name: 'Download problems (CSV)' })).toHaveAttribute('href', '/api/admin/catalogue/imports/i-1/problems.csv');
    expect(within(report).queryByText(/not listed/)).not.toBeInTheDocument();
    const rows = screen.getAllByTestId('import-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('The latest 50 imports, newest first.')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByTestId('import-problems')).toHaveTextContent('1');
    expect(rows[0]).toHaveTextContent('12 would have been added');
    expect(rows[1]).toHaveTextContent('PCdb (part types and positions)');
    expect(rows[1]).toHaveTextContent('Apply');
  });

  it('wraps a long file name at its _, - and dots, in the history and the report, never by break-all, the whole name kept in the text', async () => {
    const long = anImport({ fileName: 'VCdb_FullDB-2026.zip' });
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [long] }, 'GET /api/admin/catalogue/imports/i-1': { body: long }, ...noActivity, ...noPartTypes });
    renderPage();
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByRole('heading', { level: 2 })).toHaveTextContent('Dry run of VCdb_FullDB-2026.zip');
    const [row] = screen.getAllByTestId('import-row');
    const file = within(row as HTMLElement).getByRole('cell', { name: 'VCdb_FullDB-2026.zip' });
    for (const name of [file, within(report).getByRole('heading', { level: 2 })].map((element) => element.querySelector('span')!)) {
      expect(name.innerHTML).toBe('VCdb_<wbr>FullDB-<wbr>2026<wbr>.zip');
      expect(name.closest('.break-all')).toBeNull();
    }
  });

  it('takes the focus to the report shown from the history, and keeps the shown row\'s button pressable', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [anImport(), anImport({ id: 'i-0', mode: 'apply', applied: true, fileName: 'pcdb.zip', kind: 'pcdb', problems: [], problemCount: 0 })] },
      'GET /api/admin/catalogue/imports/i-1': { body: anImport() },
      'GET /api/admin/catalogue/imports/i-0': { body: anImport({ id: 'i-0', mode: 'apply', applied: true, fileName: 'pcdb.zip', kind: 'pcdb', problems: [], problemCount: 0 }) },
      ...noActivity,
      ...noPartTypes,
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Dry run of vcdb.zip' });
    const [newest, older] = screen.getAllByTestId('import-row');
    if (!newest || !older) throw new Error('no rows');
    // Its name starts with the words it shows (WCAG 2.5.3), which say whether its report is the one shown.
    const shownButton = within(newest).getByRole('button', { name: /^Shown: the report of vcdb.zip/ });
    expect(shownButton).toHaveTextContent('Shown');
    expect(shownButton).toBeEnabled();
    expect(within(older).getByRole('button', { name: /^Show report of pcdb.zip/ })).toHaveTextContent('Show report');
    await user.click(within(older).getByRole('button', { name: /^Show report of pcdb.zip/ }));
    const heading = await screen.findByRole('heading', { name: /of pcdb.zip$/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(older).getByRole('button', { name: /^Shown: the report of pcdb.zip/ })).toBeEnabled();
  });

  it('shows older imports a page at a time, takes the focus to the first one added and says how many', async () => {
    const page = (from: number, count = CATALOGUE_IMPORTS_PAGE) =>
      fullPage(count, (n) => anImport({ id: `i-${n}`, fileName: `file-${n}.zip`, problems: [], problemCount: 0 }), from);
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: page(0) },
      'GET /api/admin/catalogue/imports?before=i-49': { body: page(50) },
      'GET /api/admin/catalogue/imports?before=i-99': { body: page(100, 3) },
      'GET /api/admin/catalogue/imports/i-0': { body: anImport({ id: 'i-0', fileName: 'file-0.zip' }) },
      ...noActivity,
      ...noPartTypes,
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Dry run of file-0.zip' });
    expect(screen.getAllByTestId('import-row')).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: catalogueDataMessages.showOlder }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(100));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Show report of file-50.zip/ })).toHaveFocus());
    expect(screen.getByText(catalogueDataMessages.olderShown(50))).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: catalogueDataMessages.showOlder }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(103));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Show report of file-100.zip/ })).toHaveFocus());
    expect(screen.getByText(`${catalogueDataMessages.olderShown(3)} ${catalogueDataMessages.noOlder}`)).toHaveAttribute('role', 'status');
    // The last page was short: there is no more to ask for.
    expect(screen.queryByRole('button', { name: catalogueDataMessages.showOlder })).toBeNull();
    expect(server.calls.filter((call) => call.path.includes('before=')).map((call) => call.path)).toEqual([
      '/api/admin/catalogue/imports?before=i-49',
      '/api/admin/catalogue/imports?before=i-99',
    ]);
  });

  it('offers no older imports after a full page that is the last: the page after it, asked for, is empty (decision 158)', async () => {
    const page = (from: number) => fullPage(CATALOGUE_IMPORTS_PAGE, (n) => anImport({ id: `i-${n}`, fileName: `file-${n}.zip`, problems: [], problemCount: 0 }), from);
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: page(0) },
      'GET /api/admin/catalogue/imports?before=i-49': { body: page(50) },
      'GET /api/admin/catalogue/imports?before=i-99': { body: [] },
      'GET /api/admin/catalogue/imports/i-0': { body: anImport({ id: 'i-0', fileName: 'file-0.zip' }) },
      ...noActivity,
      ...noPartTypes,
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Dry run of file-0.zip' });

    await user.click(await screen.findByRole('button', { name: catalogueDataMessages.showOlder }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(100));
    // The second page was full too, and the last: once the page after it answers empty, nothing more is offered.
    await waitFor(() => expect(screen.queryByRole('button', { name: catalogueDataMessages.showOlder })).toBeNull());
    expect(screen.getAllByTestId('import-row')).toHaveLength(100);
    // Each page asked for once: the one shown came from the cache that had asked whether to offer it.
    expect(server.calls.filter((call) => call.path.includes('before=')).map((call) => call.path)).toEqual([
      '/api/admin/catalogue/imports?before=i-49',
      '/api/admin/catalogue/imports?before=i-99',
    ]);
  });

  it('says what went wrong when the imports cannot be loaded', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { status: 500, body: { message: 'Database down' } }, ...noActivity, ...noPartTypes });
    renderPage();
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('maps part types to categories: a select per part type, one save of the rows changed', async () => {
    let rows = [
      { partTypeId: 59001, name: 'Brake Pad Set', category: 'brakes', parts: 12 },
      { partTypeId: 59014, name: 'Air Filter', category: null, parts: 3 },
    ];
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [] },
      ...noActivity,
      ...noPartTypes,
      [PART_TYPES]: () => ({ body: rows }),
      'PUT /api/admin/catalogue/part-type-categories': ({ body }) => {
        const { mappings } = body as { mappings: Array<{ partTypeId: number; category: string | null }> };
        rows = rows.map((row) => ({ ...row, category: mappings.find((mapping) => mapping.partTypeId === row.partTypeId)?.category ?? row.category }));
        return { body: rows };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('region', { name: 'Part type categories table' });
    expect(within(table).getAllByTestId('part-type-row')).toHaveLength(2);
    const air = within(table).getByRole('combobox', { name: 'Category of Air Filter' });
    expect(air).toHaveValue('');
    expect(within(table).getByRole('combobox', { name: 'Category of Brake Pad Set' })).toHaveValue('brakes');
    await user.selectOptions(air, 'Filters');
    await user.click(screen.getByRole('button', { name: 'Save part type categories' }));
    expect(await screen.findByText('Part type categories saved.')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ mappings: [{ partTypeId: 59014, category: 'filters' }] });
    expect(within(table).getByRole('combobox', { name: 'Category of Air Filter' })).toHaveValue('filters');
  });

  it('says there are no part types yet', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [] }, ...noActivity, ...noPartTypes });
    renderPage();
    expect(await screen.findByText(/No part types yet/)).toBeInTheDocument();
  });

  it('marks a warning in the report of an import applied with warnings', async () => {
    const warned = anImport({
      kind: 'pies',
      mode: 'apply',
      applied: true,
      counts: { added: 1, changed: 0, deleted: 0, unchanged: 0, rejected: 0 },
      problems: [{ line: 4, ref: 'PT-1', code: 'unmapped-part-type', message: 'New part PT-1 is added without a category.' }],
    });
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [warned] }, 'GET /api/admin/catalogue/imports/i-1': { body: warned }, ...noActivity, ...noPartTypes });
    renderPage();
    const report = await screen.findByTestId('import-report');
    expect(await within(report).findByText('Applied, with warnings.')).toBeInTheDocument();
    expect(within(report).getByRole('list', { name: 'Problems' })).toHaveTextContent('Warning · Line 4');
  });

  it('says once that nothing of a failed import was applied', async () => {
    for (const [error, said] of [
      [catalogueDataMessages.badGzip, 'Failed: The file starts as a gzip file but is not a whole one; nothing of it was applied.'],
      [catalogueDataMessages.interrupted, 'Failed: The import stopped before it finished (the shop was restarted); nothing of it was applied.'],
      ['Connection terminated unexpectedly', 'Failed: Connection terminated unexpectedly. Nothing of it was applied.'],
    ] as const) {
      const failed = anImport({ status: 'failed', error, problems: [], problemCount: 0 });
      stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [failed] }, 'GET /api/admin/catalogue/imports/i-1': { body: failed }, ...noActivity, ...noPartTypes });
      const { unmount } = renderPage();
      const report = await screen.findByTestId('import-report');
      expect(within(report).getAllByRole('status').map((status) => status.textContent)).toContain(`${said} No problems.`);
      unmount();
    }
  });

  it('labels the counts of a refused apply as changes that did not happen, and a dry run skipping problems as they would', async () => {
    const refused = anImport({ mode: 'apply' });
    const skipping = anImport({ id: 'i-2', onProblems: 'skip' });
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [refused, skipping] }, 'GET /api/admin/catalogue/imports/i-1': { body: refused }, 'GET /api/admin/catalogue/imports/i-2': { body: skipping }, ...noActivity, ...noPartTypes });
    const user = userEvent.setup();
    renderPage();
    const report = await screen.findByTestId('import-report');
    expect(await within(report).findByText(catalogueDataMessages.outcome.refused)).toBeInTheDocument();
    expect(within(report).getByText('would have been added')).toBeInTheDocument();
    expect(within(report).getByText('would have been changed')).toBeInTheDocument();
    const rows = screen.getAllByTestId('import-row');
    await user.click(within(rows[1] as HTMLElement).getByRole('button'));
    expect(await within(screen.getByTestId('import-report')).findByText(catalogueDataMessages.outcome.dryRun)).toBeInTheDocument();
    expect(within(screen.getByTestId('import-report')).getByText('added')).toBeInTheDocument();
  });

  it('clears "larger than 512 MB" once a file that is not is chosen', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [] }, ...noActivity, ...noPartTypes });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No imports yet: upload a file above.');
    const huge = new File(['x'], 'huge.xml');
    Object.defineProperty(huge, 'size', { value: 600 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('File'), huge);
    await user.click(screen.getByRole('button', { name: 'Upload for a dry run' }));
    expect(screen.getByText(catalogueDataMessages.tooLarge)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('File'), new File(['MakeID|MakeName\n'], 'Make.txt'));
    expect(screen.queryByText(catalogueDataMessages.tooLarge)).not.toBeInTheDocument();
  });
});
