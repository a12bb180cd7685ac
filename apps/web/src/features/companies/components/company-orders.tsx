import { formatPrice, MY_ORDERS_PAGE_SIZE, orderStanding, paths } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { Pager, pagedListFocusClass } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { useHasNextPage } from '../../../lib/next-page';
import { companyOrdersQuery } from '../api/companies';
import { EmptyState } from '../../../components/empty-state';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/**
 * Every order of the company, newest first: number (a link to the order's page, which every member
 * may read: decision 106), date, who placed it, for where, status and total; an order on account
 * says so with its invoice's due date in place of "Paid" (decision 133).
 */
export function CompanyOrders() {
  const [page, setPage] = useState(1);
  // The list: a new page takes the keyboard there (Pager).
  const list = useRef<HTMLUListElement>(null);
  const orders = useQuery({ ...companyOrdersQuery(page), placeholderData: keepPreviousData });
  const hasNext = useHasNextPage(companyOrdersQuery(page + 1), orders.data?.length === MY_ORDERS_PAGE_SIZE);

  return (
    <section aria-labelledby="company-orders-heading" className="grid gap-4">
      <h2 id="company-orders-heading" className="text-xl font-bold text-ink">
        The company’s orders
      </h2>
      {orders.isError ? (
        <LoadFailed what="the company’s orders" onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <LoadingBlock label="Loading the company’s orders" />
      ) : orders.data.length === 0 ? (
        <EmptyState message="No orders yet: the orders members place show here." onFirstPage={page > 1 ? () => setPage(1) : undefined} />
      ) : (
        <>
          <ul ref={list} tabIndex={-1} className={`grid gap-3 ${pagedListFocusClass}`} aria-label="The company’s orders">
            {orders.data.map((order) => (
              <li key={order._id} className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    <Link to={paths.order(order.orderNumber)} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
                      Order {order.orderNumber}
                    </Link>{' '}
                    <span className="font-normal text-slate-600">· {dateFormat.format(new Date(order.createdAt))}</span>
                  </p>
                  <p className="break-words text-slate-700">{order.name}</p>
                  <p className="text-sm break-words text-slate-600">
                    Placed by {order.placedBy}
                    {order.location ? ` for ${order.location}` : ''}
                    {order.poNumber ? ` · PO ${order.poNumber}` : ''}
                  </p>
                </div>
                <div className="sm:text-right">
                  <p className="font-semibold text-ink">{formatPrice(order.total)}</p>
                  <p className="text-sm text-slate-600">{orderStanding(order)}</p>
                </div>
              </li>
            ))}
          </ul>
          <Pager list={list} page={page} onPage={setPage} hasNext={hasNext} loading={orders.isPlaceholderData} label="The company’s orders pages" />
        </>
      )}
    </section>
  );
}
