import { formatPrice, MY_ORDERS_PAGE_SIZE, orderStatusLabels, paths, type OrderHistoryEntry } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { Pager } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { BuyAgain } from '../components/buy-again';
import { OrderDetailsDisclosure } from '../components/order-breakdown';
import { pageTitle } from '../../../content/site';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { useHasNextPage } from '../../../lib/next-page';
import { orderHistoryQuery } from '../api/get-order-history';
import { EmptyState } from '../../../components/empty-state';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * /dashboard/history: the orders that left My Orders (SPEC §4: a cancelled order goes; an
 * unpaid one expires), each with what became of the money and "Buy again".
 */
export function Component() {
  const { data: me } = useMe();
  const email = me?.email ?? '';
  const [page, setPage] = useState(1);
  // The list's heading: a new page takes the keyboard there (Pager).
  const heading = useRef<HTMLHeadingElement>(null);
  const history = useQuery({ ...orderHistoryQuery(email, page), enabled: email !== '', placeholderData: keepPreviousData });
  const hasNext = useHasNextPage(orderHistoryQuery(email, page + 1), history.data?.length === MY_ORDERS_PAGE_SIZE);

  if (isApiError(history.error, 401, 403)) return <Navigate to={paths.home} replace />;

  return (
    <section aria-labelledby="order-history-heading">
      <title>{pageTitle('Order history')}</title>
      <h1 id="order-history-heading" ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-ink focus:outline-none">
        Order history
      </h1>
      <p className="mt-2 text-slate-600">
        Cancelled and expired orders. Orders to pay or on their way are in{' '}
        <Link to={me?.role === 'admin' ? paths.myOrders : paths.dashboard} className="font-semibold text-brand-700 underline">
          My Orders
        </Link>
        .
      </p>
      <div className="mt-6">
        {history.isError ? (
          <LoadFailed what="your order history" onRetry={() => void history.refetch()} />
        ) : history.isPending ? (
          <LoadingBlock label="Loading your order history" />
        ) : history.data.length === 0 && page === 1 ? (
          <EmptyState message="No cancelled or expired orders" />
        ) : (
          <div className="grid gap-4">
            <HistoryTable entries={history.data} />
            <Pager
              list={heading}
              page={page}
              hasNext={hasNext}
              loading={history.isPlaceholderData}
              onPage={setPage}
              label="Order history pages"
              previousText="Newer orders"
              nextText="Older orders"
            />
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * What became of the payment, as the server's credit notes say: refunded, credited to the company's
 * account (an order on account), nothing for a paid order nothing was given back for (a $0
 * replacement), "Not charged" for one never paid.
 */
function PaymentOutcome({ entry }: { entry: OrderHistoryEntry }) {
  if (entry.creditedToAccount !== null) {
    return entry.creditedToAccount > 0 ? <span className="font-semibold text-green-800">{`Credited to account ${formatPrice(entry.creditedToAccount)}`}</span> : null;
  }
  if (entry.refunded !== null) return entry.refunded > 0 ? <span className="font-semibold text-green-800">{`Refunded ${formatPrice(entry.refunded)}`}</span> : null;
  return <span className="text-slate-600">Not charged</span>;
}

/** Below 640 px each order is a card (index.css's `stacked-table`), as in My Orders. */
function HistoryTable({ entries }: { entries: OrderHistoryEntry[] }) {
  return (
    <div role="region" aria-label="Order history table" tabIndex={0} className="relative overflow-x-auto rounded-xl sm:border sm:border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
      <table className="stacked-table w-full text-left text-sm sm:min-w-[40rem]">
        <caption className="sr-only">Order history</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wider text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">Product</th>
            <th scope="col" className="px-4 py-3">Price</th>
            <th scope="col" className="px-4 py-3">Quantity</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Payment</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => (
            <tr key={entry._id} className="align-middle">
              <th scope="row" className="px-4 py-3 font-semibold text-ink">
                <span id={`history-${entry._id}`}>{entry.name}</span>
                <span className="block text-xs font-normal text-slate-500">Order {entry.orderNumber}</span>
                <OrderDetailsDisclosure order={entry} />
                <BuyAgain orderId={entry._id} describedBy={`history-${entry._id}`} />
              </th>
              <td data-label="Price" className="px-4 py-3 tabular-nums">{formatPrice(entry.price)}</td>
              <td data-label="Quantity" className="px-4 py-3 tabular-nums">{entry.orderQuantity}</td>
              <td data-label="Status" className="px-4 py-3">
                <span>
                  <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {orderStatusLabels[entry.status]}
                  </span>
                  <span className="ml-2 text-slate-600">{dateFormat.format(new Date(entry.endedAt))}</span>
                </span>
              </td>
              <td data-label="Payment" className="px-4 py-3">
                <PaymentOutcome entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
