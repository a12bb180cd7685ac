import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clearAccessToken, useStoredAccessToken } from '../../../lib/access-token';
import { ApiError } from '../../../lib/api-client';
import { meQuery, useMe } from '../../../lib/me';
import { requestAccessToken } from '../api/request-access-token';

/** SPEC §9: renew five minutes before expiry; after a failure retry from 30 s, doubling up to 16 min. */
const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 16 * 60_000;

/**
 * Keeps a valid access token while someone is signed in, and none while no one is. Mounted once,
 * in the app shell. It also fetches the first token after a Google sign-in, which returns to the
 * shop with a session but no token.
 */
export function useAccessTokenRenewal() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const stored = useStoredAccessToken();
  const email = me?.email;
  const signedOut = me === null;
  const expiresAt = stored?.email === email ? stored?.expiresAt : undefined;
  // A token that the server issues already close to expiry must not set off a stream of requests.
  const lastRequestAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (signedOut) clearAccessToken();
  }, [signedOut]);

  useEffect(() => {
    if (!email) return;
    const now = Date.now();
    const valid = expiresAt !== undefined && expiresAt > now;
    // A token of another account, or an expired one, is useless: drop it so nobody sends it.
    if (!valid) clearAccessToken();
    let cancelled = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;

    const renew = async () => {
      lastRequestAt.current = Date.now();
      try {
        // Storing the new token changes `expiresAt`, which schedules the next renewal.
        await requestAccessToken(email);
      } catch (error) {
        if (cancelled) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          // The session ended or belongs to someone else now: find out who is signed in.
          void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
        }
        timer = setTimeout(renew, Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS));
        failures += 1;
      }
    };

    const dueIn = valid ? expiresAt - RENEW_BEFORE_EXPIRY_MS - now : 0;
    timer = setTimeout(renew, Math.max(dueIn, lastRequestAt.current + RETRY_FIRST_MS - now, 0));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [email, expiresAt, queryClient]);
}
