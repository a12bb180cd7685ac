import { companyMessages } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { Component as AcceptInvitation } from './accept-invitation';

function renderInvitation() {
  return renderRoutes(
    [
      { path: '/company/invitations/:token', element: <AcceptInvitation /> },
      { path: '/signup', element: <p>Sign-up page</p> },
    ],
    { path: '/company/invitations/tok-123' },
  );
}

describe('Accept a company invitation', () => {
  it('offers a visitor signing in or up, coming back here after', async () => {
    stubFetch({ 'GET /api/me': { body: null } });
    const { router } = renderInvitation();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByText('Sign-up page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/company/invitations/tok-123' });
  });

  it('accepts for the signed-in account and says which company it joined', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer({ email: 'bo@example.com' }) },
      'POST /api/company/invitations/tok-123/accept': { body: { companyId: 'c-1', companyName: 'Fleetco', role: 'buyer' } },
    });
    renderInvitation();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are now a member of Fleetco (Buyer).');
    // The button is gone: the keyboard is at what it joined, not on the page's body.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(server.paths()).toContain('POST /api/company/invitations/tok-123/accept');
  });

  it.each([companyMessages.invitationExpired, companyMessages.invitationRevoked])('shows the server’s reason when the invitation cannot be accepted: %s', async (message) => {
    stubFetch({
      'GET /api/me': { body: aCustomer({ email: 'someone@example.com' }) },
      'POST /api/company/invitations/tok-123/accept': { status: 410, body: { message } },
    });
    renderInvitation();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('keeps the focus on "Accept the invitation" while it is sent, and sends it once (decision 168)', async () => {
    let answer: (reply: { status?: number; body?: unknown }) => void = () => undefined;
    const server = stubFetch({
      'GET /api/me': { body: aCustomer({ email: 'someone@example.com' }) },
      'POST /api/company/invitations/tok-123/accept': () => new Promise((resolve) => (answer = resolve)),
    });
    renderInvitation();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Accept the invitation' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    // `disabled` would drop the focus to the page in a browser, and the refusal be said to nobody.
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    answer({ status: 410, body: { message: companyMessages.invitationExpired } });
    expect(await screen.findByRole('alert')).toHaveTextContent(companyMessages.invitationExpired);
    expect(button).toHaveFocus();
    expect(server.paths().filter((path) => path.startsWith('POST'))).toHaveLength(1);
  });
});
