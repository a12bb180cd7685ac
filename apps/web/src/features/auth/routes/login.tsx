import { accountMailMessages, authErrors, loginSchema, paths } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useMe } from '../../../lib/me';
import { signInWithEmail } from '../api/auth-client';
import { authErrorMessage } from '../api/auth-errors';
import { useClientConfig } from '../../../lib/config';
import { AuthCard, authLinkClass, OrDivider } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { signInTarget } from '../utils/redirect-target';
import { arrivedBySignOut } from '../utils/signed-out-state';
import { checkedWhenSent } from '../../../lib/form-checking';

/** /login (SPEC §2): e-mail and password, or Google; afterwards back to where the user came from. */
export function Component() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  const finishSignIn = useFinishSignIn();
  // Asked early, so that 'Continue with Google' answers at once.
  useClientConfig();
  // Back from Google without signing in, the page has no history state: `?from=` says it (googleErrorCallback).
  const from = signInTarget(location.state, searchParams);
  // Google's sign-in comes back with `?error=` when it did not complete; `account_not_linked`
  // when the address has a password account whose address is not confirmed yet;
  // `email_not_found` when Google gave no address it has confirmed.
  const [authError, setAuthError] = useState<string | null>(() => googleError(searchParams));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    ...checkedWhenSent,
    defaultValues: { email: '', password: '' },
  });

  // A sign-out's mark is spent once nobody is signed in: Back to this entry, signed in again
  // later, must send the user on like any other visit.
  const signOutSettled = arrivedBySignOut(location.state) && me.data === null;
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (signOutSettled) void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [signOutSettled, navigate, pathname, search, hash]);

  // Already signed in (e.g. a second tab): nothing to do here. Not while this page signs in itself,
  // nor while a sign-out that came here still knows the user.
  if (me.data && !isSubmitting && !arrivedBySignOut(location.state)) return <Navigate to={from} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setAuthError(null);
    try {
      const reply = await signInWithEmail(values);
      await finishSignIn(reply.user?.email ?? values.email);
      await navigate(from, { replace: true });
    } catch (error) {
      setAuthError(authErrorMessage(error));
    }
  });

  return (
    <AuthCard title="Login" error={authError}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} state={{ from }} className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
        <SubmitButton pending={isSubmitting}>Login</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        New to the shop?{' '}
        <Link to={paths.signup} state={{ from }} className={authLinkClass}>
          Create an account
        </Link>
      </p>
      <OrDivider />
      <GoogleButton
        callbackURL={from}
        disabled={isSubmitting}
        onStart={() => setAuthError(null)}
        onError={setAuthError}
      />
    </AuthCard>
  );
}

function googleError(searchParams: URLSearchParams): string | null {
  const errors = searchParams.getAll('error');
  if (errors.length === 0) return null;
  if (errors.includes('account_not_linked')) return accountMailMessages.googleNeedsVerifiedEmail;
  if (errors.includes('email_not_found')) return accountMailMessages.googleEmailNotConfirmed;
  return authErrors.googleFailed;
}
