import { shipmentMessages, type Order } from '@autoparts/shared';
import { formatDateTime } from '../../../lib/dates';

/**
 * What happened to an order, oldest first: placed, paid, each parcel with its tracking link, delivered, returns, refunds.
 * Each tracking link is named by its parcel's carrier and number: with several parcels, "Track parcel" alone
 * named them all alike.
 */
export function OrderTimeline({ order, headingLevel = 3 }: { order: Order; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const parcelAt = (url: string) => order.shipments.find((shipment) => shipment.trackingUrl === url);
  return (
    <div>
      <Heading className="font-semibold text-ink">Timeline</Heading>
      <ol aria-label={`Timeline of order ${order.orderNumber}`} className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3">
        {order.timeline.map((event, index) => {
          const parcel = event.url ? parcelAt(event.url) : undefined;
          return (
            <li key={`${event.kind}-${index}`} className="text-slate-700">
              <time dateTime={event.at} className="mr-2 text-xs text-slate-500" suppressHydrationWarning>
                {formatDateTime(event.at)}
              </time>
              <span>{event.label}</span>
              {event.url && (
                <>
                  {' '}
                  <a href={event.url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
                    Track parcel{' '}
                    <span className="sr-only">{`${parcel ? `${shipmentMessages.parcelName(parcel.carrier, parcel.trackingNumber)} ` : ''}(opens the carrier’s site)`}</span>
                  </a>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * The tracking links of an order's parcels, for its row in My Orders: each numbered as the timeline
 * numbers its shipment ("Shipment 3" is "Track parcel 3", though parcel 2 went with no tracking
 * link), and saying it opens the carrier's site, as the timeline's links do (decision 192).
 */
export function TrackingLinks({ order }: { order: Order }) {
  if (!order.shipments.some((shipment) => shipment.trackingUrl)) return null;
  const numbered = order.shipments.length > 1;
  return (
    <ul className="mt-1 space-y-0.5 text-xs">
      {order.shipments.map((shipment, index) =>
        shipment.trackingUrl ? (
          <li key={shipment.id}>
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
              Track {numbered ? `parcel ${index + 1}` : 'parcel'}{' '}
              <span className="sr-only">{`of order ${order.orderNumber} (opens the carrier’s site)`}</span>
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}
