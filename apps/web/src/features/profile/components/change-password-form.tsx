import { accountMailMessages, apiErrors, authErrors, changePasswordFormSchema } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { ApiError, isApiError } from '../../../lib/api-client';
import { meQuery } from '../../../lib/me';
import { useChangePassword } from '../api/change-password';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The Change password form: the current password, and the new one by the sign-up rules, twice.
 * A wrong current password is said on its field; any other refusal above the button. On success
 * the server's words (every other device is signed out) and an empty form.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    // Checked when sent, then on each change (decision 085, amended), not on leaving a field: an
    // error drawn on blur moved Change password between the press and the release.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setGeneral(null);
    setDone(null);
    try {
      const reply = await change.mutateAsync({ currentPassword, newPassword });
      reset(empty);
      setDone(reply.message ?? accountMailMessages.passwordChanged);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        setError('currentPassword', { message: authErrors.wrongCurrentPassword }, { shouldFocus: true });
      } else {
        setGeneral(refusal(error));
        // Signed out meanwhile (a change or reset elsewhere): asking who is signed in sends the
        // page's guard to /login.
        if (isApiError(error, 401)) await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Change password" className="grid max-w-md gap-4">
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {general && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {general}
        </p>
      )}
      <div className="sm:max-w-xs">
        <SubmitButton pending={isSubmitting}>Change password</SubmitButton>
      </div>
      <div role="status">
        {done && <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{done}</p>}
      </div>
    </form>
  );
}

/** What a refusal other than a wrong current password means to the customer. */
function refusal(error: unknown): string {
  if (!(error instanceof ApiError)) return authErrors.passwordChangeFailed;
  if (error.status === 0) return authErrors.network;
  if (error.status === 429) return authErrors.tooManyAttempts;
  if (error.status === 401) return apiErrors.signInRequired;
  if (error.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return authErrors.noPassword;
  // A full hashing queue (503) and the shared schema's refusal (400) say what to do in their words.
  if ((error.status === 503 || error.status === 400) && error.message && !error.code) return error.message;
  return authErrors.passwordChangeFailed;
}
