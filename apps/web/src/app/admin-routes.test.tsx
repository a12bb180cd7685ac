import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin, RequireAuth } from '../features/auth';
import { setAccessToken } from '../lib/access-token';
import { noActivity } from '../test/admin';
import { stubFetch } from '../test/fetch-stub';
import { renderRoutes } from '../test/render-with-router';
import { aCustomer, anAdmin, aTokenReply, signedOutReply } from '../test/users';
import { routes } from './router';

function guardsOf(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const elementTypes = matches.map((match) => (match.route.element as { type?: unknown } | undefined)?.type);
  return {
    page: matches.at(-1)?.route,
    signedIn: elementTypes.includes(RequireAuth),
    admin: elementTypes.includes(RequireAdmin),
  };
}

function storeToken(email: string) {
  setAccessToken({ token: 'token-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email });
}

describe('the review and admin routes', () => {
  beforeEach(() => {
    // ScrollRestoration scrolls; jsdom has no layout to scroll.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    // The pages load on demand, so the memory router has nothing to show before the first one.
    const warn = console.warn;
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('HydrateFallback')) warn(...args);
    });
    return () => spy.mockRestore();
  });

  it('serves the review form to any signed-in user, on demand', () => {
    const { page, signedIn, admin } = guardsOf('/dashboard/review');
    expect(page?.path).toBe('/dashboard/review');
    expect(page?.lazy).toBeTypeOf('function');
    expect(signedIn).toBe(true);
    expect(admin).toBe(false);
  });

  it.each(['/dashboard/orders', '/dashboard/addaproduct', '/dashboard/makeadmin', '/dashboard/manageproducts', '/dashboard/operations', '/dashboard/shipping-methods', '/dashboard/tax-rates', '/dashboard/manage-returns', '/dashboard/audit', '/dashboard/catalogue-data', '/dashboard/price-lists'])(
    'serves %s to admins only, on demand',
    (path) => {
      const { page, signedIn, admin } = guardsOf(path);
      expect(page?.path).toBe(path);
      expect(page?.lazy).toBeTypeOf('function');
      expect(signedIn).toBe(true);
      expect(admin).toBe(true);
    },
  );

  /** The header's count asks for the signed-in user's cart. */
  const emptyCart = { body: { lines: [], subtotal: 0, count: 0 } };

  it('signs a customer out and sends them to /login from an admin page', async () => {
    storeToken('jane@example.com');
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/admin/jane%40example.com': { body: { admin: false } },
      'POST /api/auth/sign-out': { body: { success: true } },
      // Between the token's removal and the session's, the shell may ask for a new token; the
      // ended session refuses it.
      'PUT /api/user/jane%40example.com': signedOutReply,
      'GET /api/config': { body: { googleSignIn: false, payments: 'test' } },
      'GET /api/cart': emptyCart,
    });
    const { router } = renderRoutes(routes, { path: '/dashboard/makeadmin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: /login/i })).toBeInTheDocument();
    expect(server.paths()).toContain('POST /api/auth/sign-out');
    expect(server.paths()).not.toContain('GET /api/users?page=1');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows an admin the page once the server says they are one', async () => {
    storeToken('boss@example.com');
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/boss%40example.com': { body: { admin: true } },
      'GET /api/users?page=1': { body: [{ email: 'boss@example.com', name: 'Big Boss', role: 'admin' }] },
      ...noActivity,
      'GET /api/cart': emptyCart,
    });
    renderRoutes(routes, { path: '/dashboard/makeadmin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Make Admin' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make Admin' })).toHaveAttribute('aria-current', 'page');
  });

  it('takes an admin who stops being one themself to My Profile, signed in: no sign-out, as the confirmation said', async () => {
    storeToken('boss@example.com');
    let admin = true;
    let signedOut = false;
    const users = () => [
      { email: 'boss@example.com', name: 'Big Boss', role: admin ? 'admin' : 'customer' },
      { email: 'sam@example.com', name: 'Sam', role: 'admin' },
    ];
    const server = stubFetch({
      'GET /api/me': () => ({ body: signedOut ? null : admin ? anAdmin() : anAdmin({ role: 'customer' }) }),
      'GET /api/admin/boss%40example.com': () => ({ body: { admin } }),
      'GET /api/users?page=1': () => ({ body: users() }),
      'DELETE /api/user/admin/boss%40example.com': () => {
        admin = false;
        return { body: { modifiedCount: 1 } };
      },
      'POST /api/auth/sign-out': () => {
        signedOut = true;
        return { body: { success: true } };
      },
      'PUT /api/user/boss%40example.com': () => (signedOut ? signedOutReply : { body: aTokenReply('token-2') }),
      'GET /api/config': { body: { googleSignIn: false, payments: 'test' } },
      ...noActivity,
      'GET /api/cart': emptyCart,
    });
    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/makeadmin' });
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(within(table).getByRole('row', { name: /boss@example.com/ })).getByRole('button', { name: 'Remove admin boss@example.com' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Make Admin' })).not.toBeInTheDocument();
    expect(server.paths()).not.toContain('POST /api/auth/sign-out');
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });
});
