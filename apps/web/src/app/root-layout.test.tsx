import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderRoutes } from '../test/render-with-router';
import { aCustomer, aTokenReply, signedOutReply } from '../test/users';
import { RootLayout } from './root-layout';

function renderShell() {
  return renderRoutes([{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>Home</p> }] }]);
}

describe('Root layout header', () => {
  // ScrollRestoration scrolls; jsdom has no layout to scroll.
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('shows neither Login nor the account while the session loads', async () => {
    stubFetch({ 'GET /api/me': () => new Promise(() => {}) });
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows Login to a signed-out visitor', async () => {
    stubFetch({ 'GET /api/me': signedOutReply });
    renderShell();
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows Dashboard, Sign Out and the name to a signed-in user', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      // The shell fetches the signed-in user's first token, and the cart for the header's count.
      'PUT /api/user/jane%40example.com': { body: aTokenReply() },
      'GET /api/cart': { body: { lines: [], subtotal: 0, count: 0 } },
    });
    renderShell();
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});

describe('Root layout, moving between pages', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('says the new page’s title to a screen reader once a link has opened it, and nothing on the first page', async () => {
    stubFetch({ 'GET /api/me': signedOutReply });
    const user = userEvent.setup();
    renderRoutes([
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { index: true, element: <><title>Home — Shop</title><h1>Home</h1></> },
          { path: 'blogs', element: <><title>Blogs — Shop</title><h1>Blogs</h1></> },
        ],
      },
    ]);
    const region = document.querySelector('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'assertive');
    expect(region).toHaveTextContent('');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Blogs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument();
    await waitFor(() => expect(region).toHaveTextContent('Blogs — Shop'));
  });
});
