import { accountMailMessages, paths, RESET_LINK_DEAD, resetPasswordFormSchema } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { clearAccessToken } from '../../../lib/access-token';
import { isApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/account-recovery';
import { authErrorMessage } from '../api/auth-errors';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { checkedWhenSent } from '../../../lib/form-checking';
import { FROM_PARAM, redirectTarget } from '../utils/redirect-target';

/**
 * /reset-password?token=…, opened from the e-mail's link: a new password by the sign-up
 * rules. Afterwards every other device is signed out and this one is signed in.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  // The mail's link goes through Better Auth's check of its token, which opens this page with
  // `?error=INVALID_TOKEN` when the link was used or has expired (auth.ts): said on opening.
  const deadOnOpening = searchParams.get('error') === RESET_LINK_DEAD;
  const token = deadOnOpening ? '' : (searchParams.get('token') ?? '');
  const navigate = useNavigate();
  // Where the customer was going when they asked for the link (`?from=`, by the sign-in's rule).
  const goingTo = redirectTarget({ from: searchParams.get(FROM_PARAM) });
  const finishSignIn = useFinishSignIn();
  const [error, setError] = useState<string | null>(
    deadOnOpening ? accountMailMessages.resetLinkInvalid : token ? null : accountMailMessages.resetLinkMissing,
  );
  const [linkDead, setLinkDead] = useState(!token);
  // A link with a token found dead on sending takes the form and its pressed button away: the
  // keyboard's place moves to the way on (not on arriving without a token, when nothing was pressed).
  const newLink = useRef<HTMLAnchorElement>(null);
  const diedOnSend = linkDead && token !== '';
  useEffect(() => {
    if (diedOnSend) newLink.current?.focus();
  }, [diedOnSend]);
  // A link found dead on opening: the keyboard and the screen reader start at the message, which
  // the link to ask for a new one follows.
  const deadMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (deadOnOpening) deadMessage.current?.focus();
  }, [deadOnOpening]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    ...checkedWhenSent,
    defaultValues: { newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const reply = await resetPassword({ token, newPassword: values.newPassword });
      // The old session's token died with it.
      clearAccessToken();
      if (reply.user?.email) await finishSignIn(reply.user.email);
      toast.success(accountMailMessages.resetDone);
      await navigate(goingTo, { replace: true });
    } catch (failure) {
      if (isApiError(failure, 400) && (failure.code === 'INVALID_TOKEN' || failure.code === 'USER_NOT_FOUND')) {
        setLinkDead(true);
        setError(accountMailMessages.resetLinkInvalid);
      } else {
        setError(authErrorMessage(failure));
      }
    }
  });

  return (
    <AuthCard title="Choose a new password" error={error} errorRef={deadOnOpening ? deadMessage : undefined}>
      {linkDead ? (
        <Link ref={newLink} to={paths.forgotPassword} state={{ from: goingTo }} className={`${authLinkClass} block text-center`}>
          Send me a new link
        </Link>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <SubmitButton pending={isSubmitting}>Save and sign in</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
