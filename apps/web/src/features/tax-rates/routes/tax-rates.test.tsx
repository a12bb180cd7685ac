import { shippingMessages, shippingNotices, type TaxRate } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as TaxRatesPage } from './tax-rates';
import { expectCheckedWhenSent } from '../../../test/forms';

const LIST = 'GET /api/admin/tax-rates';
const illinois: TaxRate = { id: 't-1', country: 'US', region: 'IL', ratePercent: 6.25, appliesToShipping: false };

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/dashboard/tax-rates',
        element: (
          <>
            <TaxRatesPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/tax-rates' },
  );
}

describe('Tax Rates', () => {
  it('lists each place with its rate and whether shipping is taxed', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [{ id: 't-0', country: 'DE', region: null, ratePercent: 19, appliesToShipping: true }, illinois] },
      ...noActivity,
    });
    renderPage();
    const germany = within(await screen.findByRole('article', { name: 'DE (whole country)' }));
    expect(germany.getByText('19 %')).toBeInTheDocument();
    expect(germany.getByText('Shipping is taxed too')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'US-IL' })).getByText('6.25 %')).toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [] }, ...noActivity });
    renderPage();
    expect(await screen.findByText('No tax rates yet: checkout charges no tax.')).toBeInTheDocument();
  });

  it('checks the form when sent, not on leaving a field (decision 085, amended)', async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [] }, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add a tax rate' }));
    await user.clear(form.getByLabelText('Country'));
    await expectCheckedWhenSent(user, form.getByLabelText('Country'), 'XY', form.getByRole('button', { name: 'Add rate' }), shippingMessages.countryUnknown('XY'));
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('names each card’s buttons after its place, and Escape closes the edit form with the focus back on its Edit', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [LIST]: { body: [{ id: 't-0', country: 'DE', region: null, ratePercent: 19, appliesToShipping: true }, illinois] }, ...noActivity });
    const user = userEvent.setup();
    renderPage();
    const edit = await screen.findByRole('button', { name: 'Edit US-IL' });
    for (const name of ['Delete US-IL', 'Edit DE (whole country)', 'Delete DE (whole country)']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.click(edit);
    expect(within(screen.getByRole('form', { name: 'Edit the rate for US-IL' })).getByLabelText('Country')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit the rate for US-IL' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add a tax rate' })).toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('edits a rate in the form below the list, expecting the rate it loaded, and shows a place taken at the region', async () => {
    const taken = shippingMessages.rateTaken('US-IL');
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [LIST]: { body: [illinois] },
      'PUT /api/admin/tax-rates/t-1': ({ body }) => {
        const { expected: _expected, ...rate } = body as TaxRate & { expected: unknown };
        return { body: { ...rate, id: 't-1' } };
      },
      'POST /api/admin/tax-rates': { status: 409, body: { message: taken } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'US-IL' })).getByRole('button', { name: 'Edit US-IL' }));
    const edit = within(screen.getByRole('form', { name: 'Edit the rate for US-IL' }));
    expect(edit.getByLabelText('Country')).toHaveFocus();
    await user.clear(edit.getByLabelText('Rate (%)'));
    await user.type(edit.getByLabelText('Rate (%)'), '6,5');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(shippingNotices.rateSaved('US-IL'))).toBeInTheDocument();
    // With the rate as the form loaded it: one someone else saved meanwhile is refused (decision 202).
    const { id: _id, ...loaded } = illinois;
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ country: 'US', region: 'IL', ratePercent: 6.5, appliesToShipping: false, expected: loaded });
    // Back on the card just edited, for the keyboard.
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'US-IL' })).getByRole('button', { name: 'Edit US-IL' })).toHaveFocus());

    const add = within(await screen.findByRole('form', { name: 'Add a tax rate' }));
    await user.type(add.getByLabelText('Region'), 'il');
    await user.type(add.getByLabelText('Rate (%)'), '7');
    await user.click(add.getByRole('button', { name: 'Add rate' }));
    expect(await add.findByText(taken)).toBeInTheDocument();
    expect(add.getByLabelText('Region')).toHaveAttribute('aria-invalid', 'true');
  });
});
