import type { ForgotPasswordInput, ResetPasswordInput } from '@autoparts/shared';
import { api } from '../../../lib/api-client';
import { setSignOutPending } from '../../../lib/session-end';

/** `POST /api/auth/request-password-reset`: answers the same whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return api<{ status: boolean }>('/auth/request-password-reset', { method: 'POST', body: input });
}

/**
 * `POST /api/auth/reset-password`: the e-mail's token and the new password. Every session of the
 * account ends; the reply signs this browser in, as a sign-in's does.
 */
export function resetPassword(input: ResetPasswordInput) {
  setSignOutPending(false);
  return api<{ user?: { email?: string } }>('/auth/reset-password', { method: 'POST', body: input });
}
