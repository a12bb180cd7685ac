import { paymentMessages, type OpenInvoice } from '@autoparts/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { leaveTo } from '../../../lib/location';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { CompanyInvoices } from './company-invoices';

vi.mock('../../../lib/location', () => ({ leaveTo: vi.fn() }));

const invoice: OpenInvoice = {
  number: 'INV-000007',
  orderNumber: '100007',
  issuedAt: '2026-12-01T10:00:00.000Z',
  dueOn: '2026-12-31',
  total: 40,
  open: 40,
  overdue: false,
};

describe('The company’s open invoices paid with Stripe', () => {
  // Regression (was a bug): the second press of a double click came before the button was drawn
  // busy and asked for a second Checkout Session.
  it('asks for one Stripe page when the button is pressed twice at once', async () => {
    const server = stubFetch({
      'GET /api/config': { body: { googleSignIn: false, payments: 'stripe' } },
      'GET /api/company/invoices': { body: [invoice] },
      'POST /api/company/invoices/checkout': { body: { url: 'https://checkout.stripe.test/c/pay/cs_1' } },
    });
    renderRoutes([{ path: '*', element: <CompanyInvoices /> }]);
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: /INV-000007/ }));
    const pay = await screen.findByRole('button', { name: 'Pay $40.00 with Stripe' });

    act(() => {
      fireEvent.click(pay);
      fireEvent.click(pay);
    });

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(server.paths().filter((path) => path === 'POST /api/company/invoices/checkout')).toHaveLength(1);
  });

  it('keeps the focus on the button pressed by keyboard while Stripe is asked, and there with the refusal', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    const server = stubFetch({
      'GET /api/config': { body: { googleSignIn: false, payments: 'stripe' } },
      'GET /api/company/invoices': { body: [invoice] },
      'POST /api/company/invoices/checkout': () => new Promise((resolve) => (answer = resolve)),
    });
    renderRoutes([{ path: '*', element: <CompanyInvoices /> }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /INV-000007/ }));
    const pay = await screen.findByRole('button', { name: 'Pay $40.00 with Stripe' });
    pay.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.paths()).toContain('POST /api/company/invoices/checkout'));
    // Busy, not disabled: Chromium drops the focus of a button that becomes disabled (decision 044).
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'true'));
    expect(pay).toBeEnabled();
    await user.keyboard('{Enter}');
    expect(server.paths().filter((path) => path === 'POST /api/company/invoices/checkout')).toHaveLength(1);
    answer({ status: 503, body: { message: paymentMessages.stripeUnavailable } });
    expect(await screen.findByRole('alert')).toHaveTextContent(paymentMessages.stripeUnavailable);
    expect(pay).toHaveFocus();
    expect(pay).not.toHaveAttribute('aria-disabled');
  });
});
