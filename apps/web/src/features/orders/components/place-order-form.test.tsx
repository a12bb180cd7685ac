import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, createStaticHandler, createStaticRouter, RouterProvider, StaticRouterProvider } from 'react-router';
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aPart } from '../../../test/orders';
import { createTestQueryClient } from '../../../test/render-with-router';
import { PlaceOrderForm } from './place-order-form';

// React is told that the test drives it through act(), as Testing Library's render does.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const part = { ...aPart(), price: 10, minOrderQuantity: 2, availableQuantity: 50 };
const me = { name: 'Ada', email: 'ada@example.com' };
const routes = [{ path: '/', element: <PlaceOrderForm part={part} me={me} /> }];

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The form as the server renders it. */
async function serverHtml() {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('redirect');
  return renderToString(
    <QueryClientProvider client={createTestQueryClient()}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
}

describe('the Place Order form, typed in before the app hydrated it', () => {
  it('keeps it, checks it and totals it', async () => {
    const page = document.createElement('div');
    page.innerHTML = await serverHtml();
    document.body.append(page);
    const form = within(page);
    expect(form.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    form.getByLabelText<HTMLInputElement>('Address').value = '1 Main Street';
    form.getByLabelText<HTMLInputElement>('Order Quantity').value = '3';
    await act(async () => {
      root = hydrateRoot(
        page,
        <QueryClientProvider client={createTestQueryClient()}>
          <RouterProvider router={createMemoryRouter(routes)} />
        </QueryClientProvider>,
      );
    });
    await waitFor(() => expect(form.getByText('Total: $30.00')).toBeInTheDocument());
    expect(form.getByLabelText('Address')).toHaveValue('1 Main Street');
    expect(form.getByLabelText('Order Quantity')).toHaveValue(3);
    expect(form.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });
});
