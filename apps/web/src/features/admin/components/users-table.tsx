import { adminMessages } from '@autoparts/shared';
import { useId, type RefObject } from 'react';
import type { UserSummary } from '../api/get-users';
import { EmailText } from '../../../components/email-text';
import { ActionButton } from './action-button';
import { headerCellClass, stackedTableClass, TableRegion, theadClass, useRowFocus, type RowFocus } from './table-region';

interface UsersTableProps {
  users: UserSummary[];
  /** The signed-in admin's e-mail: their own row cannot be removed. */
  myEmail: string;
  onMakeAdmin: (user: UserSummary) => void;
  onRemoveAdmin: (user: UserSummary) => void;
  onRemove: (user: UserSummary) => void;
  /** The action under way, if any: one at a time. */
  pending: { action: UserAction; email: string } | undefined;
  /** The user (their e-mail) whose row takes the keyboard after an action: a removed user's neighbour. */
  focus?: RowFocus | undefined;
  /** The table's region, for the page's Pager to take the keyboard to. */
  region?: RefObject<HTMLDivElement | null>;
}

type UserAction = 'make-admin' | 'remove-admin' | 'remove';

/** Make Admin's table (SPEC §2): e-mail, status, Make Admin (or Remove admin for an admin) and Remove. */
export function UsersTable({ users, myEmail, onMakeAdmin, onRemoveAdmin, onRemove, pending, focus, region: given }: UsersTableProps) {
  const region = useRowFocus(focus, given);
  return (
    <TableRegion ref={region} label="Users table">
      <table className={`${stackedTableClass} sm:min-w-[36rem]`}>
        <caption className="sr-only">Users</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={headerCellClass}>
              E-mail
            </th>
            <th scope="col" className={headerCellClass}>
              Status
            </th>
            <th scope="col" className={headerCellClass}>
              <span className="sr-only">Make Admin</span>
            </th>
            <th scope="col" className={headerCellClass}>
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {users.map((user) => (
            <UserRow
              key={user.email}
              user={user}
              isMe={user.email.toLowerCase() === myEmail.toLowerCase()}
              onMakeAdmin={onMakeAdmin}
              onRemoveAdmin={onRemoveAdmin}
              onRemove={onRemove}
              pending={pending?.email === user.email ? pending.action : undefined}
              busy={pending !== undefined}
            />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

interface UserRowProps {
  user: UserSummary;
  isMe: boolean;
  onMakeAdmin: (user: UserSummary) => void;
  onRemoveAdmin: (user: UserSummary) => void;
  onRemove: (user: UserSummary) => void;
  pending: UserAction | undefined;
  busy: boolean;
}

function UserRow({ user, isMe, onMakeAdmin, onRemoveAdmin, onRemove, pending, busy }: UserRowProps) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const unconfirmedId = `${id}-unconfirmed`;
  const admin = user.role === 'admin';
  // Only a confirmed address may be made an admin (decision 144): said before it is pressed.
  const unconfirmed = !admin && user.emailVerified === false;
  // One button for the role, whichever it says: the lists come back (Make Admin now reads Remove
  // admin) before the action ends, and the button pressed stays the pending one, not a disabled
  // one (Chromium drops a disabled button's focus; decision 132).
  const rolePending = pending === 'make-admin' || pending === 'remove-admin';
  // Each button is named for its user, its visible words first ("Make Admin jane@example.com"):
  // a list of the page's buttons, or a voice command, tells the rows apart (decision 227).
  return (
    <tr data-row={user.email} className="align-middle">
      <th scope="row" tabIndex={-1} className="px-4 py-3 font-normal focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700">
        <span className="block font-semibold text-ink">
          <EmailText email={user.email} />
        </span>
        {user.name && <span className="block text-slate-500">{user.name}</span>}
      </th>
      <td data-label="Status" className="px-4 py-3">
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${admin ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-700'}`}
        >
          {admin ? 'Admin' : 'Customer'}
        </span>
      </td>
      <td data-row-actions className="px-4 py-3">
        {admin ? (
          // The server keeps the last admin one and says so (409).
          <ActionButton onClick={() => onRemoveAdmin(user)} disabled={busy} pending={rolePending} aria-label={`Remove admin ${user.email}`}>
            Remove admin
          </ActionButton>
        ) : (
          <>
            <ActionButton
              tone="primary"
              onClick={() => onMakeAdmin(user)}
              disabled={busy || unconfirmed}
              pending={rolePending}
              aria-label={`Make Admin ${user.email}`}
              aria-describedby={unconfirmed ? unconfirmedId : undefined}
              title={unconfirmed ? adminMessages.notConfirmedYet : undefined}
            >
              Make Admin
            </ActionButton>
            {unconfirmed && (
              <p id={unconfirmedId} className="mt-1 max-w-48 text-xs text-slate-500">
                {adminMessages.notConfirmedYet}
              </p>
            )}
          </>
        )}
      </td>
      <td className="px-4 py-3">
        <ActionButton
          tone="danger"
          onClick={() => onRemove(user)}
          disabled={isMe || busy}
          pending={pending === 'remove'}
          aria-label={`Remove ${user.email}`}
          aria-describedby={isMe ? reasonId : undefined}
          title={isMe ? adminMessages.cannotRemoveSelf : undefined}
        >
          Remove
        </ActionButton>
        {isMe && (
          <p id={reasonId} className="mt-1 max-w-48 text-xs text-slate-500">
            {adminMessages.cannotRemoveSelf}
          </p>
        )}
      </td>
    </tr>
  );
}
