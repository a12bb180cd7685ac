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

/**
 * The audit log's entry as a sentence after the admin's e-mail: "made jane@example.com an admin",
 * "restocked “Brake Pads” (BRK-1001) by 10". The server names the part, order or review as it is
 * now (`subject`); one since deleted falls back to the start of its id.
 */
export function describe({ action, target, details, subject }: Pick<AuditEntry, 'action' | 'target' | 'details' | 'subject'>): string {
  const what = subject ?? shortTarget(target);
  const count = (key: string) => (typeof details[key] === 'number' ? details[key] : undefined);
  switch (action) {
    case 'user.make-admin':
      return `made ${target} an admin`;
    case 'user.remove-admin':
      return `made ${target} a customer again`;
    case 'user.remove':
      return `removed the user ${target}`;
    case 'part.add':
      return typeof details.name === 'string' ? `added the product “${details.name}”` : `added the product ${what}`;
    case 'part.update':
      return `edited ${what}`;
    case 'part.restock':
      return count('quantity') === undefined ? `restocked ${what}` : `restocked ${what} by ${String(count('quantity'))}`;
    case 'part.archive':
      return `archived ${what}`;
    case 'part.unarchive':
      return `put ${what} back in the shop`;
    case 'part.catalogue':
      return `edited the catalogue details of ${what}`;
    case 'fitment.remove':
      return `removed a vehicle from the fitment of ${what}`;
    case 'fitment.import':
      return `imported fitment from a CSV file (${plural(count('rows'), 'row')}, ${plural(count('added'), 'new fitment')}, ${plural(count('vehiclesAdded'), 'new vehicle')})`;
    case 'fitment.export':
      return `exported the fitment as a CSV file (${plural(count('rows'), 'row')})`;
    case 'order.ship':
      return `marked ${what} shipped`;
    case 'order.cancel':
      return `cancelled ${what}`;
    case 'review.hide':
      return `hid ${what}`;
    case 'review.show':
      return `showed ${what} again`;
    case 'review.hide-author':
      return `hid every review by ${target} (${plural(count('hidden'), 'review')})`;
    case 'mail.resend':
      return typeof details.recipient === 'string' ? `resent a message to ${details.recipient}` : 'resent a message';
    case 'shipping-method.add':
      return `added the shipping method ${named(details.name, what)}`;
    case 'shipping-method.update':
      return `edited the shipping method ${named(details.name, what)}`;
    case 'shipping-method.remove':
      return `deleted the shipping method ${named(details.name, what)}`;
    case 'tax-rate.add':
      return `added a tax rate for ${placeIn(details, what)}`;
    case 'tax-rate.update':
      return `edited the tax rate for ${placeIn(details, what)}`;
    case 'tax-rate.remove':
      return `deleted the tax rate for ${placeIn(details, what)}`;
    case 'image.upload':
      return `uploaded a photo (${String(details.width)}×${String(details.height)} px)`;
    default:
      return `did “${action}” to ${what}`;
  }
}

/** “Standard”, from the details recorded; else whatever names the target. */
function named(name: unknown, fallback: string): string {
  return typeof name === 'string' ? `“${name}”` : fallback;
}

/** US-IL, or US for a whole country, from the details recorded. */
function placeIn(details: Record<string, unknown>, fallback: string): string {
  if (typeof details.country !== 'string') return fallback;
  return typeof details.region === 'string' ? `${details.country}-${details.region}` : details.country;
}

function plural(count: number | undefined, noun: string): string {
  if (count === undefined) return `${noun}s`;
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "part 0b1c5a3e-…" reads better as "part 0b1c5a3e": the start of an id is enough to tell. */
function shortTarget(target: string): string {
  const match = /^(part|order|review|image) ([0-9a-f]{8})[0-9a-f-]{20,}$/i.exec(target);
  return match ? `the ${match[1]} ${match[2]}` : target;
}
