import { accountMailMessages, validation } from '@autoparts/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, aTokenReply, signedOutReply } from '../../../test/users';
import { Component as ForgotPasswordPage } from './forgot-password';
import { Component as LoginPage } from './login';
import { Component as ResetPasswordPage } from './reset-password';
import { Component as VerifyEmailPage } from './verify-email';
import { expectCheckedWhenSent } from '../../../test/forms';

function renderPages(path: string, state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/cart', element: <p>Cart page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { path, state },
  );
}

describe('Forgot password page', () => {
  it('checks the e-mail, then answers the same sentence whatever the server knows', async () => {
    const server = stubFetch({ 'POST /api/auth/request-password-reset': { body: { status: true } } });
    const user = userEvent.setup();
    renderPages('/forgot-password');
    // Leaving the field draws nothing (decision 085, amended): an error drawn then moved the
    // button between the press and the release, and the first click was lost. Sent, it is checked.
    await user.type(await screen.findByLabelText('Email'), 'jane@');
    await user.tab();
    expect(screen.queryByText(validation.emailInvalid)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(accountMailMessages.resetRequested);
    // The pressed button is gone with the form: the keyboard is at the message, not the page's top.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(server.calls.at(-1)?.body).toEqual({ email: 'jane@example.com' });
  });

  it('from Login, asks for a link that comes back to the page the customer was going to', async () => {
    const server = stubFetch({
      'GET /api/me': signedOutReply,
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/request-password-reset': { body: { status: true } },
    });
    const user = userEvent.setup();
    renderPages('/login', { from: '/cart?step=2#pay' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(accountMailMessages.resetRequested);
    expect(server.calls.find((call) => call.path === '/api/auth/request-password-reset')?.body).toEqual({
      email: 'jane@example.com',
      from: '/cart?step=2#pay',
    });
  });

  it('carries no page that is not one of the shop’s, nor one too long for the link', async () => {
    const server = stubFetch({ 'POST /api/auth/request-password-reset': { body: { status: true } } });
    const user = userEvent.setup();
    renderPages('/forgot-password', { from: '/\t/evil.example' });
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await screen.findByRole('status');
    expect(server.calls.at(-1)?.body).toEqual({ email: 'jane@example.com' });
  });

  it('checks the e-mail when sent, not on leaving it (decision 085, amended)', async () => {
    const server = stubFetch({});
    const user = userEvent.setup();
    renderPages('/forgot-password');
    const send = await screen.findByRole('button', { name: 'Send the link' });
    await expectCheckedWhenSent(user, screen.getByLabelText('Email'), 'jane@', send, validation.emailInvalid);
    expect(server.paths()).toEqual([]);
  });

  it('says so when the shop is asked too often', async () => {
    stubFetch({ 'POST /api/auth/request-password-reset': { status: 429, body: { message: 'Too many' } } });
    const user = userEvent.setup();
    renderPages('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts/);
  });
});

describe('Reset password page', () => {
  it('sets the new password, signs in and goes home', async () => {
    let signedIn = false;
    const server = stubFetch({
      'GET /api/me': () => (signedIn ? { body: aCustomer() } : signedOutReply),
      'POST /api/auth/reset-password': () => {
        signedIn = true;
        return { body: { user: { email: 'jane@example.com' } } };
      },
      'PUT /api/user/jane%40example.com': { body: aTokenReply('fresh-token') },
    });
    const user = userEvent.setup();
    renderPages('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'short');
    // Leaving the field draws nothing (decision 085, amended): sent, the form is checked.
    await user.tab();
    expect(screen.queryByText(validation.passwordTooShort)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText(validation.passwordTooShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '-but-longer');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({ token: 'abc123', newPassword: 'short-but-longer' });
  });

  it('signed in by the new password, goes to the page the customer was going to, by the sign-in’s rule', async () => {
    const replies = {
      'GET /api/me': () => (signedIn ? { body: aCustomer() } : signedOutReply),
      'POST /api/auth/reset-password': () => {
        signedIn = true;
        return { body: { user: { email: 'jane@example.com' } } };
      },
      'PUT /api/user/jane%40example.com': { body: aTokenReply('fresh-token') },
    };
    let signedIn = false;
    stubFetch(replies);
    const user = userEvent.setup();
    const { router, unmount } = renderPages(`/reset-password?token=abc123&from=${encodeURIComponent('/cart?step=2#pay')}`);
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Cart page')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/cart', search: '?step=2', hash: '#pay' });
    unmount();

    // Another site's address in the link is no page of the shop's: home.
    signedIn = false;
    renderPages(`/reset-password?token=abc123&from=${encodeURIComponent('//evil.example/x')}`);
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('a used or expired link says so and offers a new one', async () => {
    stubFetch({ 'POST /api/auth/reset-password': { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid token' } } });
    const user = userEvent.setup();
    renderPages('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMailMessages.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
    // The pressed button is gone with the form: the keyboard is at the way on.
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveFocus();
  });

  it('a link Better Auth found used or expired says so on opening, the focus on it, and offers a new one', async () => {
    const server = stubFetch({});
    // Better Auth's check of the mailed link opens the page so (auth.ts); nothing to type first.
    renderPages('/reset-password?error=INVALID_TOKEN');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(accountMailMessages.resetLinkInvalid);
    expect(alert).toHaveFocus();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(server.calls).toEqual([]);
  });

  it('without a token it explains where the page comes from', async () => {
    renderPages('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMailMessages.resetLinkMissing);
  });
});

describe('Verify e-mail page', () => {
  it('confirms, or explains a bad link', async () => {
    const { unmount } = renderPages('/verify-email?done=1');
    expect(await screen.findByRole('status')).toHaveTextContent(accountMailMessages.verified);
    unmount();
    renderPages('/verify-email?done=1&error=TOKEN_EXPIRED');
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMailMessages.verifyLinkInvalid);
  });
});
