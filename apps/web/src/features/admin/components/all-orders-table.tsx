import { can, cancelsOnlyTheRest, formatPrice, orderKindOf, orderStatusLabels, type Order, type OrderStatus, type ShipOrderInput } from '@autoparts/shared';
import { useId, useState, type RefObject } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { adminNotices } from '../admin-notices';
import { ActionButton } from './action-button';
import { actionsCellClass, actionsHeaderClass, headerCellClass, stackedTableClass, TableRegion, theadClass, useRowFocus, type RowFocus } from './table-region';
import { EmailText } from '../../../components/email-text';
import { OrderDetailsDisclosure } from '../../orders/components/order-breakdown';
import type { ShipRefusal } from '../../shipments/api/shipments';
import { ShipForm } from '../../shipments/components/ship-form';

/** What the row does once its parcel is answered: closes its form, or says the refusal in it. */
export interface ShipAnswers {
  shipped: () => void;
  refused: (refusal: ShipRefusal) => void;
}

interface AllOrdersTableProps {
  orders: Order[];
  onShip: (order: Order, shipment: ShipOrderInput, answers: ShipAnswers) => void;
  onDeliver: (order: Order) => void;
  onCancel: (order: Order) => void;
  /** The action under way, if any: one at a time. */
  pending: { action: 'ship' | 'deliver' | 'cancel'; id: string } | undefined;
  /** Another page or filter is loading: the rows shown are the previous ones. */
  stale: boolean;
  /** The order (its id) whose action just succeeded: the keyboard goes to what is left of its row. */
  focus?: RowFocus | undefined;
  /** The table's region, for the page's Pager to take the keyboard to. */
  region?: RefObject<HTMLDivElement | null>;
}

const statusStyles: Record<OrderStatus, string> = {
  unpaid: 'bg-amber-100 text-amber-800',
  paid: 'bg-green-100 text-green-800',
  partially_shipped: 'bg-brand-50 text-brand-700',
  shipped: 'bg-brand-50 text-brand-700',
  delivered: 'bg-brand-50 text-brand-700',
  cancelled: 'bg-slate-100 text-slate-700',
  expired: 'bg-slate-100 text-slate-700',
};

