import { companyMessages } from '@autoparts/shared';
import { screen } from '@testing-library/react';
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
});
