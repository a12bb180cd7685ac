import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CatalogueExports } from './catalogue-exports';

describe('CatalogueExports', () => {
  it('links the whole catalogue, then what changed since the day chosen', async () => {
    render(<CatalogueExports />);
    expect(screen.getByRole('link', { name: 'ACES 4.2 (applications)' })).toHaveAttribute('href', '/api/admin/catalogue/exports/aces');
    expect(screen.getByRole('link', { name: 'PIES 7.2 (products)' })).toHaveAttribute('href', '/api/admin/catalogue/exports/pies');
    await userEvent.type(screen.getByLabelText(/Changes since/), '2026-11-01');
    expect(screen.getByRole('link', { name: 'ACES 4.2 (applications)' })).toHaveAttribute('href', '/api/admin/catalogue/exports/aces?since=2026-11-01');
    expect(screen.getByRole('link', { name: 'Parts (CSV)' })).toHaveAttribute('href', '/api/admin/catalogue/exports/parts.csv');
  });
});
