import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meQuery } from '../../../lib/me';
import { requestAccessToken } from '../api/request-access-token';

/**
 * What follows a successful sign-in or sign-up, before the user is sent on (SPEC §4): first the
 * access token is requested and stored, then the app learns who is signed in.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (email: string) => {
      try {
        await requestAccessToken(email);
      } catch {
        // The session cookie is the primary credential; the app shell's renewal asks again.
      }
      // Fetched now (not just marked stale) so that the guard of the next page sees the user.
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 }).catch(() => undefined);
    },
    [queryClient],
  );
}
