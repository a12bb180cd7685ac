import { accountMessages, apiErrors, awaitsPayment, can, formatPrice, hasEnded, hasShippedAll, orderKindOf, orderStatusLabels, paths, returnItemsPath, type MyOrder, type Order } from '@autoparts/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { OrderDetailsDisclosure } from './order-breakdown';
import { TrackingLinks } from '../../shipments/components/order-timeline';
import { BuyAgain } from './buy-again';
import { TimeLeft } from './time-left';
import { useFocusWhen } from '../../admin/components/collection-editing';

interface OrdersTableProps {
  orders: MyOrder[];
  /** The number of the first row (pages after the first go on counting). */
  firstNumber?: number;
  onCancel: (order: MyOrder) => void;
  /** The order being cancelled right now, if any. */
  cancellingId: string | undefined;
  /** The order whose Cancel (or, when it cannot be cancelled, its link) takes the focus. */
  focusId?: string | undefined;
  /** `useFocusWhen`'s request: a new one focuses `focusId` again. */
  focusRequest?: number | undefined;
}

/**
 * My Orders as a table (SPEC §2): number, product, price (the order's total), quantity, payment
 * status, Cancel and Buy again; under the product, the order's number and its details (lines, ship-to,
 * shipping, tax and total). Below 640 px each order is a card with Pay Now and Cancel in view (the
 * `stacked-table` rules of index.css); up to the table's width it scrolls sideways inside a region
 * that the keyboard can reach and scroll.
 */
export function OrdersTable({ orders, firstNumber = 1, onCancel, cancellingId, focusId, focusRequest }: OrdersTableProps) {
  return (
    <div
      role="region"
      aria-label="My Orders table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl sm:border sm:border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <table className="stacked-table w-full text-left text-sm sm:min-w-[40rem]">
        <caption className="sr-only">My Orders</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wider text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              #
            </th>
            <th scope="col" className="px-4 py-3">
              Product
            </th>
            <th scope="col" className="px-4 py-3">
              Price
            </th>
            <th scope="col" className="px-4 py-3">
              Quantity
            </th>
            <th scope="col" className="px-4 py-3">
              Payment
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Cancel</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((order, index) => (
            <OrderRow
              key={order._id}
              order={order}
              number={firstNumber + index}
              onCancel={onCancel}
              cancelling={cancellingId === order._id}
              busy={cancellingId !== undefined}
              focus={focusId === order._id}
              focusRequest={focusRequest}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface OrderRowProps {
  order: MyOrder;
  number: number;
  onCancel: (order: MyOrder) => void;
  cancelling: boolean;
  /** Some order is being cancelled: one at a time. */
  busy: boolean;
  focus: boolean;
  focusRequest: number | undefined;
}

function OrderRow({ order, number, onCancel, cancelling, busy, focus, focusRequest }: OrderRowProps) {
  const id = useId();
  const productId = `${id}-product`;
  const reasonId = `${id}-reason`;
  // The table says what its customer may cancel: the rest of a partly shipped order, not what has
  // all gone (said on a disabled Cancel), nor a warranty replacement (no Cancel: decision 110).
  const kind = orderKindOf(order.paymentProvider);
  // An order on account whose placer is no longer its company's buyer or owner: the server refuses
  // its cancel and its return (decision 133), so neither is offered (`mayAct`, decision 138).
  const cancellable = order.mayAct && can(order.status, 'cancel', 'customer', kind);
  const returnable = order.mayAct && can(order.status, 'requestReturn', 'customer', kind);
  const noLongerBuyer = !order.mayAct && (can(order.status, 'cancel', 'customer', kind) ? accountMessages.cancelNotBuyer : can(order.status, 'requestReturn', 'customer', kind) ? accountMessages.returnNotBuyer : null);
  const shipped = !cancellable && hasShippedAll(order.status);
  const cancelButton = useFocusWhen<HTMLButtonElement>(focus && cancellable, focusRequest);
  const orderLink = useFocusWhen<HTMLAnchorElement>(focus && !cancellable, focusRequest);
  return (
    <tr className="align-middle">
      <td data-label="#" className="px-4 py-3 tabular-nums text-slate-500">{number}</td>
      <th scope="row" className="px-4 py-3 font-semibold text-ink">
        <span id={productId}>{order.name}</span>
        <Link ref={orderLink} to={paths.order(order.orderNumber)} className="block text-xs font-normal text-brand-700 underline hover:text-brand-800">
          Order {order.orderNumber}
        </Link>
        <OrderDetailsDisclosure order={order} />
      </th>
      <td data-label="Price" className="px-4 py-3 tabular-nums">{formatPrice(order.price)}</td>
      <td data-label="Quantity" className="px-4 py-3 tabular-nums">{order.orderQuantity}</td>
      <td data-label="Payment" className="px-4 py-3">
        <PaymentStatus order={order} describedBy={productId} />
      </td>
      <td className="px-4 py-3">
        {(cancellable || shipped) && (
          // The one being cancelled is aria-disabled, not disabled, so the focus stays on it (decision 044).
          <button
            ref={cancelButton}
            type="button"
            onClick={() => {
              if (!cancelling) onCancel(order);
            }}
            disabled={shipped || (busy && !cancelling)}
            aria-disabled={cancelling || undefined}
            aria-busy={cancelling}
            aria-describedby={shipped ? `${productId} ${reasonId}` : productId}
            title={shipped ? apiErrors.shippedNotCancellable : undefined}
            className="inline-flex items-center gap-2 rounded-lg border border-red-300 px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400 disabled:hover:bg-transparent aria-disabled:cursor-wait"
          >
            {cancelling && <Spinner className="size-4" />}
            Cancel
          </button>
        )}
        {shipped && (
          <p id={reasonId} className="mt-1 max-w-48 text-xs text-slate-500">
            {apiErrors.shippedNotCancellable}
          </p>
        )}
        {!cancellable && !shipped && kind === 'replacement' && <p className="max-w-48 text-xs text-slate-500">{apiErrors.replacementNotCancellable}</p>}
        {noLongerBuyer && <p className="max-w-48 text-xs text-slate-500">{noLongerBuyer}</p>}
        {returnable && (
          <Link
            to={returnItemsPath(order._id)}
            aria-describedby={productId}
            className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Return items
          </Link>
        )}
        <BuyAgain orderId={order._id} describedBy={productId} />
      </td>
    </tr>
  );
}

/** Unpaid: a Pay Now link; paid or shipped: the label and the payment's transaction id (SPEC §2, §4). */
function PaymentStatus({ order, describedBy }: { order: Order; describedBy: string }) {
  // The one table of order states says whether a payment is awaited (decision 135), not `status === 'unpaid'`.
  if (awaitsPayment(order.status, orderKindOf(order.paymentProvider))) {
    return (
      <div>
        <Link
          to={paths.payment(order._id)}
          aria-describedby={describedBy}
          className="inline-flex rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Pay Now
        </Link>
        {order.expiresAt && <TimeLeft expiresAt={order.expiresAt} />}
      </div>
    );
  }
  const label = orderStatusLabels[order.status];
  return (
    <div>
      <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${hasEnded(order.status) ? 'bg-slate-100 text-slate-700' : 'bg-green-100 text-green-800'}`}>
        {label}
      </span>
      {order.transactionId && (
        <p className="mt-1 text-xs text-slate-500">
          Transaction ID: <span className="break-all font-mono text-slate-700">{order.transactionId}</span>
        </p>
      )}
      <TrackingLinks order={order} />
    </div>
  );
}
