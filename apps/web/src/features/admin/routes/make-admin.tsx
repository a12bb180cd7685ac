import { confirmations, roleConfirmations, USERS_PAGE_SIZE } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pager } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { useMe } from '../../../lib/me';
import { usersQuery, type UserSummary } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';
import { useRemoveUser } from '../api/remove-user';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { UsersTable } from '../components/users-table';
import { EmptyState } from '../../../components/empty-state';

/** /dashboard/makeadmin (SPEC §2, admins): every user, to promote to admin (or back), or remove. */
export function Component() {
  const { data: me } = useMe();
  const [page, setPage] = useState(1);
  const users = useQuery({ ...usersQuery(page), placeholderData: keepPreviousData });
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const removeAdmin = useRemoveAdmin();
  const myEmail = me?.email ?? '';

  // One click would otherwise hand someone every order, product and user.
  function handleMakeAdmin(user: UserSummary) {
    if (!window.confirm(roleConfirmations.makeAdmin(user.email))) return;
    makeAdmin.mutate(user.email);
  }

  function handleRemoveAdmin(user: UserSummary) {
    if (!window.confirm(roleConfirmations.removeAdmin(user.email, user.email.toLowerCase() === myEmail.toLowerCase()))) return;
    removeAdmin.mutate(user.email);
  }

  function handleRemove(user: UserSummary) {
    if (!window.confirm(confirmations.removeUser)) return;
    // The hooks report success and failure with a toast.
    removeUser.mutate(user.email);
  }

  const pending = makeAdmin.isPending
    ? { action: 'make-admin' as const, email: makeAdmin.variables }
    : removeAdmin.isPending
      ? { action: 'remove-admin' as const, email: removeAdmin.variables }
      : removeUser.isPending
      ? { action: 'remove' as const, email: removeUser.variables }
      : undefined;

  return (
    <AdminPage title="Make Admin" intro="Give a customer the admin role or take it back, or remove an account. Orders of a removed user are kept; the last admin stays one.">
      {users.isError ? (
        <LoadError what="the users" error={users.error} onRetry={() => void users.refetch()} />
      ) : users.isPending ? (
        <LoadingBlock label="Loading the users" />
      ) : users.data.length === 0 && page === 1 ? (
        <EmptyState message="No users yet." />
      ) : (
        <div className="grid gap-4">
          <UsersTable
            users={users.data}
            myEmail={myEmail}
            onMakeAdmin={handleMakeAdmin}
            onRemoveAdmin={handleRemoveAdmin}
            onRemove={handleRemove}
            pending={pending}
          />
          <Pager page={page} hasNext={users.data.length === USERS_PAGE_SIZE} onPage={setPage} label="Users pages" />
        </div>
      )}
    </AdminPage>
  );
}
