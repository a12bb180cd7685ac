import type { AuditEntry } from '@autoparts/shared';
import { formatDateTime } from '../../../lib/dates';

/**
 * Audit log entries, newest first: the admin's e-mail, then the server's sentence saying what they
 * did and what it changed, and when (in the admin's time zone).
 */
export function AuditEntries({ entries, className = '' }: { entries: AuditEntry[]; className?: string }) {
  return (
    <ol className={`space-y-3 ${className}`}>
      {entries.map((entry) => (
        <li key={entry._id} className="border-t border-slate-200 pt-3 first:border-0 first:pt-0">
          {/* A long file's name in a sentence breaks only where the column has no room (break-words let it widen a phone's page). */}
          <p className="text-slate-700 [overflow-wrap:anywhere]">
            <span className="font-semibold text-ink">{entry.actor}</span> {entry.sentence}
          </p>
          <time dateTime={entry.createdAt} className="text-xs text-slate-600">
            {formatDateTime(entry.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
