import { paths } from '@autoparts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { LoadingBlock } from '../../../components/spinner';
import { useStoredAccessToken } from '../../../lib/access-token';
import { ApiError, api } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { useSignOut } from '../hooks/use-sign-out';
import { QueryFailed } from './query-failed';

const adminQuery = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: ({ signal }) =>
      api<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`, { signal, auth: true }),
    // Retried by the app's one rule (retryTransientFailures): 401 and 403 are answers (not an
    // admin, or no longer signed in), not hiccups to retry.
  });

function isRefusal(error: unknown) {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Layout route for admin pages (SPEC §6): asks the server with the bearer token whether the user
 * is an admin, showing a spinner meanwhile; anyone else is signed out and sent to /login.
 * Place it inside RequireAuth. A convenience only: the server checks every admin call itself.
 */
export function RequireAdmin() {
  const { data: me, isPending: mePending } = useMe();
  const stored = useStoredAccessToken();
  const email = me?.email ?? '';
  // Wait for the user's token (after a Google sign-in the app fetches it first).
  const admin = useQuery({ ...adminQuery(email), enabled: email !== '' && stored?.email === email });
  const signOut = useSignOut();
  const signingOut = useRef(false);

  const refused = (!mePending && !me) || admin.data?.admin === false || isRefusal(admin.error);
  useEffect(() => {
    if (!refused || signingOut.current) return;
    signingOut.current = true;
    void signOut({ to: paths.login });
  }, [refused, signOut]);

  if (admin.data?.admin === true) return <Outlet />;
  if (admin.isError && !refused) {
    return <QueryFailed what="your admin access" onRetry={() => void admin.refetch()} />;
  }
  return <LoadingBlock />;
}
