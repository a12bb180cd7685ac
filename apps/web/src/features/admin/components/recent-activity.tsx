import type { AuditEntry } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { recentActivityQuery } from '../api/get-recent-activity';
import { formatDateTime } from '../format';

export const RECENT_ACTIVITY_LIMIT = 5;

/** Who did what lately, on every admin page: the last few entries of the server's audit log. */
export function RecentActivity() {
  const activity = useQuery(recentActivityQuery(RECENT_ACTIVITY_LIMIT));
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
        <div className="mt-3 text-slate-600">
          <p>The activity could not be loaded.</p>
          <button
            type="button"
            onClick={() => void activity.refetch()}
            className="mt-2 rounded font-semibold text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Try again
          </button>
        </div>
      ) : activity.data.length === 0 ? (
        <p className="mt-3 text-slate-600">No admin actions yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {activity.data.map((entry) => (
            <li key={entry._id} className="border-t border-slate-200 pt-3 first:border-0 first:pt-0">
              <p className="break-words text-slate-700">
                <span className="font-semibold text-ink">{entry.actor}</span> {describe(entry)}
              </p>
              <time dateTime={entry.createdAt} className="text-xs text-slate-500">
                {formatDateTime(entry.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

/** The audit log's action in words: "made jane@example.com an admin", "restocked part 1a2b3c4d (+10)". */
export function describe({ action, target, details }: Pick<AuditEntry, 'action' | 'target' | 'details'>): string {
  const subject = shortTarget(target);
  const name = typeof details.name === 'string' ? `"${details.name}"` : subject;
  switch (action) {
    case 'user.make-admin':
      return `made ${target} an admin`;
    case 'user.remove':
      return `removed the user ${target}`;
    case 'part.add':
      return `added the product ${name}`;
    case 'part.update':
      return `edited ${name}`;
    case 'part.restock':
      return typeof details.quantity === 'number' ? `restocked ${subject} (+${details.quantity})` : `restocked ${subject}`;
    case 'part.archive':
      return `archived ${subject}`;
    case 'part.unarchive':
      return `restored ${subject}`;
    case 'order.ship':
      return `marked ${subject} shipped`;
    case 'order.cancel':
      return `cancelled ${subject}`;
    case 'review.hide':
      return `hid ${subject}`;
    case 'review.show':
      return `showed ${subject} again`;
    case 'mail.resend':
      return typeof details.recipient === 'string' ? `resent a message to ${details.recipient}` : 'resent a message';
    case 'image.upload':
      return `uploaded a photo (${String(details.width)}×${String(details.height)})`;
    default:
      return `${action} ${target}`;
  }
}

/** "part 0b1c5a3e-…" reads better as "part 0b1c5a3e": the start of an id is enough to tell. */
function shortTarget(target: string): string {
  const match = /^(part|order|review) ([0-9a-f]{8})[0-9a-f-]{20,}$/i.exec(target);
  return match ? `${match[1]} ${match[2]}` : target;
}
