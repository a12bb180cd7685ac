import { CERTIFICATES_PAGE_SIZE, certificateMessages, type AdminCertificate } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { fullPage } from '../../../test/pages';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as ManageCertificates } from './manage-certificates';

const pending: AdminCertificate = {
  id: 'rc-1',
  locationId: 'loc-1',
  state: 'IL',
  number: 'IL-RS-1001',
  expiresOn: '2027-06-30',
  status: 'unverified',
  documentName: 'certificate.pdf',
  uploadedAt: '2026-12-01T10:00:00.000Z',
  verifiedAt: null,
  version: 1,
  rejectedAt: null,
  rejectionReason: null,
  companyId: 'c-1',
  companyName: 'Fleetco',
  locationName: 'Springfield depot',
};

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/dashboard/certificates',
        element: (
          <>
            <ManageCertificates />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/certificates' },
  );
}

describe('Certificates (admins)', () => {
  it('offers no next page after a full page that is the last: the next page is asked first', async () => {
    const full = fullPage(CERTIFICATES_PAGE_SIZE, (n) => ({ ...pending, id: `rc-${n}`, locationName: `Depot ${n}` }));
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/certificates?page=1&status=unverified': { body: full },
      'GET /api/admin/certificates?page=2&status=unverified': { body: [] },
      ...noActivity,
    });
    renderPage();
    await screen.findByRole('article', { name: 'Fleetco — Depot 1, IL' });
    await waitFor(() => expect(server.paths()).toContain('GET /api/admin/certificates?page=2&status=unverified'));
    // Nothing to page through: one page holds every certificate awaiting verification.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Certificates pages' })).not.toBeInTheDocument());
  });

  it('lists the certificates awaiting verification, links each document and verifies one', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/certificates?page=1&status=unverified': { body: [pending] },
      'POST /api/admin/certificates/rc-1/verify': { body: { message: certificateMessages.verified('IL') } },
      ...noActivity,
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Fleetco — Springfield depot, IL' });
    expect(within(card).getByText('IL-RS-1001')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Document of Fleetco — Springfield depot, IL' })).toHaveAttribute('href', '/api/admin/certificates/rc-1/document');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Verify Fleetco — Springfield depot, IL' }));
    expect(await screen.findByText(certificateMessages.verified('IL'))).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST' && call.path === '/api/admin/certificates/rc-1/verify')?.body).toEqual({ version: 1 });
  });

  it('names each card’s link and buttons after its certificate', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/certificates?page=1&status=unverified': { body: [pending, { ...pending, id: 'rc-2', state: 'WI', number: 'WI-9' }] },
      ...noActivity,
    });
    renderPage();
    for (const card of ['Fleetco — Springfield depot, IL', 'Fleetco — Springfield depot, WI']) {
      expect(await screen.findByRole('button', { name: `Verify ${card}` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Reject… ${card}` })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: `Document of ${card}` })).toBeInTheDocument();
    }
  });

  it('says so when the certificate was uploaded again since the list was loaded, and shows the new upload', async () => {
    let uploads = 1;
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/certificates?page=1&status=unverified': () => ({
        body: [uploads === 1 ? pending : { ...pending, number: 'FAKE-999', expiresOn: '2099-12-31', version: 2, uploadedAt: '2026-12-05T10:00:00.000Z' }],
      }),
      'POST /api/admin/certificates/rc-1/verify': () => {
        uploads = 2; // the company uploaded another meanwhile
        return { status: 409, body: { message: certificateMessages.changed } };
      },
      ...noActivity,
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Fleetco — Springfield depot, IL' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Verify Fleetco — Springfield depot, IL' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(certificateMessages.changed);
    expect(await within(card).findByText('FAKE-999')).toBeInTheDocument();
    // Its days as the pages write them, not as the API sends them (decision 155).
    expect(within(card).getByText('Dec 31, 2099')).toBeInTheDocument();
    expect(within(card).getByText('Dec 5, 2026 (upload 2)')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ version: 1 }]);
  });

  it('rejects an upload with a reason, asked for before anything is sent', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/certificates?page=1&status=unverified': { body: [pending] },
      'POST /api/admin/certificates/rc-1/reject': { body: { message: certificateMessages.rejected('IL') } },
      ...noActivity,
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Fleetco — Springfield depot, IL' });
    await user.click(within(card).getByRole('button', { name: 'Reject… Fleetco — Springfield depot, IL' }));
    const why = within(card).getByLabelText('Why (e-mailed to the company’s owners)');
    expect(why).toHaveFocus();
    await user.click(within(card).getByRole('button', { name: 'Reject with this reason' }));
    expect(await within(card).findByText(certificateMessages.reasonRequired)).toBeInTheDocument();
    expect(why).toHaveFocus();
    await user.type(why, 'The document is unreadable.');
    await user.click(within(card).getByRole('button', { name: 'Reject with this reason' }));
    expect(await screen.findByText(certificateMessages.rejected('IL'))).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/admin/certificates/rc-1/reject')?.body).toEqual({ version: 1, reason: 'The document is unreadable.' });
  });

  it('says so when nothing awaits verification, and shows all on asking', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/certificates?page=1&status=unverified': { body: [] },
      'GET /api/admin/certificates?page=1': { body: [{ ...pending, status: 'verified', verifiedAt: '2026-12-02T09:00:00.000Z' }] },
      ...noActivity,
    });
    renderPage();
    expect(await screen.findByText('No certificate awaits verification.')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Show'), 'All');
    const card = await screen.findByRole('article', { name: 'Fleetco — Springfield depot, IL' });
    expect(within(card).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
  });
});
