import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/access-token';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, anAdmin } from '../../../test/users';
import { Component as LoginPage } from '../routes/login';
import { RequireAdmin } from './require-admin';

function renderAdminPage() {
  return renderRoutes(
    [
      { element: <RequireAdmin />, children: [{ path: '/dashboard/makeadmin', element: <p>Make Admin page</p> }] },
      // The real login page: it sends a signed-in visitor on, which a sign-out must not trigger.
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { path: '/dashboard/makeadmin' },
  );
}

function storeToken(email: string) {
  setAccessToken({ token: 'token-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email });
}

/**
 * A non-admin customer signed in, on a stub server that, like the real one, knows nobody once the
 * session has ended; `signInAgain` starts a new session.
 */
function customerServer() {
  storeToken('jane@example.com');
  let signedIn = true;
  const server = stubFetch({
    'GET /api/me': () => (signedIn ? { body: aCustomer() } : { status: 401 }),
    'GET /api/admin/jane%40example.com': { body: { admin: false } },
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return { body: { success: true } };
    },
    'GET /api/config': { body: { googleSignIn: false } },
  });
  return { server, signInAgain: () => void (signedIn = true) };
}

describe('RequireAdmin', () => {
  it('asks the server with the bearer token and shows the page to an admin', async () => {
    storeToken('boss@example.com');
    let answer = () => {};
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/admin/boss%40example.com': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { admin: true } });
        }),
    });
    renderAdminPage();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await waitFor(() => expect(server.paths()).toContain('GET /api/admin/boss%40example.com'));
    answer();
    expect(await screen.findByText('Make Admin page')).toBeInTheDocument();
    const check = server.calls.find((call) => call.path === '/api/admin/boss%40example.com');
    expect(check?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('waits for the user’s token before asking', async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, 'GET /api/admin/boss%40example.com': { body: { admin: true } } });
    renderAdminPage();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await waitFor(() => expect(server.paths()).toContain('GET /api/me'));
    expect(server.paths()).not.toContain('GET /api/admin/boss%40example.com');
    storeToken('boss@example.com');
    expect(await screen.findByText('Make Admin page')).toBeInTheDocument();
  });

  it('signs a non-admin out and sends them to /login', async () => {
    const { server } = customerServer();
    const { router, queryClient } = renderAdminPage();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    expect(screen.queryByText('Make Admin page')).not.toBeInTheDocument();
    expect(server.paths().filter((path) => path === 'POST /api/auth/sign-out')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('spends the sign-out’s mark once it has settled: Back to that /login, signed in again, goes on', async () => {
    const { signInAgain } = customerServer();
    const { router, queryClient } = renderAdminPage();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toBeNull());
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/login');

    // Signed in again elsewhere (another tab, Google), then Back to that /login entry.
    await router.navigate('/');
    signInAgain();
    await queryClient.refetchQueries({ queryKey: ['me'] });
    await router.navigate(-1);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('treats a refused check (403) like a non-admin', async () => {
    storeToken('jane@example.com');
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/admin/jane%40example.com': { status: 403, body: { message: 'You are not allowed to do this' } },
      'POST /api/auth/sign-out': { body: { success: true } },
      'GET /api/config': { body: { googleSignIn: false } },
    });
    const { router } = renderAdminPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.paths()).toContain('POST /api/auth/sign-out');
  });
});
