import { authErrors } from '@autoparts/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { clearAccessToken } from '../../../lib/access-token';
import { leaveTo } from '../../../lib/location';
import { startGoogleSignIn } from '../api/auth-client';
import { authErrorMessage } from '../api/auth-errors';
import { configQuery } from '../../../lib/config';
import { googleErrorCallback } from '../utils/redirect-target';

interface GoogleButtonProps {
  /**
   * Where Google sends the user back to, signed in. When the sign-in does not complete, Google
   * sends them to /login, which says why and still goes there after a password sign-in.
   */
  callbackURL: string;
  onError: (message: string) => void;
  /** Cleared errors when a new attempt starts. */
  onStart: () => void;
  disabled?: boolean;
}

/**
 * 'Continue with Google' (SPEC §2). Shown even when the shop has no Google set-up, so that the
 * customer learns why it does not work rather than wondering where it went.
 */
export function GoogleButton({ callbackURL, onError, onStart, disabled = false }: GoogleButtonProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function handleClick() {
    onStart();
    setPending(true);
    try {
      const config = await queryClient.fetchQuery(configQuery);
      if (!config.googleSignIn) {
        onError(authErrors.googleNotConfigured);
        setPending(false);
        return;
      }
      const { url } = await startGoogleSignIn({ callbackURL, errorCallbackURL: googleErrorCallback(callbackURL) });
      // Google's account may not be the one whose token is stored; the shop asks for a new one on return.
      clearAccessToken();
      leaveTo(url);
    } catch (error) {
      onError(authErrorMessage(error));
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void handleClick()}
      disabled={disabled || pending}
      aria-busy={pending}
      className="inline-flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {pending ? <Spinner /> : <GoogleLogo />}
      Continue with Google
    </button>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
