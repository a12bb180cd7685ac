import { COMPANY_ROLES, companyMessages, companyRoleHints, companyRoleLabels, invitationInputSchema, type CompanyMember, type CompanyRole, type PendingInvitation } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadFailed } from '../../../components/load-failed';
import { SelectField } from '../../../components/select-field';
import { LoadingBlock } from '../../../components/spinner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { LIST_HEADING, useCollectionEditing, useFocusWhen } from '../../admin/components/collection-editing';
import { companyInvitationsQuery, companyMembersQuery, useChangeRole, useInvite, useLeaveCompany, useRemoveMember, useWithdrawInvitation } from '../api/companies';
import { checkedWhenSent } from '../../../lib/form-checking';

const roleOptions = COMPANY_ROLES.map((role) => ({ value: role, label: `${companyRoleLabels[role]}: ${companyRoleHints[role]}` }));
const neutralButton =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:opacity-60';
const dangerButton =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:opacity-60';

/**
 * The company's members with their roles; an owner changes a member's role, removes members (with
 * a confirmation), invites by e-mail and withdraws pending invitations (decision 086). Any member
 * leaves the company, with a confirmation (decision 105); the last owner is refused in words.
 */
export function CompanyMembers({ isOwner, myEmail, companyName }: { isOwner: boolean; myEmail: string; companyName: string }) {
  const members = useQuery(companyMembersQuery);
  const remove = useRemoveMember();
  const leave = useLeaveCompany();
  // A member removed hands the focus to a neighbour's Remove (the next, else the one before): their
  // own went with them, and the focus would fall to the top of the page.
  const { returnFocusTo, focusRequest, removed } = useCollectionEditing<{ id: string }>();
  const heading = useFocusWhen<HTMLHeadingElement>(returnFocusTo === LIST_HEADING, focusRequest);
  const me = members.data?.find((member) => member.email === myEmail);

  function handleLeave() {
    if (!me || leave.isPending || !window.confirm(companyMessages.leaveConfirm(companyName))) return;
    leave.mutate({ userId: me.userId, companyName });
  }

  // While a removal saves its button is aria-disabled, not disabled: the focus stays on it (decision 044).
  const removing = (member: CompanyMember) => remove.isPending && remove.variables.userId === member.userId;

  function handleRemove(member: CompanyMember) {
    // An owner removing themselves leaves the company.
    if (member.email === myEmail) return handleLeave();
    if (removing(member)) return;
    if (!window.confirm(companyMessages.removeConfirm(member.name, member.email))) return;
    const list = members.data ?? [];
    const at = list.indexOf(member);
    const neighbour = list[at + 1] ?? list[at - 1];
    remove.mutate(member, { onSuccess: () => removed(member.userId, neighbour?.userId ?? null) });
  }

  return (
    <section aria-labelledby="members-heading" className="grid gap-4">
      <h2 id="members-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        Members
      </h2>
      {members.isError ? (
        <LoadFailed what="the members" onRetry={() => void members.refetch()} />
      ) : members.isPending ? (
        <LoadingBlock label="Loading the members" />
      ) : (
        <ul className="grid gap-2" aria-label="Members">
          {members.data.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink">{member.name}</p>
                <p className="text-sm break-all text-slate-600">{member.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {isOwner ? (
                  <MemberRole member={member} />
                ) : (
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700">{companyRoleLabels[member.role]}</span>
                )}
                {isOwner && (
                  <RemoveButton
                    member={member}
                    focus={returnFocusTo === member.userId}
                    focusRequest={focusRequest}
                    pending={removing(member)}
                    onRemove={() => handleRemove(member)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {isOwner && <PendingInvitations onEmptied={() => heading.current?.focus()} />}
      {isOwner && <InviteForm />}
      {me && (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <button type="button" className={dangerButton} aria-disabled={leave.isPending || undefined} onClick={handleLeave}>
            {leave.isPending ? 'Leaving…' : 'Leave company'}
          </button>
          <p className="text-sm text-slate-600">Your past orders stay the company’s.</p>
        </div>
      )}
    </section>
  );
}

function RemoveButton({ member, focus, focusRequest, pending, onRemove }: { member: CompanyMember; focus: boolean; focusRequest: number; pending: boolean; onRemove: () => void }) {
  const button = useFocusWhen<HTMLButtonElement>(focus, focusRequest);
  return (
    <button ref={button} type="button" className={dangerButton} aria-disabled={pending || undefined} onClick={onRemove} aria-label={`Remove ${member.name} (${member.email})`}>
      Remove
    </button>
  );
}

/**
 * A member's role for an owner: the select only chooses (a closed select's arrow keys choose at
 * each press in Chromium, decision 044); "Change role" sends the choice. Neither is disabled
 * while it saves, so the focus stays on the button (Chromium drops it from a disabled one).
 */
function MemberRole({ member }: { member: CompanyMember }) {
  const changeRole = useChangeRole();
  const [chosen, setChosen] = useState<CompanyRole>(member.role);
  const [savedRole, setSavedRole] = useState(member.role);
  if (savedRole !== member.role) {
    setSavedRole(member.role);
    setChosen(member.role);
  }
  const who = `${member.name} (${member.email})`;
  return (
    <>
      <select
        aria-label={`Role of ${who}`}
        value={chosen}
        onChange={(event) => setChosen(event.target.value as CompanyRole)}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm font-semibold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {COMPANY_ROLES.map((role) => (
          <option key={role} value={role}>
            {companyRoleLabels[role]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={neutralButton}
        aria-disabled={changeRole.isPending || undefined}
        aria-busy={changeRole.isPending || undefined}
        onClick={() => {
          if (changeRole.isPending || chosen === member.role) return;
          changeRole.mutate({ member, role: chosen });
        }}
        aria-label={`Change the role of ${who}`}
      >
        Change role
      </button>
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The invitations still pending, each with Withdraw: its link then says it was withdrawn. A
 * withdrawn one hands the focus to a neighbour's Withdraw, the last one to the Members heading
 * (`onEmptied`), as the list goes with it.
 */
function PendingInvitations({ onEmptied }: { onEmptied: () => void }) {
  const invitations = useQuery(companyInvitationsQuery);
  const withdraw = useWithdrawInvitation();
  const { returnFocusTo, removed } = useCollectionEditing<PendingInvitation>();
  if (invitations.isError) return <LoadFailed what="the pending invitations" onRetry={() => void invitations.refetch()} />;
  if (invitations.isPending) return <LoadingBlock label="Loading the pending invitations" />;
  if (invitations.data.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-lg font-bold text-ink">Pending invitations</h3>
      <ul className="grid gap-2" aria-label="Pending invitations">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-4">
            <div className="min-w-0">
              <p className="font-semibold break-all text-ink">{invitation.email}</p>
              <p className="text-sm text-slate-600">
                {companyRoleLabels[invitation.role]} · link works until {dateFormat.format(new Date(invitation.expiresAt))}
              </p>
            </div>
            <WithdrawButton
              invitation={invitation}
              focus={returnFocusTo === invitation.id}
              pending={withdraw.isPending && withdraw.variables.id === invitation.id}
              onWithdraw={() => {
                const list = invitations.data;
                const at = list.indexOf(invitation);
                const neighbour = list[at + 1] ?? list[at - 1];
                withdraw.mutate(invitation, { onSuccess: () => (neighbour ? removed(invitation.id, neighbour.id) : onEmptied()) });
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function WithdrawButton({ invitation, focus, pending, onWithdraw }: { invitation: PendingInvitation; focus: boolean; pending: boolean; onWithdraw: () => void }) {
  const button = useFocusWhen<HTMLButtonElement>(focus);
  return (
    <button
      ref={button}
      type="button"
      className={dangerButton}
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) onWithdraw();
      }}
      aria-label={`Withdraw the invitation to ${invitation.email}`}
    >
      Withdraw
    </button>
  );
}

function InviteForm() {
  const invite = useInvite();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(invitationInputSchema),
    ...checkedWhenSent,
    defaultValues: { email: '', role: 'buyer' as const },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
      reset();
    } catch {
      // Reported by the hook (a toast with the server's reason).
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Invite a member" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
      <h3 className="text-lg font-bold text-ink sm:col-span-2">Invite a member</h3>
      <TextField label="E-mail" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <SelectField label="Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
      <p className="text-sm text-slate-600 sm:col-span-2">They get a link by e-mail that works for 7 days; they sign in or sign up with this address to accept.</p>
      <div className="sm:col-span-2 sm:w-56">
        <SubmitButton pending={isSubmitting}>Send invitation</SubmitButton>
      </div>
    </form>
  );
}
