import { accountMailMessages, paths } from '@autoparts/shared';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, authLinkClass } from '../components/auth-card';

/**
 * /verify-email: where the confirmation link lands once the server has checked it
 * (`?done=1`, with `&error=` when the link was expired or not valid).
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const failed = searchParams.has('error');
  const done = searchParams.has('done') && !failed;
  return (
    <AuthCard
      title="Confirm your e-mail"
      error={failed ? accountMailMessages.verifyLinkInvalid : done ? null : accountMailMessages.verifyLinkMissing}
    >
      {done && (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
          {accountMailMessages.verified}
        </p>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to={failed ? paths.profile : paths.home} className={authLinkClass}>
          {failed ? 'Go to my profile' : 'Continue shopping'}
        </Link>
      </p>
    </AuthCard>
  );
}
