import { accountMailMessages } from '@autoparts/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { EmailStatus } from './email-status';

const SEND = 'POST /api/auth/send-verification-email';

/** The server's reply to the link's sending, held until `release` is called. */
function heldReply() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const reply = async () => {
    await held;
    return { body: { status: true } };
  };
  return { reply, release };
}

describe('EmailStatus', () => {
  it('sends the link once for two presses in a row, as a quick double-click makes them', async () => {
    const { reply, release } = heldReply();
    const server = stubFetch({ [SEND]: reply });
    renderRoutes([{ path: '*', element: <EmailStatus me={aCustomer()} /> }]);

    const button = screen.getByRole('button', { name: 'Send the confirmation link' });
    // Both in one go: the second comes before the query library tells React the first is under way.
    fireEvent.click(button);
    fireEvent.click(button);
    release();
    expect(await screen.findByText(accountMailMessages.verificationSent)).toBeInTheDocument();
    expect(server.paths().filter((path) => path === SEND)).toHaveLength(1);
  });

  it('keeps the focus on the button while the link is sent: it is aria-disabled, not disabled, and ignores presses', async () => {
    const { reply, release } = heldReply();
    const server = stubFetch({ [SEND]: reply });
    renderRoutes([{ path: '*', element: <EmailStatus me={aCustomer()} /> }]);
    const user = userEvent.setup();

    const button = screen.getByRole('button', { name: 'Send the confirmation link' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(button);
    release();
    expect(await screen.findByRole('button', { name: 'Send the link again' })).toHaveFocus();
    expect(server.paths().filter((path) => path === SEND)).toHaveLength(1);
  });
});
