import { authErrors, paths } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/spinner';
import { pageTitle } from '../../../content/site';
import { useMe } from '../../../lib/me';
import { signInMethodsQuery } from '../api/change-password';
import { ChangePasswordForm } from '../components/change-password-form';

/**
 * /dashboard/password: a signed-in customer or admin changes their password. An account that
 * signs in with Google only has none here, and is told so instead of shown the form (the e-mailed
 * reset link can give it one); when the shop cannot say which it is, the form shows and the
 * server's answer speaks.
 */
export function Component() {
  const { data: me } = useMe();
  const email = me?.email ?? '';
  const methods = useQuery({ ...signInMethodsQuery(email), enabled: email !== '', retry: false });
  const googleOnly = methods.data !== undefined && !methods.data.includes('credential');

  return (
    <section aria-labelledby="change-password-heading" className="max-w-3xl">
      <title>{pageTitle('Change password')}</title>
      <h1 id="change-password-heading" className="text-3xl font-extrabold text-ink">
        Change password
      </h1>
      <p className="mt-2 text-slate-600">
        Every other device signed in to your account is signed out when the password changes; this one stays signed in.
      </p>
      <div className="mt-6">
        {email === '' || methods.isPending ? (
          <LoadingBlock label="Loading your account" />
        ) : googleOnly ? (
          <p className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-700">{authErrors.noPassword}</p>
        ) : (
          <ChangePasswordForm email={email} />
        )}
      </div>
      <p className="mt-8 text-sm text-slate-600">
        {googleOnly ? 'Want to sign in with a password as well?' : 'Forgot your current password?'}{' '}
        <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline">
          {googleOnly ? 'Get a link by e-mail to choose one' : 'Get a link by e-mail to choose a new one'}
        </Link>
        .
      </p>
    </section>
  );
}
