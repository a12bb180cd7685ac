import { accountMailMessages, authErrors, validation } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, aTokenReply, signedOutReply } from '../../../test/users';
import { Component as SignupPage } from './signup';

function renderSignup() {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { path: '/signup' },
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Jane Doe');
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Signup page', () => {
  it('has a heading, name, e-mail and password, and a link to login', async () => {
    stubFetch({ 'GET /api/me': signedOutReply, 'GET /api/config': { body: { googleSignIn: false } } });
    renderSignup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('requires a name', async () => {
    stubFetch({ 'GET /api/me': signedOutReply, 'GET /api/config': { body: { googleSignIn: false } } });
    const user = userEvent.setup();
    renderSignup();
    const name = screen.getByLabelText('Name');
    // Leaving a field draws nothing (decision 085, amended): an error drawn then moved Sign Up
    // between the press and the release, and the first click was lost. Sent, it is checked.
    await user.click(name);
    await user.tab();
    expect(screen.queryByText(validation.nameRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(validation.nameRequired)).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Name is Required');
    await user.type(name, '   ');
    expect(screen.getByText('Name is Required')).toBeInTheDocument();
  });

  it('refuses a name carrying a web or e-mail address, as the server does, and sends nothing', async () => {
    const server = stubFetch({ 'GET /api/me': signedOutReply, 'GET /api/config': { body: { googleSignIn: false } } });
    const user = userEvent.setup();
    renderSignup();
    const name = screen.getByLabelText('Name');
    await user.type(name, 'Refund at https://evil.example');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(validation.nameNoLinks)).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(validation.nameNoLinks);
    expect(server.paths()).not.toContain('POST /api/auth/sign-up/email');
  });

  it('signs up, stores the token, then goes home', async () => {
    let signedUp = false;
    const server = stubFetch({
      'GET /api/me': () => (signedUp ? { body: aCustomer() } : signedOutReply),
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-up/email': () => {
        signedUp = true;
        return { body: { user: { email: 'jane@example.com' } } };
      },
      'PUT /api/user/jane%40example.com': { body: aTokenReply('new-token') },
    });
    const user = userEvent.setup();
    const { router } = renderSignup();
    await fillIn(user);

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    const calls = server.paths();
    expect(calls.indexOf('PUT /api/user/jane%40example.com')).toBeGreaterThan(calls.indexOf('POST /api/auth/sign-up/email'));
    expect(server.calls.find((call) => call.path === '/api/auth/sign-up/email')?.body).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      password: 'secret-password',
    });
  });

  it('comes back to checkout, the page that asked to sign in, saying the account was made (issue 34.7)', async () => {
    let signedUp = false;
    stubFetch({
      'GET /api/me': () => (signedUp ? { body: aCustomer() } : signedOutReply),
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-up/email': () => {
        signedUp = true;
        return { body: { user: { email: 'jane@example.com' } } };
      },
      'PUT /api/user/jane%40example.com': { body: aTokenReply('new-token') },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        {
          path: '/signup',
          element: (
            <>
              <SignupPage />
              <Toaster />
            </>
          ),
        },
        {
          path: '/checkout',
          element: (
            <>
              <p>Checkout page</p>
              <Toaster />
            </>
          ),
        },
        { path: '/', element: <p>Home page</p> },
      ],
      { path: '/signup', state: { from: '/checkout' } },
    );
    await fillIn(user);

    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(await screen.findByText(accountMailMessages.accountCreated)).toBeInTheDocument();
  });

  it('never leaves the site after signing up, whatever the state says', async () => {
    let signedUp = false;
    stubFetch({
      'GET /api/me': () => (signedUp ? { body: aCustomer() } : signedOutReply),
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-up/email': () => {
        signedUp = true;
        return { body: { user: { email: 'jane@example.com' } } };
      },
      'PUT /api/user/jane%40example.com': { body: aTokenReply('new-token') },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/signup', element: <SignupPage /> },
        { path: '/', element: <p>Home page</p> },
      ],
      { path: '/signup', state: { from: '//evil.example/checkout' } },
    );
    await fillIn(user);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says when the e-mail already has an account', async () => {
    stubFetch({
      'GET /api/me': signedOutReply,
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-up/email': {
        status: 422,
        body: { code: 'USER_ALREADY_EXISTS', message: 'User already exists' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderSignup();
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(authErrors.emailInUse);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('says when there were too many attempts', async () => {
    stubFetch({
      'GET /api/me': signedOutReply,
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-up/email': { status: 429, body: { message: 'Too many requests' } },
    });
    const user = userEvent.setup();
    renderSignup();
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(authErrors.tooManyAttempts);
  });
});
