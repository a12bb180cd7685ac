import type { LoginInput, SignupInput } from '@autoparts/shared';
import { api } from '../../../lib/api-client';

/** Better Auth, mounted at `/api/auth` (DESIGN §2). Each call sets or ends the session cookie. */

interface SignedIn {
  user?: { email?: string };
}

export function signInWithEmail(input: LoginInput) {
  return api<SignedIn>('/auth/sign-in/email', { method: 'POST', body: input });
}

export function signUpWithEmail(input: SignupInput) {
  return api<SignedIn>('/auth/sign-up/email', { method: 'POST', body: input });
}

export function endSession() {
  return api<unknown>('/auth/sign-out', { method: 'POST', body: {} });
}

/**
 * Starts Google sign-in: the reply names Google's page, where the browser goes next. Google
 * sends the user back to `callbackURL` signed in, or to `errorCallbackURL` when it failed.
 */
export function startGoogleSignIn({ callbackURL, errorCallbackURL }: { callbackURL: string; errorCallbackURL: string }) {
  return api<{ url: string; redirect: boolean }>('/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL, errorCallbackURL },
  });
}
