import type { GoogleSignInInput, LoginInput, SignupInput } from '@autoparts/shared';
import { api } from '../../../lib/api-client';
import { setSignOutPending } from '../../../lib/session-end';

/**
 * Better Auth, mounted at `/api/auth` (DESIGN §2). Each call sets the session cookie, so a sign-out
 * still pending from an unreachable server (lib/session-end.ts) no longer applies.
 */

interface SignedIn {
  user?: { email?: string };
}

export function signInWithEmail(input: LoginInput) {
  setSignOutPending(false);
  return api<SignedIn>('/auth/sign-in/email', { method: 'POST', body: input });
}

export function signUpWithEmail(input: SignupInput) {
  setSignOutPending(false);
  return api<SignedIn>('/auth/sign-up/email', { method: 'POST', body: input });
}

/**
 * Starts Google sign-in: the reply names Google's page, where the browser goes next. Google
 * sends the user back to `callbackURL` signed in, or to `errorCallbackURL` when it failed.
 */
export function startGoogleSignIn({ callbackURL, errorCallbackURL }: Pick<GoogleSignInInput, 'callbackURL' | 'errorCallbackURL'>) {
  setSignOutPending(false);
  const body: GoogleSignInInput = { provider: 'google', callbackURL, errorCallbackURL };
  return api<{ url: string; redirect: boolean }>('/auth/sign-in/social', { method: 'POST', body });
}
