import { auditMessages, paths } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { auditLogQuery } from '../../audit/api/get-audit-log';
import { AuditEntries } from '../../audit/components/audit-entries';
import { LoadError } from './load-error';

const RECENT_ACTIVITY_LIMIT = 5;

/** Who did what lately, on every admin page: the last few entries of the server's audit log. */
export function RecentActivity() {
  const activity = useQuery(auditLogQuery({ limit: RECENT_ACTIVITY_LIMIT }));
  return (
    <aside aria-labelledby="recent-activity-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm">
      <h2 id="recent-activity-heading" className="text-base font-bold text-ink">
        Recent admin activity
      </h2>
      {activity.isPending ? (
        <p role="status" className="mt-3 text-slate-500">
          Loading activity…
        </p>
      ) : activity.isError ? (
        <LoadError what="the recent admin activity" error={activity.error} onRetry={() => void activity.refetch()} className="mt-3" />
      ) : activity.data.length === 0 ? (
        <p className="mt-3 text-slate-600">{auditMessages.noneYet}</p>
      ) : (
        <AuditEntries entries={activity.data} className="mt-3" />
      )}
      <p className="mt-4">
        <Link
          to={paths.auditLog}
          className="rounded font-semibold text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          The whole audit log
        </Link>
      </p>
    </aside>
  );
}
