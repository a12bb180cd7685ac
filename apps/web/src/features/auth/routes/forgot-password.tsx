import { accountMailMessages, forgotPasswordSchema, paths, RESET_FROM_MAX_LENGTH } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { requestPasswordReset } from '../api/account-recovery';
import { authErrorMessage } from '../api/auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { checkedWhenSent } from '../../../lib/form-checking';
import { redirectTarget } from '../utils/redirect-target';

/**
 * /forgot-password: asks for the e-mail and always answers the same, whether or not an
 * account has it, so the page tells nobody who is a customer.
 */
export function Component() {
  // Where Login was to go after signing in (its state, decision 190): the mailed link carries it,
  // so that the new password lands there; a page too long for the link is left out.
  const location = useLocation();
  const from = redirectTarget(location.state);
  const carried = from !== paths.home && from.length <= RESET_FROM_MAX_LENGTH ? from : undefined;
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // The form and its pressed button go: the keyboard's place moves to what took their place.
  const sentMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) sentMessage.current?.focus();
  }, [sent]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), ...checkedWhenSent, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await requestPasswordReset({ email: values.email, ...(carried ? { from: carried } : {}) });
      setSent(true);
    } catch (failure) {
      setError(authErrorMessage(failure));
    }
  });

  return (
    <AuthCard title="Forgot password" error={error}>
      {sent ? (
        <p ref={sentMessage} tabIndex={-1} role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 focus:outline-none">
          {accountMailMessages.resetRequested}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <p className="text-sm text-slate-600">Type the e-mail of your account. We send you a link to choose a new password.</p>
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <SubmitButton pending={isSubmitting}>Send the link</SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={paths.login} state={{ from }} className={authLinkClass}>
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
