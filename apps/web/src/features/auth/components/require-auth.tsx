import { paths } from '@autoparts/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingBlock } from '../../../components/spinner';
import { useMe } from '../../../lib/me';
import { QueryFailed } from './query-failed';

/**
 * Layout route for signed-in pages (SPEC §6): a signed-out visitor goes to /login, which brings
 * them back here (`state.from`) after signing in. A convenience only: the server enforces access.
 */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) return <LoadingBlock />;
  if (me.isError) return <QueryFailed what="your account" onRetry={() => void me.refetch()} />;
  if (!me.data) {
    return <Navigate to={paths.login} state={{ from: location.pathname + location.search + location.hash }} replace />;
  }
  return <Outlet />;
}
