import { awaitsPayment, can, formatPrice, orderKindOf, orderStanding, paths, returnItemsPath } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { pageTitle } from '../../../content/site';
import { isApiError } from '../../../lib/api-client';
import { OrderDocuments } from '../../invoices/components/order-documents';
import { formatDateTime } from '../../../lib/dates';
import { orderByNumberQuery } from '../api/get-order-by-number';
import { BuyAgain } from '../components/buy-again';
import { OrderBreakdown } from '../components/order-breakdown';
import { OrderNotFound } from '../components/order-not-found';
import { TimeLeft } from '../components/time-left';

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-800';

/**
 * /dashboard/orders/{orderNumber}: one order on a page of its own, linked from My Orders, the
 * order's e-mails, its returns and the company's orders: its status, lines and totals, ship-to,
 * timeline, documents, and what its placer can do with it next (pay, return items, buy again). A
 * member of the company reading another member's order (decision 106) sees who placed it instead.
 */
export function Component() {
  const { orderNumber = '' } = useParams();
  const order = useQuery(orderByNumberQuery(orderNumber));

  if (isApiError(order.error, 401, 403)) return <Navigate to={paths.home} replace />;
  if (isApiError(order.error, 404)) return <OrderNotFound />;
  // What its placer may do next, as the one table of order states says (decision 135): pay it, return items.
  const kind = orderKindOf(order.data?.paymentProvider ?? null);
  const payable = order.data !== undefined && awaitsPayment(order.data.status, kind);
  // Returning is its placer's while they may still act on it (`mayAct`: an order on account, while its company's buyer or owner).
  const returnable = order.data !== undefined && order.data.mayAct && can(order.data.status, 'requestReturn', 'customer', kind);

  return (
    <section aria-labelledby="order-heading" className="grid min-w-0 max-w-2xl gap-6">
      <title>{pageTitle(`Order ${orderNumber}`)}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 id="order-heading" className="text-3xl font-extrabold text-ink">
          Order {orderNumber}
        </h1>
        <Link to={paths.myOrders} className={linkClass}>
          My Orders
        </Link>
      </div>
      {order.isPending ? (
        <LoadingBlock label="Loading the order" />
      ) : order.isError ? (
        <LoadFailed what="this order" onRetry={() => void order.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
            <dt className="font-semibold">Status</dt>
            {/* An order on account says so with its invoice's due date, as the Company page does (decision 136). */}
            <dd>{orderStanding(order.data)}</dd>
            <dt className="font-semibold">Placed</dt>
            <dd>{formatDateTime(order.data.createdAt)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="tabular-nums">{formatPrice(order.data.total)}</dd>
            {!order.data.yours && (
              <>
                <dt className="font-semibold">Placed by</dt>
                <dd className="break-words">
                  {order.data.customername} ({order.data.email})
                </dd>
              </>
            )}
          </dl>
          <OrderDocuments order={order.data} />
          {order.data.yours && (payable || returnable) && (
            <div className="flex flex-wrap gap-4">
              {payable && (
                <div>
                  <Link to={paths.payment(order.data._id)} className={linkClass}>
                    Pay Now
                  </Link>
                  {/* How long is left, as My Orders and the payment page say it. */}
                  {order.data.expiresAt && <TimeLeft expiresAt={order.data.expiresAt} />}
                </div>
              )}
              {returnable && (
                <Link to={returnItemsPath(order.data._id)} className={linkClass}>
                  Return items
                </Link>
              )}
            </div>
          )}
          {/* As in My Orders; an expired order's e-mail sends its customer here for it. */}
          {order.data.yours && <BuyAgain orderId={order.data._id} describedBy="order-heading" />}
          <OrderBreakdown order={order.data} headingLevel={2} />
        </>
      )}
    </section>
  );
}
