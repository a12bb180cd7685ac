import { adminMessages, confirmations, notices, roleConfirmations, USERS_PAGE_SIZE } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/access-token';
import { noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { fullPage } from '../../../test/pages';
import { renderRoutes } from '../../../test/render-with-router';
import { anAdmin } from '../../../test/users';
import { Component as MakeAdminPage } from './make-admin';

const GET_USERS = 'GET /api/users?page=1';
const boss = { email: 'boss@example.com', name: 'Big Boss', role: 'admin' as const };
const jane = { email: 'jane@example.com', name: 'Jane Doe', role: 'customer' as const, emailVerified: true };
const newcomer = { email: 'new@example.com', name: 'New Comer', role: 'customer' as const, emailVerified: false };
const sam = { email: 'sam@example.com', name: '', role: 'admin' as const };

function renderMakeAdmin(path = '/dashboard/makeadmin') {
  return renderRoutes(
    [
      {
        path: '/dashboard/makeadmin',
        element: (
          <>
            <MakeAdminPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path },
  );
}

/** Answers the next confirmation, as the admin would. */
const confirmNext = (answer: boolean) => vi.spyOn(window, 'confirm').mockReturnValueOnce(answer);

const rowOf = (email: string) => within(screen.getByRole('row', { name: new RegExp(email) }));

describe('Make Admin', () => {
  it('lists the users: e-mail, status, Make Admin for customers only, and Remove', async () => {
    setAccessToken({ token: 'token-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), email: 'boss@example.com' });
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_USERS]: { body: [boss, jane, sam] }, ...noActivity });
    renderMakeAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Make Admin' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Make Admin —/);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'E-mail',
      'Status',
      'Make Admin',
      'Remove',
    ]);
    // Admin calls carry the bearer token.
    expect(server.calls.find((call) => call.path === '/api/users?page=1')?.headers.get('authorization')).toBe('Bearer token-1');

    expect(rowOf('jane@example.com').getByText('Customer')).toBeInTheDocument();
    expect(rowOf('jane@example.com').getByText('Jane Doe')).toBeInTheDocument();
    expect(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' })).toBeEnabled();
    expect(rowOf('jane@example.com').getByRole('button', { name: 'Remove jane@example.com' })).toBeEnabled();

    expect(rowOf('sam@example.com').getByText('Admin')).toBeInTheDocument();
    expect(rowOf('sam@example.com').queryByRole('button', { name: 'Make Admin sam@example.com' })).not.toBeInTheDocument();
    expect(rowOf('sam@example.com').getByRole('button', { name: 'Remove admin sam@example.com' })).toBeEnabled();
    expect(rowOf('sam@example.com').getByRole('button', { name: 'Remove sam@example.com' })).toBeEnabled();

    const region = screen.getByRole('region', { name: 'Users table' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  // Decision 227: a row's buttons are named for their user, the visible words first (WCAG 2.5.3,
  // label in name), so a list of the page's buttons or a voice command tells the rows apart.
  it('names each row’s buttons after its user, their visible words first', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_USERS]: { body: [boss, jane, sam] }, ...noActivity });
    renderMakeAdmin();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([
      ['Remove admin', 'Remove admin boss@example.com'],
      ['Remove', 'Remove boss@example.com'],
      ['Make Admin', 'Make Admin jane@example.com'],
      ['Remove', 'Remove jane@example.com'],
      ['Remove admin', 'Remove admin sam@example.com'],
      ['Remove', 'Remove sam@example.com'],
    ]);
    // The e-mail is in the name now, not said again as the description.
    expect(screen.getByRole('button', { name: 'Make Admin jane@example.com' })).not.toHaveAccessibleDescription();
  });

  it('offers Make Admin only to a customer whose address is confirmed, and says why beside the others', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_USERS]: { body: [boss, jane, newcomer] }, ...noActivity });
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    expect(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' })).toBeEnabled();
    const makeAdmin = rowOf('new@example.com').getByRole('button', { name: 'Make Admin new@example.com' });
    expect(makeAdmin).toBeDisabled();
    expect(makeAdmin).toHaveAccessibleDescription(adminMessages.notConfirmedYet);
    expect(rowOf('new@example.com').getByText(adminMessages.notConfirmedYet)).toBeVisible();
    // Removing such an account stays possible.
    expect(rowOf('new@example.com').getByRole('button', { name: 'Remove new@example.com' })).toBeEnabled();
  });

  it('does not let the admin remove their own account, and says why', async () => {
    stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_USERS]: { body: [boss, jane] }, ...noActivity });
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    const remove = rowOf('boss@example.com').getByRole('button', { name: 'Remove boss@example.com' });
    await waitFor(() => expect(remove).toBeDisabled());
    expect(remove).toHaveAccessibleDescription(adminMessages.cannotRemoveSelf);
  });

  it('makes a customer an admin: says so and lists the users again', async () => {
    let users = [boss, jane];
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: () => ({ body: users }),
      'PUT /api/user/admin/jane%40example.com': () => {
        users = [boss, { ...jane, role: 'admin' }];
        return { body: { modifiedCount: 1 } };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    confirmNext(true);
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' }));

    expect(await screen.findByText(notices.madeAdmin)).toBeInTheDocument();
    expect(notices.madeAdmin).toBe('Successfully made an admin');
    await waitFor(() => expect(rowOf('jane@example.com').queryByRole('button', { name: 'Make Admin jane@example.com' })).not.toBeInTheDocument());
    expect(rowOf('jane@example.com').getByText('Admin')).toBeInTheDocument();
    expect(server.paths().filter((path) => path === GET_USERS)).toHaveLength(2);
    // The activity list is refreshed too.
    expect(server.paths().filter((path) => path === 'GET /api/admin/audit?limit=5')).toHaveLength(2);
  });

  // Chromium drops the focus of a focused button that becomes disabled (jsdom does not). The
  // role's button (Make Admin, then Remove admin) stays the one pending until the lists are back.
  it('keeps the focus on the role’s button while the lists come back: Make Admin becomes Remove admin, still pressable', async () => {
    let users = [boss, jane];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let activityCalls = 0;
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: () => ({ body: users }),
      'PUT /api/user/admin/jane%40example.com': () => {
        users = [boss, { ...jane, role: 'admin' }];
        return { body: { modifiedCount: 1 } };
      },
      'GET /api/admin/audit?limit=5': async () => {
        activityCalls += 1;
        if (activityCalls > 1) await held;
        return { body: [] };
      },
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    confirmNext(true);
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' }));

    const roleButton = await rowOf('jane@example.com').findByRole('button', { name: 'Remove admin jane@example.com' });
    expect(roleButton).toBeEnabled();
    expect(roleButton).toHaveAttribute('aria-disabled', 'true');
    expect(roleButton).toHaveFocus();
    release();
    await waitFor(() => expect(roleButton).not.toHaveAttribute('aria-disabled'));
    expect(roleButton).toHaveFocus();
  });

  it('asks before making anyone an admin, and does nothing when the admin says no', async () => {
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_USERS]: { body: [boss, jane] }, ...noActivity });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    const confirm = confirmNext(false);
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' }));
    expect(confirm).toHaveBeenLastCalledWith(roleConfirmations.makeAdmin('jane@example.com'));
    expect(server.paths()).not.toContain('PUT /api/user/admin/jane%40example.com');
  });

  it('makes an admin a customer again after a confirmation, and shows the server’s refusal for the last admin', async () => {
    let users: Array<{ email: string; name: string; role: 'admin' | 'customer' }> = [boss, sam];
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: () => ({ body: users }),
      'DELETE /api/user/admin/sam%40example.com': () => {
        users = [boss, { ...sam, role: 'customer' }];
        return { body: { modifiedCount: 1 } };
      },
      'DELETE /api/user/admin/boss%40example.com': { status: 409, body: { message: adminMessages.lastAdminRole } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });

    const confirm = confirmNext(true);
    await user.click(rowOf('sam@example.com').getByRole('button', { name: 'Remove admin sam@example.com' }));
    expect(confirm).toHaveBeenLastCalledWith(roleConfirmations.removeAdmin('sam@example.com', false));
    expect(await screen.findByText('sam@example.com is a customer again')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('sam@example.com').getByRole('button', { name: 'Make Admin sam@example.com' })).toBeInTheDocument());
    expect(server.paths()).toContain('DELETE /api/user/admin/sam%40example.com');

    confirmNext(true);
    await user.click(rowOf('boss@example.com').getByRole('button', { name: 'Remove admin boss@example.com' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(within(toast).getByText(adminMessages.lastAdminRole)).toBeInTheDocument();
  });

  it('says "Failed to Make an admin" when the server refuses (403)', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: { body: [boss, jane] },
      'PUT /api/user/admin/jane%40example.com': { status: 403, body: { message: 'You are not allowed to do this' } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    confirmNext(true);
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' }));
    expect(await screen.findByText('Failed to Make an admin')).toBeInTheDocument();
    expect(screen.queryByText(notices.madeAdmin)).not.toBeInTheDocument();
  });

  it('shows the server’s message for other failures', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: { body: [boss, jane] },
      'PUT /api/user/admin/jane%40example.com': { status: 404, body: { message: adminMessages.userNotFound } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    confirmNext(true);
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' }));
    const toast = (await screen.findByText(notices.makeAdminFailed)).closest('li')!;
    expect(within(toast).getByText(adminMessages.userNotFound)).toBeInTheDocument();
  });

  it('says SPEC’s failure text and why, once, when the account has not confirmed its address (409)', async () => {
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: { body: [boss, jane] },
      'PUT /api/user/admin/jane%40example.com': { status: 409, body: { message: adminMessages.makeAdminUnconfirmed } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    confirmNext(true);
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' }));
    const toast = (await screen.findByText(adminMessages.makeAdminUnconfirmed)).closest('li')!;
    expect(within(toast).getAllByText(/Failed to Make an admin/)).toHaveLength(1);
    expect(screen.queryByText(notices.madeAdmin)).not.toBeInTheDocument();
    expect(rowOf('jane@example.com').getByRole('button', { name: 'Make Admin jane@example.com' })).toBeInTheDocument();
  });

  it('removes a user after the confirmation: says so and lists the users again', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let users = [boss, jane];
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: () => ({ body: users }),
      'DELETE /api/user/jane%40example.com': () => {
        users = [boss];
        return { body: { deletedCount: 1 } };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Remove jane@example.com' }));

    expect(confirm).toHaveBeenCalledWith(confirmations.removeUser);
    expect(confirm).toHaveBeenCalledWith('Do you really want to Remove the user');
    expect(await screen.findByText(notices.userRemoved)).toBeInTheDocument();
    expect(notices.userRemoved).toBe('User Deleted successfully');
    await waitFor(() => expect(screen.queryByRole('row', { name: /jane@example.com/ })).not.toBeInTheDocument());
    expect(server.paths().filter((path) => path === GET_USERS)).toHaveLength(2);
    confirm.mockRestore();
  });

  it('hands the keyboard to the next user after a removal, to the previous one after the last', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let users = [boss, jane, sam];
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: () => ({ body: users }),
      'DELETE /api/user/jane%40example.com': () => {
        users = [boss, sam];
        return { body: { deletedCount: 1 } };
      },
      'DELETE /api/user/sam%40example.com': () => {
        users = [boss];
        return { body: { deletedCount: 1 } };
      },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Remove jane@example.com' }));
    await waitFor(() => expect(rowOf('sam@example.com').getByRole('button', { name: 'Remove admin sam@example.com' })).toHaveFocus());
    await user.click(rowOf('sam@example.com').getByRole('button', { name: 'Remove sam@example.com' }));
    await waitFor(() => expect(rowOf('boss@example.com').getByRole('button', { name: 'Remove admin boss@example.com' })).toHaveFocus());
  });

  it('does nothing when the removal is not confirmed', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const server = stubFetch({ 'GET /api/me': { body: anAdmin() }, [GET_USERS]: { body: [boss, jane] }, ...noActivity });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(rowOf('jane@example.com').getByRole('button', { name: 'Remove jane@example.com' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(server.paths().some((path) => path.startsWith('DELETE'))).toBe(false);
    expect(rowOf('jane@example.com').getByRole('button', { name: 'Remove jane@example.com' })).toBeEnabled();
    confirm.mockRestore();
  });

  it('says "action failed" with the server’s reason when the removal is refused (the last admin)', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: { body: [boss, sam] },
      'DELETE /api/user/sam%40example.com': { status: 409, body: { message: adminMessages.lastAdmin } },
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('table', { name: 'Users' });
    await user.click(rowOf('sam@example.com').getByRole('button', { name: 'Remove sam@example.com' }));
    const toast = (await screen.findByText(notices.actionFailed)).closest('li')!;
    expect(notices.actionFailed).toBe('action failed');
    expect(within(toast).getByText(adminMessages.lastAdmin)).toBeInTheDocument();
    expect(rowOf('sam@example.com').getByText('Admin')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('keeps the page and the search in the address: a reload or Back shows the same users', async () => {
    const full = fullPage(USERS_PAGE_SIZE, (n) => ({ email: `u${n}@example.com`, name: `User ${n}`, role: 'customer' as const }), 0);
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: { body: full },
      'GET /api/users?page=2': { body: [boss, jane] },
      'GET /api/users?q=jane&page=1': { body: [jane] },
      ...noActivity,
    });
    const user = userEvent.setup();
    const { router } = renderMakeAdmin();
    await screen.findByRole('row', { name: /u0@example.com/ });

    await user.click(within(screen.getByRole('navigation', { name: 'Users pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /jane@example.com/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    // A new search starts at its first page.
    await user.type(screen.getByRole('searchbox', { name: 'E-mail or name' }), 'jane{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=jane'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /boss@example.com/ })).not.toBeInTheDocument());

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('row', { name: /boss@example.com/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'E-mail or name' })).toHaveValue('');
    expect(server.paths()).toEqual(expect.arrayContaining([GET_USERS, 'GET /api/users?page=2', 'GET /api/users?q=jane&page=1']));
  });

  it('offers no next page after a full page that is the last: the next page is asked first', async () => {
    const full = fullPage(USERS_PAGE_SIZE, (n) => ({ email: `u${n}@example.com`, name: `User ${n}`, role: 'customer' as const }), 0);
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: { body: full },
      'GET /api/users?page=2': { body: [] },
      ...noActivity,
    });
    renderMakeAdmin();
    await screen.findByRole('row', { name: /u0@example.com/ });
    await waitFor(() => expect(server.paths()).toContain('GET /api/users?page=2'));
    // Nothing to page through: one page holds every user.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument());
  });

  it('offers the next page of a new search until that page answers, whatever the last search’s next page was', async () => {
    const usersOf = (letter: string) => fullPage(USERS_PAGE_SIZE, (n) => ({ email: `${letter}${n}@example.com`, name: `User ${n}`, role: 'customer' as const }), 0);
    let answerNext: (() => void) | undefined;
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: { body: usersOf('u') },
      'GET /api/users?page=2': { body: [] },
      'GET /api/users?q=v&page=1': { body: usersOf('v') },
      'GET /api/users?q=v&page=2': () =>
        new Promise((resolve) => {
          answerNext = () => resolve({ body: [] });
        }),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    await screen.findByRole('row', { name: /u0@example.com/ });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument());

    await user.type(screen.getByRole('searchbox', { name: 'E-mail or name' }), 'v{Enter}');
    await screen.findByRole('row', { name: /v0@example.com/ });
    await waitFor(() => expect(answerNext).toBeDefined());
    // The search's second page is not answered yet: Next is offered (the first search's empty
    // second page says nothing of this one's).
    expect(within(screen.getByRole('navigation', { name: 'Users pages' })).getByRole('button', { name: 'Next' })).toBeEnabled();
    answerNext?.();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument());
  });

  it('opens at the page and search of its address (a reload), and says when nobody matches', async () => {
    const server = stubFetch({
      'GET /api/me': { body: anAdmin() },
      'GET /api/users?q=nobody&page=3': { body: [] },
      ...noActivity,
    });
    renderMakeAdmin('/dashboard/makeadmin?q=nobody&page=3');
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'E-mail or name' })).toHaveValue('nobody');
    expect(server.paths()).toContain('GET /api/users?q=nobody&page=3');
  });

  it('shows a spinner while the users load, and offers to try again when they could not be', async () => {
    let fail = true;
    stubFetch({
      'GET /api/me': { body: anAdmin() },
      [GET_USERS]: () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: [boss] }),
      ...noActivity,
    });
    const user = userEvent.setup();
    renderMakeAdmin();
    expect(screen.getByRole('status', { name: 'Loading the users' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the users right now.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
  });
});
