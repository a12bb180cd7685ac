import { MY_ORDERS_PAGE_SIZE, type CompanyOrder } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { anOrder } from '../../../test/orders';
import { fullPage } from '../../../test/pages';
import { renderRoutes } from '../../../test/render-with-router';
import { CompanyOrders } from './company-orders';

/** A full page of the company's orders, numbered from `first`. */
const pageFrom = (first: number): CompanyOrder[] =>
  fullPage(
    MY_ORDERS_PAGE_SIZE,
    (n) => ({
      ...anOrder({ _id: `order-${n}`, orderNumber: String(100_000 + n), status: 'paid' }),
      placedBy: 'Bo Buyer (bo@example.com)',
      location: null,
      paymentMethod: 'card' as const,
      dueOn: null,
    }),
    first,
  );

const renderOrders = () => renderRoutes([{ path: '*', element: <CompanyOrders /> }]);
const PAGER = { name: 'The company’s orders pages' };

describe('The company’s orders (Company page)', () => {
  it('offers no next page after a full page that is the last: the next page is asked first', async () => {
    const server = stubFetch({
      'GET /api/company/orders?page=1': { body: pageFrom(1) },
      'GET /api/company/orders?page=2': { body: [] },
    });
    renderOrders();
    expect(await screen.findByRole('link', { name: 'Order 100001' })).toBeInTheDocument();
    await waitFor(() => expect(server.paths()).toContain('GET /api/company/orders?page=2'));
    // Nothing to page through: one page holds every order.
    await waitFor(() => expect(screen.queryByRole('navigation', PAGER)).not.toBeInTheDocument());
  });

  it('steps to the next page when it has orders, the keyboard at the list’s top, also when that page is the last', async () => {
    stubFetch({
      'GET /api/company/orders?page=1': { body: pageFrom(1) },
      'GET /api/company/orders?page=2': { body: pageFrom(21) },
      'GET /api/company/orders?page=3': { body: [] },
    });
    const user = userEvent.setup();
    renderOrders();
    const next = await within(await screen.findByRole('navigation', PAGER)).findByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(await screen.findByRole('link', { name: 'Order 100021' })).toBeInTheDocument();
    // Page 3 came back empty: Next is disabled; the keyboard is on the new page's list, not on it.
    await waitFor(() => expect(next).toBeDisabled());
    expect(screen.getByRole('list', { name: 'The company’s orders' })).toHaveFocus();
    expect(screen.getByRole('navigation', PAGER)).toHaveTextContent('Page 2');
  });
});
