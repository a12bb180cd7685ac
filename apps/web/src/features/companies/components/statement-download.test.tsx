import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { CompanyAccount } from './company-account';

describe('A month’s statement on the Company page (decision 223)', () => {
  it('downloads as a PDF and as CSV, each link naming its month and format, saved under the company’s name', async () => {
    stubFetch({ 'GET /api/company/ledger': { body: [] } });
    renderRoutes([{ path: '*', element: <CompanyAccount companyName="Zoë Parts Co" /> }]);
    fireEvent.change(screen.getByLabelText('Statement month'), { target: { value: '2026-11' } });

    const pdf = screen.getByRole('link', { name: 'Download the statement for November 2026 (PDF)' });
    const csv = screen.getByRole('link', { name: 'Download the statement for November 2026 (CSV)' });
    expect(pdf).toHaveAttribute('href', '/api/company/statements/2026-11.pdf');
    expect(pdf).toHaveAttribute('download', 'statement-Zoë-Parts-Co-2026-11.pdf');
    expect(csv).toHaveAttribute('href', '/api/company/statements/2026-11.csv');
    expect(csv).toHaveAttribute('download', 'statement-Zoë-Parts-Co-2026-11.csv');
    expect(csv).toHaveTextContent('Download statement (CSV)');
    expect(await screen.findByText(/No invoices, payments or credit notes yet/)).toBeInTheDocument();
  });

  it('offers neither file for a month not begun', () => {
    stubFetch({ 'GET /api/company/ledger': { body: [] } });
    renderRoutes([{ path: '*', element: <CompanyAccount companyName="Zoë Parts Co" /> }]);
    fireEvent.change(screen.getByLabelText('Statement month'), { target: { value: '2999-01' } });
    expect(screen.queryByRole('link', { name: /Download the statement/ })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a month up to this one.')).toBeInTheDocument();
  });
});
