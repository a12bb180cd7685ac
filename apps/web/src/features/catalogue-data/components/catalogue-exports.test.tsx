import { catalogueDataMessages } from '@autoparts/shared';
import { fireEvent, render, screen } from '@testing-library/react';
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

  it('says "Not a date" for a day the browser cannot read, and offers no link to the whole catalogue meanwhile', async () => {
    render(<CatalogueExports />);
    const field = screen.getByLabelText<HTMLInputElement>(/Changes since/);
    // 02/31/2026 typed into a date input: the browser keeps the value empty and flags the input.
    Object.defineProperty(field, 'validity', { configurable: true, value: { ...field.validity, badInput: true, valid: false } });
    fireEvent.keyUp(field, { key: '6' });
    expect(screen.getByText(catalogueDataMessages.notADate)).toBeInTheDocument();
    for (const name of ['ACES 4.2 (applications)', 'PIES 7.2 (products)']) {
      const link = screen.getByText(name);
      expect(link).not.toHaveAttribute('href');
      expect(link).toHaveAttribute('aria-disabled', 'true');
    }
    expect(screen.getByRole('link', { name: 'Parts (CSV)' })).toHaveAttribute('href', '/api/admin/catalogue/exports/parts.csv');
    Object.defineProperty(field, 'validity', { configurable: true, value: { ...field.validity, badInput: false, valid: true } });
    await userEvent.type(field, '2026-11-01');
    expect(screen.queryByText(catalogueDataMessages.notADate)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ACES 4.2 (applications)' })).toHaveAttribute('href', '/api/admin/catalogue/exports/aces?since=2026-11-01');
  });
});
