import { authErrors } from '@autoparts/shared';
import { ApiError } from '../../../lib/api-client';

/** What the customer reads when signing in or up failed, in their words, not the provider's. */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return authErrors.generic;
  if (error.status === 0) return authErrors.network;
  if (error.status === 429) return authErrors.tooManyAttempts;
  // The server's password hashing is saturated (a flood): its message says to try again shortly.
  if (error.status === 503 && error.message) return error.message;
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return authErrors.invalidCredentials;
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return authErrors.emailInUse;
    case 'USER_NOT_FOUND':
      return authErrors.unknownAccount;
  }
  // Better Auth answers an unknown account and a wrong password alike, so neither is revealed.
  if (error.status === 401) return authErrors.invalidCredentials;
  if (error.status >= 500 || !error.message) return authErrors.generic;
  return error.message;
}
