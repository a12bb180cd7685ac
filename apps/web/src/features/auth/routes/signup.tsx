import { accountMailMessages, paths, signupSchema } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useMe } from '../../../lib/me';
import { signUpWithEmail } from '../api/auth-client';
import { authErrorMessage } from '../api/auth-errors';
import { useClientConfig } from '../../../lib/config';
import { AuthCard, authLinkClass, OrDivider } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { redirectTarget } from '../utils/redirect-target';
import { checkedWhenSent } from '../../../lib/form-checking';

/**
 * /signup (SPEC §2): name, e-mail and password, or Google; afterwards home, or back to the page
 * that sent the buyer to sign in (the cart, checkout: the router's `state.from`, passed on by
 * /login's link and checked to be a path of this site), saying the account was made.
 */
export function Component() {
  const location = useLocation();
  const from = redirectTarget(location.state);
  const navigate = useNavigate();
  const me = useMe();
  const finishSignIn = useFinishSignIn();
  useClientConfig();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupSchema),
    ...checkedWhenSent,
    defaultValues: { name: '', email: '', password: '' },
  });

  if (me.data && !isSubmitting) return <Navigate to={from} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setAuthError(null);
    try {
      const reply = await signUpWithEmail(values);
      await finishSignIn(reply.user?.email ?? values.email);
      await navigate(from, { replace: true });
      toast.success(accountMailMessages.accountCreated);
    } catch (error) {
      setAuthError(authErrorMessage(error));
    }
  });

  return (
    <AuthCard title="Sign Up" error={authError}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField label="Name" type="text" autoComplete="name" error={errors.name?.message} {...register('name')} />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton pending={isSubmitting}>Sign Up</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} state={{ from }} className={authLinkClass}>
          Log in
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
