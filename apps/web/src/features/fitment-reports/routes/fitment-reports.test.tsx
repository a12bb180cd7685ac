import { partPromiseMessages, type FitmentReport } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as FitmentReportsPage } from './fitment-reports';

const LIST = 'GET /api/admin/fitment-reports';
const aReport = (overrides: Partial<FitmentReport> = {}): FitmentReport => ({
  id: 'r-1',
  status: 'open',
  part: { _id: 'p-1', partNumber: 'ALT-100', name: 'Reman alternator' },
  vehicle: { _id: 'v-1', year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L' },
  note: 'The pulley sits 5 mm too far out.',
  return: { id: 'ret-1', rmaNumber: 'RMA-000017' },
  fitmentListed: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  ...overrides,
});

function renderPage() {
  return renderRoutes(
    [{ path: '/dashboard/fitment-reports', element: (<><FitmentReportsPage /><Toaster /></>) }],
    { path: '/dashboard/fitment-reports' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Fitment reports', () => {
  it('shows each report with its part, vehicle, note and RMA, and dismisses an open one', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: { reports: [aReport(), aReport({ id: 'r-2', status: 'dismissed', resolvedAt: '2026-11-21T10:00:00.000Z', return: null, note: '' })] } },
      'POST /api/admin/fitment-reports/r-1/dismiss': { body: { acknowledged: true } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    const [open, closed] = await screen.findAllByTestId('fitment-report');
    expect(open).toHaveTextContent('2016 Toyota Corolla 1.8L');
    expect(open).toHaveTextContent('The pulley sits 5 mm too far out.');
    expect(open).toHaveTextContent('RMA-000017');
    expect(within(closed!).queryByRole('button')).toBeNull();
    await user.click(within(open!).getByRole('button', { name: 'Dismiss the report on ALT-100' }));
    expect(await screen.findByText(partPromiseMessages.reportDismissed('ALT-100'))).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST' && call.path === '/api/admin/fitment-reports/r-1/dismiss')).toBe(true);
  });

  it('removes the fitment only once the admin confirms', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: { reports: [aReport()] } },
      'POST /api/admin/fitment-reports/r-1/remove-fitment': { body: { acknowledged: true } },
      ...noActivity,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Remove fitment: ALT-100 on the 2016 Toyota Corolla 1.8L' });
    await user.click(button);
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(button);
    expect(confirm).toHaveBeenCalledWith(partPromiseMessages.confirmRemoveFitment('ALT-100', '2016 Toyota Corolla 1.8L'));
    expect(await screen.findByText(partPromiseMessages.fitmentRemoved('ALT-100', '2016 Toyota Corolla 1.8L'))).toBeInTheDocument();
  });

  it('keeps the keyboard on the report decided: its heading takes the focus once its buttons are gone', async () => {
    let dismissed = false;
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: () => ({ body: { reports: [dismissed ? aReport({ status: 'dismissed', resolvedAt: '2026-11-21T10:00:00.000Z' }) : aReport()] } }),
      'POST /api/admin/fitment-reports/r-1/dismiss': () => {
        dismissed = true;
        return { body: { acknowledged: true } };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Dismiss the report on ALT-100' });
    button.focus();
    await user.keyboard('{Enter}');
    const heading = screen.getByRole('heading', { name: 'ALT-100 Reman alternator' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Dismiss the report on ALT-100' })).toBeNull();
  });

  it('says so when there are no reports', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: { reports: [] } }, ...noActivity });
    renderPage();
    expect(await screen.findByText(/No fitment reports/)).toBeInTheDocument();
  });
});
