import { confirmations, readQueryWholeNumber, roleConfirmations, USERS_PAGE_SIZE } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Pager } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { useMe } from '../../../lib/me';
import { useHasNextPage } from '../../../lib/next-page';
import { useSearchChanges } from '../../../lib/search-changes';
import { usersQuery, type UserFilters, type UserSummary } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';
import { useRemoveUser } from '../api/remove-user';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { SearchBox } from '../components/search-box';
import type { RowFocus } from '../components/table-region';
import { UsersTable } from '../components/users-table';
import { EmptyState } from '../../../components/empty-state';

/** The search and the page live in the address (`?q=jane&page=2`): Back and a reload keep them. */
function filtersFrom(search: URLSearchParams): UserFilters {
  const page = readQueryWholeNumber(search.get('page'));
  return { q: (search.get('q') ?? '').trim(), page: page >= 1 ? page : 1 };
}

function searchFrom({ q, page }: UserFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (page > 1) search.set('page', String(page));
  return search;
}

/** /dashboard/makeadmin (SPEC §2, admins): every user, to promote to admin (or back), or remove. */
export function Component() {
  const { data: me } = useMe();
  const [search, changeSearch] = useSearchChanges();
  const filters = filtersFrom(search);
  const users = useQuery(usersQuery(filters));
  const hasNext = useHasNextPage(usersQuery({ ...filters, page: filters.page + 1 }), users.data?.length === USERS_PAGE_SIZE);
  const change = useCallback(
    (next: UserFilters, { replace = false } = {}) => changeSearch(() => searchFrom(next), { replace, preventScrollReset: true }),
    [changeSearch],
  );
  // A new search starts at the first page; one that ran by itself while typing replaces the
  // history entry, so Back does not step through every letter.
  const changeQuery = useCallback((q: string, how: 'typing' | 'submit') => change({ q, page: 1 }, { replace: how === 'typing' }), [change]);
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const removeAdmin = useRemoveAdmin();
  const myEmail = me?.email ?? '';
  // A removed user's row goes: the keyboard goes to the next user's (the previous one's at the end).
  const [focus, setFocus] = useState<RowFocus | undefined>();
  // The table's region: a new page takes the keyboard there (Pager).
  const table = useRef<HTMLDivElement>(null);

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
    const shown = users.data ?? [];
    const index = shown.findIndex((candidate) => candidate.email === user.email);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    removeUser.mutate(user.email, {
      onSuccess: () => setFocus((last) => ({ row: neighbour?.email ?? '', request: (last?.request ?? 0) + 1 })),
    });
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
      <SearchBox name="Find users" label="E-mail or name" placeholder="jane@example.com or Jane" value={filters.q} onSearch={changeQuery} />
      <div className="mt-6">
        {users.isError && !users.data ? (
          <LoadError what="the users" error={users.error} onRetry={() => void users.refetch()} />
        ) : users.isPending ? (
          <LoadingBlock label="Loading the users" />
        ) : users.data.length === 0 ? (
          <EmptyState
            message={filters.q ? `No users match “${filters.q}”.` : filters.page > 1 ? 'No users on this page.' : 'No users yet.'}
            onFirstPage={filters.page > 1 ? () => change({ ...filters, page: 1 }) : undefined}
          />
        ) : (
          <div className="grid gap-4">
            <UsersTable
              users={users.data}
              myEmail={myEmail}
              onMakeAdmin={handleMakeAdmin}
              onRemoveAdmin={handleRemoveAdmin}
              onRemove={handleRemove}
              pending={pending}
              focus={focus}
              region={table}
            />
            <Pager list={table} page={filters.page} hasNext={hasNext} loading={users.isPlaceholderData} onPage={(page) => change({ ...filters, page })} label="Users pages" />
          </div>
        )}
      </div>
    </AdminPage>
  );
}
