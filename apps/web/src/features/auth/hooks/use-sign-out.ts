import { notices, paths } from '@autoparts/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearAccessToken } from '../../../lib/access-token';
import { meQuery } from '../../../lib/me';
import { privateQueryRoots } from '../../../lib/query-keys';
import { finishSignOut, setSignOutPending } from '../../../lib/session-end';
import { signedOutState } from '../utils/signed-out-state';

/**
 * Signs the user out (SPEC §4): ends the session, removes the stored token, forgets who was
 * signed in and goes to `to` (home unless told). The browser is signed out even when the server
 * cannot be reached: the sign-out is then kept as pending and finished when it answers again.
 * Navigating first keeps the guards of the page being left from sending the user to /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ to = paths.home }: { to?: string } = {}) => {
      setSignOutPending(true);
      const ended = await finishSignOut();
      await navigate(to, { replace: true, state: signedOutState });
      // The next user of this browser must not see the last one's orders, even for a moment.
      for (const root of privateQueryRoots) queryClient.removeQueries({ queryKey: root });
      // Nobody is signed in before the token goes, so the renewal does not ask for a new one. A
      // check of who is signed in begun before the sign-out is cancelled first: answering after
      // it, it would put the user back (TanStack Query's cancelQueries, as before any setQueryData).
      await queryClient.cancelQueries({ queryKey: meQuery.queryKey });
      queryClient.setQueryData(meQuery.queryKey, null);
      clearAccessToken();
      // The toast library loads on demand (it is not part of the first screen's JavaScript); when
      // even it cannot be fetched, the notice is lost but the sign-out stands.
      if (!ended) {
        import('sonner').then(
          ({ toast }) => toast.info(notices.signedOutOffline),
          () => {},
        );
      }
    },
    [navigate, queryClient],
  );
}
