import { notices, paths } from '@autoparts/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { clearAccessToken } from '../../../lib/access-token';
import { meQuery } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';
import { endSession } from '../api/auth-client';

/**
 * Signs the user out (SPEC §4): ends the session, removes the stored token, forgets who was
 * signed in and goes to `to` (home unless told). Navigating first keeps the guards of the page
 * being left from sending the user to /login with a `from`.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ to = paths.home }: { to?: string } = {}) => {
      let ended = true;
      try {
        await endSession();
      } catch {
        ended = false;
      }
      await navigate(to, { replace: true });
      queryClient.removeQueries({ queryKey: ['admin'] });
      // The next user of this browser must not see the last one's orders, even for a moment.
      queryClient.removeQueries({ queryKey: queryKeys.orders });
      queryClient.removeQueries({ queryKey: queryKeys.garage });
      // Nobody is signed in before the token goes, so the renewal does not ask for a new one.
      if (ended) queryClient.setQueryData(meQuery.queryKey, null);
      clearAccessToken();
      if (!ended) {
        // The session may still be alive: ask the server rather than pretend.
        toast.error(notices.somethingWrong);
        await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      }
    },
    [navigate, queryClient],
  );
}
