import { addressLines, can, formatPrice, orderKindOf, partPromiseMessages, shipmentMessages, type Order, type ShipTo } from '@autoparts/shared';
import { useState } from 'react';
import { OrderTimeline } from '../../shipments/components/order-timeline';
import { OrderDocuments } from '../../invoices/components/order-documents';
import { CurrencyNotes } from './currency-notes';

/**
 * An order in full (decision 052): its lines, each at the unit price it was ordered at; the
 * subtotal, the shipping method and its price, the tax and the total; where it ships; the
 * purchase-order number and the note. Shown on the payment page, and in My Orders and Manage All
 * Orders behind each order's "Order details".
 */
export function OrderBreakdown({ order, headingLevel = 3 }: { order: Order; /** Its headings' level: 2 right under a page's H1. */ headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const shipped = shippedOfLines(order);
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <ul aria-label={`Lines of order ${order.orderNumber}`} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {order.lines.map((line, index) => (
          <li key={`${line.kind}-${line.partId}-${line.partNumber}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span className="min-w-0">
              <span className="tabular-nums">{line.quantity} ×</span> <span className="font-semibold text-ink [overflow-wrap:anywhere]">{line.name}</span>
              {line.partNumber && <span className="ml-1 font-mono text-xs text-slate-500">{line.partNumber}</span>}
              {line.fitChecked && (
                <span className="ml-2 inline-block rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
                  {partPromiseMessages.fitPromiseLine}
                </span>
              )}
              {shipped[index] && <span className="block text-xs text-slate-600">{shipped[index]}</span>}
            </span>
            <span className="tabular-nums">
              {formatPrice(line.lineTotal)} <span className="text-xs text-slate-500">({formatPrice(line.unitPrice)} each)</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatPrice(order.subtotal)}</dd>
        <dt>
          Shipping
          {order.shipping.method ? (
            <span className="text-slate-500">
              : {order.shipping.method}
              {order.shipping.estimate ? ` (${order.shipping.estimate})` : ''}
            </span>
          ) : (
            <span className="text-slate-500">: none chosen</span>
          )}
        </dt>
        <dd className="text-right tabular-nums">{formatPrice(order.shipping.price)}</dd>
        <dt>{order.taxLabel}</dt>
        <dd className="text-right tabular-nums">{formatPrice(order.tax)}</dd>
        <dt className="font-bold text-ink">Total</dt>
        <dd className="text-right font-bold tabular-nums text-ink">{formatPrice(order.total)}</dd>
      </dl>
      <CurrencyNotes shipToCountry={order.shippingAddress?.country} />
      <div>
        <Heading className="font-semibold text-ink">Ship to</Heading>
        {order.shippingAddress ? <AddressLines address={order.shippingAddress} /> : <p className="whitespace-pre-line">{order.address}</p>}
      </div>
      {order.timeline.length > 0 && <OrderTimeline order={order} headingLevel={headingLevel} />}
      {(order.poNumber || order.note) && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {order.poNumber && (
            <>
              <dt className="font-semibold text-ink">Purchase order</dt>
              <dd className="break-all">{order.poNumber}</dd>
            </>
          )}
          {order.note && (
            <>
              <dt className="font-semibold text-ink">Note</dt>
              <dd className="break-words">{order.note}</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}

/**
 * What shipped of each part line of an order sent in parts, and what became of the rest (decision
 * 192): by the parcels the server lists, each line taking its part's shipped units in turn. Nothing
 * is said of an order whose every unit went, or of one nothing of which has shipped.
 */
function shippedOfLines(order: Order): (string | undefined)[] {
  const none = order.lines.map(() => undefined);
  if (order.shipments.length === 0) return none;
  const units = new Map<string, number>();
  for (const line of order.shipments.flatMap((shipment) => shipment.lines)) units.set(line.partId, (units.get(line.partId) ?? 0) + line.quantity);
  const shipped = order.lines.map((line) => {
    if (line.kind !== 'part') return null;
    const went = Math.min(line.quantity, units.get(line.partId) ?? 0);
    units.set(line.partId, (units.get(line.partId) ?? 0) - went);
    return { went, left: line.quantity - went };
  });
  if (shipped.every((entry) => entry === null || entry.left === 0)) return none;
  // What is left is still to come while the order-process table lets it ship, else it was cancelled.
  const restCancelled = !can(order.status, 'ship', 'admin', orderKindOf(order.paymentProvider));
  return shipped.map((entry) => (entry ? shipmentMessages.lineShipped(entry.went, entry.left, restCancelled) : undefined));
}

/** A ship-to address as the label prints it, the country in words ("United States"), then the phone. */
export function AddressLines({ address }: { address: ShipTo }) {
  return (
    <address className="not-italic">
      {[...addressLines(address), address.phone].filter(Boolean).map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/**
 * "Order details" that opens to the order in full, under an order's row; below it the order's
 * invoice and credit notes to download. The details are made
 * when first opened: a page of 20 orders carries 20 closed ones. Every list of orders that holds
 * it (My Orders, Order History, Manage All Orders) stands right under its page's H1, so the
 * details' headings are H2s: an H3 there skipped a level (axe's heading-order).
 */
export function OrderDetailsDisclosure({ order }: { order: Order }) {
  const [opened, setOpened] = useState(false);
  const lines = order.lines.length;
  return (
    <>
      <details className="mt-1 text-sm font-normal" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary className="cursor-pointer rounded py-0.5 text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          Order details<span className="sr-only">{` of order ${order.orderNumber}`}</span> ({lines} {lines === 1 ? 'line' : 'lines'})
        </summary>
        {opened && (
          <div className="mt-2 max-w-md">
            <OrderBreakdown order={order} headingLevel={2} />
          </div>
        )}
      </details>
      {/* The invoice and credit notes, visible without opening the details (decision 056). */}
      <OrderDocuments order={order} />
    </>
  );
}
