import { cancelsOnlyTheRest, confirmations, MY_ORDERS_PAGE_SIZE, orderKindOf, paths, type Order } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { Pager } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { pageTitle } from '../../../content/site';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { useHasNextPage } from '../../../lib/next-page';
import { useCancelOrder } from '../api/cancel-order';
import { myOrdersQuery } from '../api/get-my-orders';
import { OrdersTable } from '../components/orders-table';
import { EmptyState } from '../../../components/empty-state';
import { LIST_HEADING, useCollectionEditing, useFocusWhen } from '../../admin/components/collection-editing';

/**
 * /dashboard (SPEC §2), and /dashboard/myorders for an admin: the signed-in customer's orders, to
 * pay or cancel; cancelled and expired ones are in the Order history.
 */
export function Component() {
  const { data: me } = useMe();
  const email = me?.email ?? '';
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...myOrdersQuery(email, page), enabled: email !== '', placeholderData: keepPreviousData });
  const hasNext = useHasNextPage(myOrdersQuery(email, page + 1), orders.data?.length === MY_ORDERS_PAGE_SIZE);
  const cancel = useCancelOrder();
  // The last order of a later page cancelled: the page before it is shown, not a table of headings
  // (React's state adjusted while rendering, as for any state that follows what was loaded).
  if (page > 1 && orders.data?.length === 0 && !orders.isPlaceholderData) setPage(page - 1);
  // A cancelled order leaves the list: the focus goes to the next order (the previous one after
  // the last), or to the heading when none is left, not to the page (decision 064).
  const { returnFocusTo, focusRequest, removed } = useCollectionEditing<{ id: string }>();
  const heading = useFocusWhen<HTMLHeadingElement>(returnFocusTo === LIST_HEADING, focusRequest);

  // SPEC §8: refused (signed out meanwhile, or not the owner), the customer goes home.
  if (isApiError(orders.error, 401, 403)) return <Navigate to={paths.home} replace />;

  function handleCancel(order: Order, list: Order[]) {
    if (!window.confirm(confirmations.cancelOrder)) return;
    const at = list.indexOf(order);
    const neighbour = list[at + 1] ?? list[at - 1];
    // A partly shipped order's Cancel cancels its rest: the order stays (shipped), and so does the
    // keyboard, on its link (decision 192); any other cancelled order leaves the list.
    const stays = cancelsOnlyTheRest(order.status, orderKindOf(order.paymentProvider));
    // The hook reports success and failure with a toast.
    cancel.mutate(order._id, { onSuccess: () => removed(order._id, stays ? order._id : (neighbour?._id ?? null)) });
  }

  return (
    <section aria-labelledby="my-orders-heading">
      <title>{pageTitle('My Orders')}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 id="my-orders-heading" ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-ink focus:outline-none">
          My Orders
        </h1>
        <Link to={paths.orderHistory} className="font-semibold text-brand-700 underline">
          Order history: cancelled and expired orders
        </Link>
      </div>
      <div className="mt-6">
        {orders.isError ? (
          <LoadFailed what="your orders" onRetry={() => void orders.refetch()} />
        ) : orders.isPending ? (
          <LoadingBlock label="Loading your orders" />
        ) : orders.data.length === 0 && page === 1 ? (
          <EmptyState message="You have no orders yet">
            <Link
              to={{ pathname: paths.home, hash: 'parts' }}
              className="mt-4 inline-flex rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Browse parts
            </Link>
          </EmptyState>
        ) : (
          <div className="grid gap-4">
            <OrdersTable
              orders={orders.data}
              firstNumber={(page - 1) * MY_ORDERS_PAGE_SIZE + 1}
              onCancel={(order) => handleCancel(order, orders.data)}
              cancellingId={cancel.isPending ? cancel.variables : undefined}
              focusId={returnFocusTo}
              focusRequest={focusRequest}
            />
            <Pager
              list={heading}
              page={page}
              hasNext={hasNext}
              loading={orders.isPlaceholderData}
              onPage={setPage}
              label="My Orders pages"
              previousText="Newer orders"
              nextText="Older orders"
            />
          </div>
        )}
      </div>
    </section>
  );
}
