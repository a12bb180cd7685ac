import { paths } from '@autoparts/shared';
import { Outlet } from 'react-router';
import { privateDescription } from '../../../lib/page-heads';
import { useMe } from '../../../lib/me';
import { DashboardSidebar } from './dashboard-sidebar';

/** /dashboard (SPEC §2), behind RequireAuth: the sidebar and the chosen dashboard page. */
export function Component() {
  const { data: me } = useMe();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:gap-10 md:py-12">
      {/* The pages' own titles; their description and no index are the dashboard's. */}
      <meta name="description" content={privateDescription(paths.dashboard)} />
      <meta name="robots" content="noindex" />
      <DashboardSidebar role={me?.role ?? 'customer'} member={me?.company === true} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
