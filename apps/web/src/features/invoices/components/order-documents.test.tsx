import { apiErrors, invoiceMessages, paths } from '@autoparts/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../../auth';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, signedOutReply } from '../../../test/users';
import { OrderDocuments } from './order-documents';

describe('OrderDocuments', () => {
  it('links the invoice and each credit note as PDFs, named for screen readers', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <OrderDocuments
            order={anOrder({
              _id: 'order-7',
              orderNumber: '100007',
              invoiceNumber: 'INV-000012',
              creditNotes: [{ number: 'CN-000003', amount: 12.5, issuedAt: '2026-11-20T10:00:00.000Z' }],
            })}
          />
        ),
      },
    ]);
    const invoice = screen.getByRole('link', { name: 'Download invoice INV-000012 (PDF), order 100007' });
    expect(invoice).toHaveAttribute('href', '/api/order/order-7/invoice.pdf');
    expect(invoice).toHaveAttribute('download', 'INV-000012.pdf');
    const note = screen.getByRole('link', { name: 'Download credit note CN-000003 (PDF), order 100007' });
    expect(note).toHaveAttribute('href', '/api/order/order-7/credit-notes/CN-000003.pdf');
  });

  it('shows nothing for an order without documents (unpaid)', () => {
    const { container } = render(<OrderDocuments order={anOrder()} />);
    expect(container).toBeEmptyDOMElement();
  });

  describe('a download that fails says why beside its link (a plain link’s 401 or 404 was dropped without a word)', () => {
    const order = anOrder({ _id: 'order-7', orderNumber: '100007', invoiceNumber: 'INV-000012' });
    const invoicePath = 'GET /api/order/order-7/invoice.pdf';
    const page = '/dashboard/orders/100007';

    function renderDocuments() {
      return renderRoutes(
        [
          { element: <RequireAuth />, children: [{ path: page, element: <OrderDocuments order={order} /> }] },
          { path: paths.login, element: <h1>Login</h1> },
        ],
        { path: page },
      );
    }

    it('in the server’s words, the focus kept on the link to try again', async () => {
      stubFetch({ 'GET /api/me': { body: aCustomer() }, [invoicePath]: { status: 404, body: { message: apiErrors.orderNotFound } } });
      renderDocuments();
      const link = await screen.findByRole('link', { name: 'Download invoice INV-000012 (PDF), order 100007' });

      await userEvent.click(link);

      expect(await screen.findByRole('alert')).toHaveTextContent(apiErrors.orderNotFound);
      expect(link).toHaveFocus();
    });

    it('in its own words when the shop fails or cannot be reached', async () => {
      stubFetch({ 'GET /api/me': { body: aCustomer() }, [invoicePath]: { status: 500, body: { message: 'Internal Server Error' } } });
      renderDocuments();

      await userEvent.click(await screen.findByRole('link', { name: /Download invoice INV-000012/ }));

      expect(await screen.findByRole('alert')).toHaveTextContent(invoiceMessages.downloadFailed);
    });

    it('signed out meanwhile: the page’s guard sends the customer to sign in, and back here after', async () => {
      let signedIn = true;
      stubFetch({
        'GET /api/me': () => (signedIn ? { body: aCustomer() } : signedOutReply),
        [invoicePath]: () => {
          signedIn = false;
          return signedOutReply;
        },
      });
      const { router } = renderDocuments();

      await userEvent.click(await screen.findByRole('link', { name: /Download invoice INV-000012/ }));

      await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
      expect(router.state.location.state).toEqual({ from: page });
    });
  });
});
