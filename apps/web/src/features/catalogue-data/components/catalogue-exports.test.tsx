import { apiErrors, catalogueDataMessages } from '@autoparts/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { CatalogueExports } from './catalogue-exports';

/** The clicks on the page that reached the browser's default action (a download), by the link's href; none navigates here. */
function downloads(): string[] {
  const hrefs: string[] = [];
  const listener = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest('a');
    if (!event.defaultPrevented && anchor) hrefs.push(anchor.getAttribute('href') ?? '');
    event.preventDefault();
  };
  document.addEventListener('click', listener);
  onTestFinished(() => document.removeEventListener('click', listener));
  return hrefs;
}

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

  // A plain download link met a refusal (two exports being written: 503) as a failed download in
  // the browser's list, without the server's words (decision 158).
  it('says why an export is refused instead of starting a download that fails', async () => {
    const server = stubFetch({
      'HEAD /api/admin/catalogue/exports/aces': { status: 503 },
      'HEAD /api/admin/catalogue/exports/pies?since=2026-11-01': { status: 401 },
    });
    const started = downloads();
    render(<CatalogueExports />);
    await userEvent.click(screen.getByRole('link', { name: 'ACES 4.2 (applications)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(catalogueDataMessages.exportsBusy);

    await userEvent.type(screen.getByLabelText(/Changes since/), '2026-11-01');
    await userEvent.click(screen.getByRole('link', { name: 'PIES 7.2 (products)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiErrors.signInRequired);
    expect(started).toEqual([]);
    expect(server.paths()).toEqual(['HEAD /api/admin/catalogue/exports/aces', 'HEAD /api/admin/catalogue/exports/pies?since=2026-11-01']);
  });

  it('downloads an export the server would send, from its link', async () => {
    const server = stubFetch({ 'HEAD /api/admin/catalogue/exports/parts.csv': { status: 200 } });
    const started = downloads();
    render(<CatalogueExports />);
    await userEvent.click(screen.getByRole('link', { name: 'Parts (CSV)' }));
    await waitFor(() => expect(started).toEqual(['/api/admin/catalogue/exports/parts.csv']));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(server.paths()).toEqual(['HEAD /api/admin/catalogue/exports/parts.csv']);
  });
});