/** Every customer's orders: who, what, how many, the total, the status and when; ship or cancel. */
export function AllOrdersTable({ orders, onShip, onDeliver, onCancel, pending, stale, focus, region: given }: AllOrdersTableProps) {
  const region = useRowFocus(focus, given);
  return (
    <TableRegion ref={region} label="All orders table" busy={stale}>
      <table className={`${stackedTableClass} sm:min-w-[56rem] ${stale ? 'opacity-60' : ''}`}>
        <caption className="sr-only">All orders</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={headerCellClass}>
              Customer
            </th>
            <th scope="col" className={headerCellClass}>
              Part
            </th>
            <th scope="col" className={headerCellClass}>
              Quantity
            </th>
            <th scope="col" className={headerCellClass}>
              Total
            </th>
            <th scope="col" className={headerCellClass}>
              Status
            </th>
            <th scope="col" className={headerCellClass}>
              Date
            </th>
            <th scope="col" className={`${headerCellClass} ${actionsHeaderClass}`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((order) => (
            <OrderRow
              key={order._id}
              order={order}
              onShip={onShip}
              onDeliver={onDeliver}
              onCancel={onCancel}
              pending={pending?.id === order._id ? pending.action : undefined}
              busy={pending !== undefined || stale}
            />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

interface OrderRowProps {
  order: Order;
  onShip: (order: Order, shipment: ShipOrderInput, answers: ShipAnswers) => void;
  onDeliver: (order: Order) => void;
  onCancel: (order: Order) => void;
  pending: 'ship' | 'deliver' | 'cancel' | undefined;
  busy: boolean;
}

function OrderRow({ order, onShip, onDeliver, onCancel, pending, busy }: OrderRowProps) {
  const id = useId();
  const customerId = `${id}-customer`;
  const partId = `${id}-part`;
  const formId = `${id}-ship`;
  const kind = orderKindOf(order.paymentProvider);
  const shippable = can(order.status, 'ship', 'admin', kind);
  // A warranty replacement: cancelled before it ships, its claim open again (decision 110).
  const cancellable = can(order.status, 'cancel', 'admin', kind);
  // The Ship… form opens in a row of its own under the order's, across the table: in the
  // actions column it squeezed the customer's e-mail over three lines. Its parcel recorded closes
  // it; another admin's parcel does not (the form, maybe with the keyboard in it, offers what is left).
  const [shipOpen, setShipOpen] = useState(false);
  return (
    <>
      <tr data-row={order._id} className="align-middle">
        <th scope="row" id={customerId} tabIndex={-1} className="px-4 py-3 font-normal focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700">
          <span className="block font-semibold text-ink">{order.customername}</span>
          {/* On a phone's card an e-mail wraps at its "@" and dots, and one with a part longer than
              the card (60 letters before the "@") where it must, not past the card's edge.
              From 640 px the e-mail keeps to one line (the Ship… form's row must not squeeze it over
              three), cut with an ellipsis past 14rem below 1536 px: whole, a long one pushed the
              actions out of a 1280 px window. Its whole text stays for screen readers and as its title. */}
          <EmailText
            email={order.email}
            title={order.email}
            className="block text-slate-500 max-sm:[overflow-wrap:anywhere] sm:overflow-hidden sm:text-ellipsis sm:whitespace-nowrap sm:[&_wbr]:hidden sm:max-2xl:max-w-[14rem]"
          />
        </th>
        <td data-label="Part" className="px-4 py-3 sm:min-w-[10rem]">
          <span id={partId} className="block">
            {order.name}
          </span>
          <span className="block text-xs text-slate-500">Order {order.orderNumber}</span>
          <OrderDetailsDisclosure order={order} />
        </td>
        <td data-label="Quantity" className="px-4 py-3 tabular-nums">{order.orderQuantity}</td>
        <td data-label="Total" className="px-4 py-3 tabular-nums">{formatPrice(order.price)}</td>
        <td data-label="Status" className="px-4 py-3">
          <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyles[order.status]}`}>
            {orderStatusLabels[order.status]}
          </span>
          {kind === 'replacement' && <p className="mt-1 max-w-40 text-xs text-slate-600">{adminNotices.replacementOrder}</p>}
          {order.transactionId && (
            <p className="mt-1 text-xs text-slate-600">
              {order.paymentProvider === 'stripe' ? 'Stripe' : 'Test mode'}:{' '}
              <span className="break-all font-mono text-slate-700">{order.transactionId}</span>
            </p>
          )}
        </td>
        {/* The date and its time on two lines when the row's texts need the width (at 1280 px, long names). */}
        <td data-label="Date" className="px-4 py-3 text-slate-600">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </td>
        {/* In sight at the region's right edge however wide the row's texts make the table (decision 172). */}
        <td data-row-actions className={`px-4 py-3 ${actionsCellClass}`}>
          {shippable || cancellable ? (
            // A paid order can be shipped or cancelled (its payment refunded); a partly shipped one's rest too.
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {shippable && (
                <button
                  type="button"
                  aria-expanded={shipOpen}
                  aria-controls={shipOpen ? formId : undefined}
                  onClick={() => setShipOpen((open) => !open)}
                  className="inline-flex min-h-6 items-center whitespace-nowrap rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  Ship…<span className="sr-only">{` order ${order.orderNumber}`}</span>
                </button>
              )}
              {cancellable && (
                <ActionButton
                  tone="danger"
                  onClick={() => onCancel(order)}
                  disabled={busy}
                  pending={pending === 'cancel'}
                  aria-describedby={`${customerId} ${partId}`}
                >
                  {cancelsOnlyTheRest(order.status, kind) ? 'Cancel the rest' : 'Cancel'}
                </ActionButton>
              )}
            </div>
          ) : can(order.status, 'deliver', 'admin', kind) ? (
            <ActionButton
              tone="primary"
              onClick={() => onDeliver(order)}
              disabled={busy}
              pending={pending === 'deliver'}
              aria-describedby={`${customerId} ${partId}`}
            >
              Mark delivered
            </ActionButton>
          ) : (
            <span className="text-slate-400">
              <span aria-hidden="true">—</span>
              <span className="sr-only">No action</span>
            </span>
          )}
        </td>
      </tr>
      {shippable && shipOpen && (
        <tr className="bg-slate-50">
          <td colSpan={7} className="px-4 py-4">
            <ShipForm id={formId} order={order} onShip={(shipment, refused) => onShip(order, shipment, { shipped: () => setShipOpen(false), refused })} busy={busy || pending === 'ship'} />
          </td>
        </tr>
      )}
    </>
  );
}
