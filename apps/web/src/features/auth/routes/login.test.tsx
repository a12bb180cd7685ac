import { accountMailMessages, authErrors, validation } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { leaveTo } from '../../../lib/location';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, aTokenReply, signedOutReply } from '../../../test/users';
import { Component as LoginPage } from './login';

vi.mock('../../../lib/location', () => ({ leaveTo: vi.fn() }));

function renderLogin({ path = '/login', state }: { path?: string; state?: unknown } = {}) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/part/:id', element: <p>Part page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { path, state },
  );
}

/** The server of a visitor who is not signed in yet; `signIn` is the sign-in reply. */
function signedOutServer(signIn: { status?: number; body?: unknown } = { body: { user: { email: 'jane@example.com' } } }) {
  let signedIn = false;
  return stubFetch({
    'GET /api/me': () => (signedIn ? { body: aCustomer() } : signedOutReply),
    'GET /api/config': { body: { googleSignIn: false } },
    'POST /api/auth/sign-in/email': () => {
      signedIn = (signIn.status ?? 200) === 200;
      return signIn;
    },
    'PUT /api/user/jane%40example.com': { body: aTokenReply('fresh-token') },
  });
}

describe('Login page', () => {
  it('has a title, a heading, labelled fields, the buttons and a link to signup', async () => {
    signedOutServer();
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Login/);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('shows each e-mail and password message of SPEC §5, linked to its field, checked when sent and then on each change', async () => {
    signedOutServer();
    const user = userEvent.setup();
    renderLogin();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');

    // Leaving a field draws nothing (decision 085, amended): an error drawn then moved Login
    // between the press and the release, and the first click after a bad value was lost.
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(screen.queryByText(validation.emailInvalid)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(validation.emailInvalid)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Provide a valid Email');
    expect(screen.getByText('Password is Required')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('Password is Required');

    await user.clear(email);
    expect(await screen.findByText(validation.emailRequired)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Email is Required');

    await user.type(password, '12345');
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.type(password, '6');
    await user.type(email, 'jane@example.com');
    await waitFor(() => expect(screen.queryByText('Must be 6 characters or longer')).not.toBeInTheDocument());
    expect(screen.queryByText('Provide a valid Email')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('does not call the server with an empty form', async () => {
    const server = signedOutServer();
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is Required')).toBeInTheDocument();
    expect(server.paths()).not.toContain('POST /api/auth/sign-in/email');
  });

  it('shows a failed sign-in in red, in the customer’s words', async () => {
    signedOutServer({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(authErrors.invalidCredentials);
    expect(alert).toHaveClass('text-red-700');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says so when the shop cannot be reached', async () => {
    signedOutServer();
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authErrors.network);
  });

  it('signs in, stores the token before leaving, and returns to the page the user came from', async () => {
    let releaseSignIn = () => {};
    const server = stubFetch({
      'GET /api/me': () =>
        server.paths().includes('POST /api/auth/sign-in/email') ? { body: aCustomer() } : signedOutReply,
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-in/email': () =>
        new Promise((resolve) => {
          releaseSignIn = () => resolve({ body: { user: { email: 'jane@example.com' } } });
        }),
      'PUT /api/user/jane%40example.com': { body: aTokenReply('fresh-token') },
    });
    const user = userEvent.setup();
    const { router } = renderLogin({ state: { from: '/part/42?qty=3' } });

    await user.type(screen.getByLabelText('Email'), '  jane@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // While authentication works: a busy button that ignores presses (aria-disabled, keeping the focus).
    const button = screen.getByRole('button', { name: 'Login' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAttribute('aria-busy', 'true');
    releaseSignIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/part/42'));
    expect(router.state.location.search).toBe('?qty=3');
    // React draws the new page in a transition, after the router has moved.
    expect(await screen.findByText('Part page')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('fresh-token');

    const calls = server.paths();
    const signIn = calls.indexOf('POST /api/auth/sign-in/email');
    const token = calls.indexOf('PUT /api/user/jane%40example.com');
    expect(signIn).toBeGreaterThanOrEqual(0);
    expect(token).toBeGreaterThan(signIn);
    expect(calls.lastIndexOf('GET /api/me')).toBeGreaterThan(token);
    expect(server.calls[signIn]!.body).toEqual({ email: 'jane@example.com', password: 'secret-password' });
    expect(server.calls[token]!.body).toEqual({ email: 'jane@example.com' });
  });

  it('goes home after signing in when the user came from nowhere in particular', async () => {
    signedOutServer();
    const user = userEvent.setup();
    const { router } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user who is already signed in on', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, 'GET /api/config': { body: { googleSignIn: false } } });
    renderLogin({ state: { from: '/part/7' } });
    expect(await screen.findByText('Part page')).toBeInTheDocument();
  });

  it('explains that Google sign-in is not configured, in red', async () => {
    const server = signedOutServer();
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(authErrors.googleNotConfigured);
    expect(alert).toHaveClass('text-red-700');
    expect(server.paths()).not.toContain('POST /api/auth/sign-in/social');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('goes to Google, asking to come back to the page the user came from', async () => {
    vi.mocked(leaveTo).mockClear();
    const server = stubFetch({
      'GET /api/me': signedOutReply,
      'GET /api/config': { body: { googleSignIn: true } },
      'POST /api/auth/sign-in/social': { body: { url: 'https://accounts.google.example/o/auth', redirect: true } },
    });
    const user = userEvent.setup();
    renderLogin({ state: { from: '/part/42' } });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://accounts.google.example/o/auth'));
    const social = server.calls.find((call) => call.path === '/api/auth/sign-in/social');
    expect(social?.body).toEqual({
      provider: 'google',
      callbackURL: '/part/42',
      // Cancelled at Google (or refused), the customer is back on /login: still bound for /part/42.
      errorCallbackURL: '/login?error=google&from=%2Fpart%2F42',
    });
  });

  it('back from a Google sign-in that did not complete, a password sign-in still returns to the page the user came from', async () => {
    signedOutServer();
    const user = userEvent.setup();
    // What Google's error callback opens: a new page load, with no history state.
    const { router } = renderLogin({ path: '/login?error=google&from=%2Fpart%2F42%3Fqty%3D3&error=access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent(authErrors.googleFailed);
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Part page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/part/42');
    expect(router.state.location.search).toBe('?qty=3');
  });

  it('takes no other site from ?from=', async () => {
    signedOutServer();
    const user = userEvent.setup();
    const { router } = renderLogin({ path: '/login?error=google&from=%2F%09%2Fevil.example%2F' });
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('explains a Google sign-in that came back with an error', async () => {
    signedOutServer();
    renderLogin({ path: '/login?error=google' });
    expect(await screen.findByRole('alert')).toHaveTextContent(authErrors.googleFailed);
  });

  it('tells a customer whose unconfirmed password account has Google’s address what to do', async () => {
    signedOutServer();
    renderLogin({ path: '/login?error=google&error=account_not_linked' });
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMailMessages.googleNeedsVerifiedEmail);
  });

  it('tells a customer whose Google address Google has not confirmed why nobody was signed in', async () => {
    signedOutServer();
    renderLogin({ path: '/login?error=google&error=email_not_found' });
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMailMessages.googleEmailNotConfirmed);
  });

  it('passes the page the buyer came from on to signup (issue 34.7)', async () => {
    signedOutServer();
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/signup', element: <p>Signup page</p> },
      ],
      { path: '/login', state: { from: '/checkout' } },
    );
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByText('Signup page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/checkout' });
  });

  it('links to the forgot-password page', async () => {
    signedOutServer();
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
