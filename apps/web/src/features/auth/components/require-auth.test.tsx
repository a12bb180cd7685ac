import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, signedOutReply } from '../../../test/users';
import { RequireAuth } from './require-auth';

function renderGuarded(path: string) {
  return renderRoutes(
    [
      { element: <RequireAuth />, children: [{ path: '/part/:id', element: <p>Part page</p> }] },
      { path: '/login', element: <p>Login page</p> },
    ],
    { path },
  );
}

describe('RequireAuth', () => {
  it('shows a spinner while it learns who is signed in, then the page', async () => {
    let answer = () => {};
    stubFetch({
      'GET /api/me': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: aCustomer() });
        }),
    });
    renderGuarded('/part/42');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Part page')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Part page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering the page, its query and its hash', async () => {
    stubFetch({ 'GET /api/me': signedOutReply });
    const { router } = renderGuarded('/part/42?qty=3#fitment');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/part/42?qty=3#fitment' });
    // Replaced, so Back does not return to the guarded page.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('offers to try again when the server cannot say who is signed in', async () => {
    let fail = true;
    stubFetch({
      'GET /api/me': () => (fail ? { status: 503, body: { message: 'Unavailable' } } : { body: aCustomer() }),
    });
    const user = userEvent.setup();
    renderGuarded('/part/42');
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('Part page')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Part page')).toBeInTheDocument();
  });
});
