import { AUDIT_PAGE_SIZE, auditMessages } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAuditEntry } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { fullPage } from '../../../test/pages';
import { renderRoutes } from '../../../test/render-with-router';
import { auditSearch } from '../api/get-audit-log';
import { Component as AuditLogPage } from './audit-log';

const ACTORS = 'GET /api/admin/audit/actors';
const FIRST = 'GET /api/admin/audit?limit=25';
const shipped = anAuditEntry({
  _id: 'e2',
  action: 'order.ship',
  sentence: 'shipped 22 of 32 × Vented Brake Rotor (BRK-2001) of order 100042 (jane@example.com) by UPS 1Z 999 AA1 01 2345 6784',
});

function renderAuditLog(path = '/dashboard/audit') {
  return renderRoutes([{ path: '/dashboard/audit', element: <AuditLogPage /> }], { path });
}

describe('Audit log', () => {
  it('offers no older entries after a full page that is the last: the next page is asked first', async () => {
    const full = fullPage(AUDIT_PAGE_SIZE, (n) => anAuditEntry({ _id: `e${n}` }), 0);
    const server = stubFetch({ [ACTORS]: { body: [] }, [FIRST]: { body: full }, 'GET /api/admin/audit?limit=25&page=2': { body: [] } });
    renderAuditLog();
    await screen.findAllByRole('listitem');
    await waitFor(() => expect(server.paths()).toContain('GET /api/admin/audit?limit=25&page=2'));
    // Nothing to page through: one page holds the whole log.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Audit log pages' })).not.toBeInTheDocument());
  });

  it('lists the entries in words, and filters by admin, action and search through the address', async () => {
    const server = stubFetch({
      [ACTORS]: { body: ['boss@example.com', 'sam@example.com'] },
      [FIRST]: { body: [shipped, anAuditEntry()] },
      'GET /api/admin/audit?limit=25&actor=sam%40example.com': { body: [] },
      'GET /api/admin/audit?limit=25&actor=sam%40example.com&action=order.ship': { body: [] },
      'GET /api/admin/audit?limit=25&actor=sam%40example.com&action=order.ship&q=100042': { body: [shipped] },
    });
    const user = userEvent.setup();
    const { router } = renderAuditLog();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      `boss@example.com ${shipped.sentence}`,
      'boss@example.com made jane@example.com an admin',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Audit log pages' })).not.toBeInTheDocument();

    const filters = within(screen.getByRole('search', { name: 'Filter the audit log' }));
    await within(filters.getByLabelText('Admin')).findByRole('option', { name: 'sam@example.com' });
    await user.selectOptions(filters.getByLabelText('Admin'), 'sam@example.com');
    // Shown under the filters, and said in the status (decision 227).
    expect(await screen.findByText(auditMessages.noMatch, { ignore: '.sr-only' })).toBeVisible();
    await user.selectOptions(filters.getByLabelText('Action'), 'Order shipped (a parcel)');
    await user.type(filters.getByLabelText('Order number, part number or e-mail'), '100042{Enter}');
    expect(await screen.findByText(new RegExp('shipped 22 of 32'))).toBeInTheDocument();
    expect(router.state.location.search).toBe('?actor=sam%40example.com&action=order.ship&q=100042');
    expect(server.paths()).toContain('GET /api/admin/audit?limit=25&actor=sam%40example.com&action=order.ship&q=100042');
  });

  // Decision 227: a filter changed the list without a word for a screen reader. A polite status says
  // how many entries match once the list has followed the change; nothing is said on the first load.
  it('says how many entries match after a filter change, in a polite status, and nothing on the first load', async () => {
    stubFetch({
      [ACTORS]: { body: ['boss@example.com', 'sam@example.com'] },
      [FIRST]: { body: [shipped, anAuditEntry()] },
      'GET /api/admin/audit?limit=25&actor=sam%40example.com': { body: [] },
      'GET /api/admin/audit?limit=25&actor=boss%40example.com': { body: [shipped, anAuditEntry()] },
      'GET /api/admin/audit?limit=25&actor=boss%40example.com&action=order.ship': { body: [shipped] },
    });
    const user = userEvent.setup();
    renderAuditLog();
    await screen.findAllByRole('listitem');
    const status = () => screen.getAllByRole('status').map((region) => region.textContent);
    expect(status()).toEqual(['']);

    const filters = within(screen.getByRole('search', { name: 'Filter the audit log' }));
    await within(filters.getByLabelText('Admin')).findByRole('option', { name: 'sam@example.com' });
    await user.selectOptions(filters.getByLabelText('Admin'), 'sam@example.com');
    await waitFor(() => expect(status()).toEqual([auditMessages.noMatch]));
    await user.selectOptions(filters.getByLabelText('Admin'), 'boss@example.com');
    await waitFor(() => expect(status()).toEqual([auditMessages.count(2, true)]));
    expect(auditMessages.count(2, true)).toBe('2 entries');
    await user.selectOptions(filters.getByLabelText('Action'), 'Order shipped (a parcel)');
    await waitFor(() => expect(status()).toEqual(['1 entry']));
    expect(screen.getByText('1 entry')).toHaveClass('sr-only');
  });

  it('searches by itself after a pause in typing, replacing the address rather than adding to Back', async () => {
    stubFetch({ [ACTORS]: { body: [] }, [FIRST]: { body: [anAuditEntry()] }, 'GET /api/admin/audit?limit=25&q=100042': { body: [shipped] } });
    const user = userEvent.setup();
    const { router } = renderAuditLog();
    await screen.findAllByRole('listitem');
    await user.type(screen.getByLabelText('Order number, part number or e-mail'), '100042');
    expect(await screen.findByText(new RegExp('shipped 22 of 32'))).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=100042');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('pages on while a page comes full', async () => {
    const full = fullPage(AUDIT_PAGE_SIZE, (n) => anAuditEntry({ _id: `e${n}` }), 0);
    stubFetch({ [ACTORS]: { body: [] }, [FIRST]: { body: full }, 'GET /api/admin/audit?limit=25&page=2': { body: [shipped] } });
    const user = userEvent.setup();
    renderAuditLog();
    const pager = await screen.findByRole('navigation', { name: 'Audit log pages' });
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    expect(await screen.findByText(new RegExp('shipped 22 of 32'))).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('refuses a “to” date before the “from” date without asking the server', async () => {
    const server = stubFetch({ [ACTORS]: { body: [] } });
    renderAuditLog('/dashboard/audit?from=2026-12-02&to=2026-12-01');
    expect(await screen.findByText(auditMessages.dateRange)).toBeInTheDocument();
    expect(server.paths().filter((path) => path.startsWith('GET /api/admin/audit?'))).toEqual([]);
  });

  it('says so when the log cannot be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({ [ACTORS]: { body: [] }, [FIRST]: () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: [] }) });
    const user = userEvent.setup();
    renderAuditLog();
    expect(await screen.findByText('We could not load the audit log right now.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });

  it('asks for the admin’s days as the instants that start and end them', () => {
    const search = new URLSearchParams(auditSearch({ limit: 25, from: '2026-12-01', to: '2026-12-01' }));
    expect(Date.parse(search.get('to')!) - Date.parse(search.get('from')!)).toBe(24 * 60 * 60 * 1000);
    expect(new Date(search.get('from')!).getHours()).toBe(0);
  });
});
