import { accountMailMessages, authErrors, type Me } from '@autoparts/shared';
import { useRef } from 'react';
import { Spinner } from '../../../components/spinner';
import { customerMessage, isApiError } from '../../../lib/api-client';
import { useSendVerification } from '../api/send-verification';

/**
 * Whether the profile's address is confirmed; if not, a button that mails the link
 * again. A confirmed address may also sign in with Google.
 *
 * The button sends one link per press however fast it is pressed: a ref, set as the request
 * goes, stops a double-click's second press, which comes before the query library has told React
 * that the first is pending (it does so on a timer). While the link is sent the button is
 * `aria-disabled`, not `disabled`, so the focus stays on it (decision 044), as with SubmitButton
 * and ActionButton. The server sends no second link within a minute either (auth/routes.ts).
 */
export function EmailStatus({ me }: { me: Me }) {
  const send = useSendVerification();
  const sending = useRef(false);
  if (me.emailVerified) {
    return (
      <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800">
        <span aria-hidden="true">✓</span> E-mail confirmed
      </p>
    );
  }
  const failure = send.isError
    ? isApiError(send.error, 429)
      ? authErrors.tooManyAttempts
      : (customerMessage(send.error) ?? 'The link could not be sent. Please try again.')
    : null;
  const pending = send.isPending;

  function sendLink() {
    if (sending.current) return;
    sending.current = true;
    send.mutate(me.email, { onSettled: () => (sending.current = false) });
  }
  return (
    <div className="mt-3 space-y-2">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900">
        <span aria-hidden="true">!</span> E-mail not confirmed yet
      </p>
      <p className="text-sm text-slate-600">Confirm it to sign in with Google for this address too.</p>
      <button
        type="button"
        onClick={sendLink}
        aria-disabled={pending || undefined}
        aria-busy={pending}
        className="inline-flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
      >
        {pending && <Spinner />}
        {send.isSuccess ? 'Send the link again' : 'Send the confirmation link'}
      </button>
      <div aria-live="polite">
        {send.isSuccess && <p className="text-sm font-medium text-emerald-800">{accountMailMessages.verificationSent}</p>}
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {failure}
          </p>
        )}
      </div>
    </div>
  );
}
