import { companyRoleLabels, paths } from '@autoparts/shared';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ignoredWhilePending, primaryButtonClass } from '../../../components/submit-button';
import { Spinner, LoadingBlock } from '../../../components/spinner';
import { pageTitle } from '../../../content/site';
import { customerMessage } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { useAcceptInvitation } from '../api/companies';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * /company/invitations/{token}: the link of a company's invitation e-mail. Signed out, it offers
 * signing in or up, both of which come back here (decision 066's `from`); signed in, accepting is
 * one press (sending it twice answers the same).
 */
export function Component() {
  const { token = '' } = useParams();
  const location = useLocation();
  const { data: me, isPending } = useMe();
  const accept = useAcceptInvitation();
  const back = { from: location.pathname };
  // Accepted, the button gives way to what was joined: the focus goes there, not to the page's body.
  const joinedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (accept.isSuccess) joinedRef.current?.focus();
  }, [accept.isSuccess]);

  return (
    <section aria-labelledby="invitation-heading" className="mx-auto grid max-w-xl gap-4 px-4 py-12">
      <title>{pageTitle('Company invitation')}</title>
      <h1 id="invitation-heading" className="text-3xl font-extrabold text-ink">
        Join a company
      </h1>
      {isPending ? (
        <LoadingBlock label="Checking who is signed in" />
      ) : !me ? (
        <>
          <p className="text-slate-700">You have been invited to join a company’s trade account. Sign in, or create an account, with the e-mail address the invitation was sent to.</p>
          <p className="flex flex-wrap gap-4">
            <Link to={paths.login} state={back} className={linkClass}>
              Log in
            </Link>
            <Link to={paths.signup} state={back} className={linkClass}>
              Create an account
            </Link>
          </p>
        </>
      ) : accept.isSuccess ? (
        <div ref={joinedRef} tabIndex={-1} role="status" className="grid gap-3 outline-none">
          <p className="text-slate-700">
            You are now a member of <strong>{accept.data.companyName}</strong> ({companyRoleLabels[accept.data.role]}).
          </p>
          <p>
            <Link to={paths.company} className={linkClass}>
              Go to the company’s page
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="text-slate-700">
            Signed in as <strong className="break-all">{me.email}</strong>. Accept to join the company that invited you.
          </p>
          {accept.isError && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
              {customerMessage(accept.error) ?? 'We could not accept the invitation right now. Try again.'}
            </p>
          )}
          <div className="sm:w-64">
            {/* `aria-disabled` while it waits, not `disabled`: Chromium drops the focus of a focused
                button that becomes disabled, and a refusal was then said to the page's body (decision 160). */}
            <button
              type="button"
              className={primaryButtonClass}
              aria-disabled={accept.isPending || undefined}
              aria-busy={accept.isPending}
              onClick={(event) => {
                ignoredWhilePending(accept.isPending)(event);
                if (!event.defaultPrevented) accept.mutate(token);
              }}
            >
              {accept.isPending && <Spinner />}
              Accept the invitation
            </button>
          </div>
        </>
      )}
    </section>
  );
}
