import { certificateMessages, type AdminCertificate } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
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
    expect(within(card).getByRole('link', { name: 'Document' })).toHaveAttribute('href', '/api/admin/certificates/rc-1/document');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(certificateMessages.verified('IL'))).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST' && call.path === '/api/admin/certificates/rc-1/verify')).toBe(true);
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
    expect(within(card).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });
});
