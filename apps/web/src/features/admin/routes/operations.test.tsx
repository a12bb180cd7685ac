import { notices, operationsMessages, type Operations, type OutboxMessage } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as OperationsPage } from './operations';

const GET_OPERATIONS = 'GET /api/admin/operations';

function aMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    _id: '0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d',
    kind: 'order-placed',
    recipient: 'jane@example.com',
    subject: 'Order 100042 placed: Brake Pads',
    attempts: 4,
    lastError: 'Message failed: 451 Try again later',
    failed: true,
    createdAt: '2026-11-25T10:00:00.000Z',
    resentAt: null,
    ...overrides,
  };
}

function operations(messages: OutboxMessage[]): Operations {
  return {
    mail: { unsent: messages.length, failed: messages.filter((message) => message.failed).length, messages },
    queues: [
      { queue: 'order-expiry', waiting: 3, active: 0, failed: 0, completed: 12 },
      { queue: 'mail', waiting: 1, active: 0, failed: 2, completed: 40 },
    ],
  };
}

function renderOperations() {
  return renderRoutes(
    [
      {
        path: '/dashboard/operations',
        element: (
          <>
            <OperationsPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/operations' },
  );
}

const rowOf = (text: string) => within(screen.getByRole('row', { name: new RegExp(text) }));

describe('Operations', () => {
  it('lists unsent mail (recipient, subject, attempts, last error) and the job queue by state', async () => {
    const queued = aMessage({ _id: 'b2', recipient: 'sam@example.com', attempts: 0, lastError: null, failed: false });
    const resent = aMessage({ _id: 'c3', recipient: 'ann@example.com', resentAt: '2026-11-25T11:00:00.000Z' });
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_OPERATIONS]: { body: operations([aMessage(), queued, resent]) }, ...noActivity });
    renderOperations();
    expect(screen.getByRole('heading', { level: 1, name: 'Operations' })).toBeInTheDocument();
    const mail = await screen.findByRole('table', { name: 'Unsent mail' });
    expect(within(mail).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Recipient',
      'Subject',
      'Written',
      'Attempts',
      'Last error',
      'Resend',
    ]);
    expect(screen.getByText(/3 unsent, 2 failed at least once/)).toBeInTheDocument();

    const jane = rowOf('jane@example.com');
    expect(jane.getByText('Order 100042 placed: Brake Pads')).toBeInTheDocument();
    expect(jane.getByText('4')).toBeInTheDocument();
    expect(jane.getByText('Message failed: 451 Try again later')).toBeInTheDocument();
    expect(jane.getByRole('button', { name: 'Resend to jane@example.com' })).toBeEnabled();
    // Still on its way: nothing to resend. Resent once: not again.
    expect(rowOf('sam@example.com').queryByRole('button')).not.toBeInTheDocument();
    expect(rowOf('sam@example.com').getByText('None yet: on its way')).toBeInTheDocument();
    expect(rowOf('ann@example.com').queryByRole('button')).not.toBeInTheDocument();
    expect(rowOf('ann@example.com').getByText(/^Resent /)).toBeInTheDocument();

    const queues = screen.getByRole('table', { name: 'Job queue' });
    expect(within(queues).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Queue', 'Waiting', 'Running', 'Failed', 'Done']);
    expect(within(within(queues).getByRole('row', { name: /^mail/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '0', '2', '40']);
  });

  it('says when every message has gone out', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_OPERATIONS]: { body: operations([]) }, ...noActivity });
    renderOperations();
    expect(await screen.findByText('Every message has been sent.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Unsent mail' })).not.toBeInTheDocument();
  });

  it('resends a failed message: says so and lists the mail again', async () => {
    let messages = [aMessage()];
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_OPERATIONS]: () => ({ body: operations(messages) }),
      'POST /api/admin/mail/0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d/resend': () => {
        messages = [aMessage({ resentAt: '2026-11-25T12:00:00.000Z' })];
        return { body: { message: operationsMessages.resent } };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderOperations();
    await user.click(await screen.findByRole('button', { name: 'Resend to jane@example.com' }));
    expect(await screen.findByText(operationsMessages.resent)).toBeInTheDocument();
    await waitFor(() => expect(rowOf('jane@example.com').queryByRole('button')).not.toBeInTheDocument());
    expect(server.paths().filter((path) => path === GET_OPERATIONS)).toHaveLength(2);
  });

  it("shows the server's reason when a resend is refused", async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_OPERATIONS]: { body: operations([aMessage()]) },
      'POST /api/admin/mail/0b6f4a52-7f1e-4a63-9d0e-3f2a1c9b8e7d/resend': { status: 409, body: { message: operationsMessages.alreadyResent } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderOperations();
    await user.click(await screen.findByRole('button', { name: 'Resend to jane@example.com' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(within(toast).getByText(operationsMessages.alreadyResent)).toBeInTheDocument();
  });
});
