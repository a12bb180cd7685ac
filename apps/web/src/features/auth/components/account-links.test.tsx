import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/access-token';
import { meQuery } from '../../../lib/me';
import { isSignOutPending } from '../../../lib/session-end';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { AccountLinks } from './account-links';

describe('AccountLinks', () => {
  it('shows Dashboard, Sign Out and the display name', () => {
    stubFetch({});
    renderRoutes([{ path: '*', element: <AccountLinks me={aCustomer()} /> }]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
  });

  it('shows the e-mail for a user without a name', () => {
    stubFetch({});
    renderRoutes([{ path: '*', element: <AccountLinks me={aCustomer({ name: '' })} /> }]);
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
  });

  it('signs out: ends the session, removes the token, forgets the user and goes home', async () => {
    setAccessToken({ token: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email: 'jane@example.com' });
    const server = stubFetch({ 'POST /api/auth/sign-out': { body: { success: true } } });
    const user = userEvent.setup();
    const { router, queryClient } = renderRoutes([{ path: '*', element: <AccountLinks me={aCustomer()} /> }], {
      path: '/dashboard/profile',
    });
    queryClient.setQueryData(['me'], aCustomer());
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/sign-out', body: {} });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(queryClient.getQueryData(['me'])).toBeNull();
  });

  it('stays signed out when a check of who is signed in, begun before Sign Out, answers after it', async () => {
    // Seen in a journey: the home page's /api/me, sent just before the click, answered with the
    // user after the sign-out had forgotten them, and the header showed them signed in again.
    let answerMe: (reply: { body: unknown }) => void = () => {};
    stubFetch({
      'POST /api/auth/sign-out': { body: { success: true } },
      'GET /api/me': () => new Promise((resolve) => (answerMe = resolve)),
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderRoutes([{ path: '*', element: <AccountLinks me={aCustomer()} /> }], {
      path: '/dashboard/profile',
    });
    queryClient.setQueryData(['me'], aCustomer());
    void queryClient.fetchQuery({ ...meQuery, staleTime: 0 }).catch(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    answerMe({ body: aCustomer() });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(['me'])).toBeNull();
  });

  it('signs out in the browser even when the server cannot be reached, and finishes it later', async () => {
    setAccessToken({ token: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email: 'jane@example.com' });
    const offline = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    const { router, queryClient } = renderRoutes([{ path: '*', element: <AccountLinks me={aCustomer()} /> }], {
      path: '/dashboard/profile',
    });
    queryClient.setQueryData(['me'], aCustomer());
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(queryClient.getQueryData(['me'])).toBeNull();
    expect(isSignOutPending()).toBe(true);
    offline.mockRestore();

    // The next check of who is signed in tells the server, and nobody is signed in meanwhile.
    const server = stubFetch({ 'POST /api/auth/sign-out': { body: { success: true } } });
    await expect(queryClient.fetchQuery({ ...meQuery, staleTime: 0 })).resolves.toBeNull();
    expect(server.paths()).toEqual(['POST /api/auth/sign-out']);
    expect(isSignOutPending()).toBe(false);
  });
});
