import { CARRIERS, carrierNames, shipmentMessages, trackingNumberSchema, type CarrierCode, type Order, type ShipOrderInput } from '@autoparts/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ActionButton } from '../../admin/components/action-button';
import type { ShipRefusal } from '../api/shipments';
import { AddressLines } from '../../orders/components/order-breakdown';

/** Each line's units not shipped yet, by part. */
export function leftToShip(order: Order): { partId: string; name: string; partNumber: string; left: number }[] {
  const shipped = new Map<string, number>();
  for (const shipment of order.shipments) {
    for (const line of shipment.lines) shipped.set(line.partId, (shipped.get(line.partId) ?? 0) + line.quantity);
  }
  return order.lines
    .map((line) => {
      const gone = Math.min(line.quantity, shipped.get(line.partId) ?? 0);
      shipped.set(line.partId, (shipped.get(line.partId) ?? 0) - gone);
      return { partId: line.partId, name: line.name, partNumber: line.partNumber, left: line.quantity - gone };
    })
    .filter((line) => line.left > 0);
}

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700';

/** Which of the form's fields a refusal is about. */
type ErrorAt = 'tracking' | 'units' | 'carrier';

/**
 * The form that "Ship…" opens under an order to ship, across the table's width (a column of its
 * own would squeeze the others): where it goes and by which method, then the carrier, the
 * tracking number, and how many of each line (all that is left, unless changed). The server
 * decides what may go; it checks everything again. Its refusal of a field or a line (`refused`,
 * called once the list is fetched again) is said here as the form's own are, with the keyboard at
 * the field to correct; each line offers at most what is left of it now (decision 170).
 */
export function ShipForm({
  order,
  onShip,
  busy,
  id: formId,
}: {
  order: Order;
  onShip: (shipment: ShipOrderInput, refused: (refusal: ShipRefusal) => void) => void;
  busy: boolean;
  id: string;
}) {
  const id = useId();
  const lines = leftToShip(order);
  const [carrier, setCarrier] = useState<CarrierCode>('ups');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>(() => Object.fromEntries(lines.map((line) => [line.partId, line.left])));
  // `line`: the part of the line a refusal of units names (none: every line's units).
  const [error, setError] = useState<{ message: string; at: ErrorAt; line?: string | undefined } | undefined>();
  /** Units of a line: as chosen, but no more than is left of it (another parcel may have gone since). */
  const unitsOf = (line: { partId: string; left: number }) => Math.min(quantities[line.partId] ?? line.left, line.left);
  // A refusal takes the keyboard to the field to correct (its alert is read as well).
  const trackingField = useRef<HTMLInputElement>(null);
  const unitsField = useRef<HTMLFieldSetElement>(null);
  const carrierField = useRef<HTMLSelectElement>(null);

  /** The server's refusal of what was sent (`going`), at the field or the line it names. */
  function refused(refusal: ShipRefusal, going: { partId: string }[]) {
    const at: ErrorAt =
      refusal.message === shipmentMessages.trackingNumber || refusal.message === shipmentMessages.trackingTaken
        ? 'tracking'
        : refusal.message === shipmentMessages.carrier
          ? 'carrier'
          : 'units';
    const partId = at === 'units' && refusal.line !== undefined ? going[refusal.line]?.partId : undefined;
    setError({ message: refusal.message, at, line: partId });
    if (at === 'tracking') trackingField.current?.focus();
    else if (at === 'carrier') carrierField.current?.focus();
    else {
      const named = partId === undefined ? null : unitsField.current?.querySelector<HTMLInputElement>(`input[data-part="${CSS.escape(partId)}"]`);
      (named ?? unitsField.current?.querySelector('input'))?.focus();
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const tracking = trackingNumberSchema.safeParse(trackingNumber);
    if (!tracking.success) {
      setError({ message: shipmentMessages.trackingNumber, at: 'tracking' });
      trackingField.current?.focus();
      return;
    }
    const going = lines.map((line) => ({ partId: line.partId, quantity: unitsOf(line) })).filter((line) => line.quantity > 0);
    if (going.length === 0) {
      setError({ message: shipmentMessages.noUnits, at: 'units' });
      unitsField.current?.querySelector('input')?.focus();
      return;
    }
    setError(undefined);
    const everything = going.length === lines.length && lines.every((line) => unitsOf(line) === line.left);
    // Without lines, "everything left" is sent: a refusal then names no line of ours.
    onShip({ carrier, trackingNumber: tracking.data, ...(everything ? {} : { lines: going }) }, (refusal) => refused(refusal, everything ? [] : going));
  }

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label={`Ship order ${order.orderNumber}`} className="grid w-full max-w-4xl gap-4 text-left text-sm sm:grid-cols-3">
      {/* Where it goes and how, as the buyer chose at checkout: what the parcel's label needs. */}
      <dl className="grid content-start gap-2 text-slate-700">
        <div>
          <dt className="font-semibold text-ink">Ship to</dt>
          <dd>{order.shippingAddress ? <AddressLines address={order.shippingAddress} /> : <p className="whitespace-pre-line">{order.address}</p>}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Method</dt>
          <dd>
            {order.shipping.method ? `${order.shipping.method}${order.shipping.estimate ? ` (${order.shipping.estimate})` : ''}` : 'None chosen'}
          </dd>
        </div>
      </dl>
      <div className="grid content-start gap-3">
        <label className="block font-semibold text-ink">
          Carrier
          <select
            ref={carrierField}
            value={carrier}
            aria-invalid={error?.at === 'carrier' || undefined}
            aria-describedby={error?.at === 'carrier' ? `${id}-error` : undefined}
            onChange={(event) => setCarrier(event.target.value as CarrierCode)} className={fieldClass}>
            {CARRIERS.map((code) => (
              <option key={code} value={code}>
                {carrierNames[code]}
              </option>
            ))}
          </select>
        </label>
        <label className="block font-semibold text-ink">
          Tracking number
          <input
            ref={trackingField}
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error?.at === 'tracking'}
            aria-describedby={error?.at === 'tracking' ? `${id}-error` : undefined}
            className={`${fieldClass} font-mono`}
          />
        </label>
      </div>
      <div className="grid content-start gap-3">
        <fieldset ref={unitsField} aria-describedby={error?.at === 'units' ? `${id}-error` : undefined}>
          <legend className="font-semibold text-ink">Units in this parcel</legend>
          {lines.map((line) => (
            <label key={line.partId} className="mt-2 flex items-center justify-between gap-3 text-slate-700">
              {/* A part's name of one long word (a feed's type designation) wraps within a phone's card. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {line.name} <span className="text-xs text-slate-500">(of {line.left} left)</span>
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={line.left}
                data-part={line.partId}
                // The line refused (or every line, when none is named) says why where the keyboard is.
                aria-invalid={(error?.at === 'units' && (error.line === undefined || error.line === line.partId)) || undefined}
                aria-describedby={error?.at === 'units' && (error.line === undefined || error.line === line.partId) ? `${id}-error` : undefined}
                value={unitsOf(line)}
                onChange={(event) =>
                  setQuantities((current) => ({ ...current, [line.partId]: Math.max(0, Math.min(line.left, Math.trunc(Number(event.target.value) || 0))) }))
                }
                className="w-20 rounded-lg border border-slate-300 px-2 py-1 text-right tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
              />
            </label>
          ))}
        </fieldset>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error.message}
          </p>
        )}
        <ActionButton tone="primary" type="submit" disabled={busy} pending={busy}>
          Ship
        </ActionButton>
      </div>
    </form>
  );
}
