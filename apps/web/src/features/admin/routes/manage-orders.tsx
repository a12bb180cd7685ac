import { confirmations, readQueryWholeNumber, type Order, type OrderStatus } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { LoadingBlock } from '../../../components/spinner';
import { useSearchChanges } from '../../../lib/search-changes';
import { useCancelAnyOrder } from '../api/cancel-any-order';
import { allOrdersQuery, type OrderFilters as Filters } from '../api/get-all-orders';
import { refusedAtForm, useDeliverOrder, useShipOrder } from '../../shipments/api/shipments';
import { isApiError } from '../../../lib/api-client';
import { AdminPage } from '../components/admin-page';
import { AllOrdersTable } from '../components/all-orders-table';
import type { RowFocus } from '../components/table-region';
import { LoadError } from '../components/load-error';
import { ORDER_STATUSES, OrderFilters } from '../components/order-filters';
import { Pager } from '../../../components/pager';
import { EmptyState } from '../../../components/empty-state';

/** The filters live in the address (`?status=paid&email=jane&page=2`): Back and a reload keep them. */
function filtersFrom(search: URLSearchParams): Filters {
  const status = search.get('status') ?? '';
  const page = readQueryWholeNumber(search.get('page'));
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    email: (search.get('email') ?? '').trim(),
    page: page >= 1 ? page : 1,
  };
}

function searchFrom({ status, email, page }: Filters): URLSearchParams {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (email) search.set('email', email);
  if (page > 1) search.set('page', String(page));
  return search;
}

/** /dashboard/orders (SPEC §2, admins): every customer's orders, filtered and paged by the server. */
export function Component() {
  // A filter shows its change at once, while the list follows (decision 093).
  const [search, changeSearch] = useSearchChanges();
  const filters = filtersFrom(search);
  const orders = useQuery(allOrdersQuery(filters));
  const ship = useShipOrder();
  const deliver = useDeliverOrder();
  const cancel = useCancelAnyOrder();
  // After an action, the keyboard goes to what is left of the order's row (its button may be gone).
  const [focus, setFocus] = useState<RowFocus | undefined>();
  // The table's region: a new page takes the keyboard there (Pager).
  const table = useRef<HTMLDivElement>(null);
  const focusOrder = (order: Order) => () => setFocus((last) => ({ row: order._id, request: (last?.request ?? 0) + 1 }));

  const { status, email } = filters;
  const change = useCallback(
    (next: Filters, { replace = false } = {}) => changeSearch(() => searchFrom(next), { replace, preventScrollReset: true }),
    [changeSearch],
  );
  // A new filter starts at the first page. A search that ran by itself while typing replaces
  // the history entry, so Back does not step through every letter.
  const changeEmail = useCallback(
    (nextEmail: string, how: 'typing' | 'submit') => change({ status, email: nextEmail, page: 1 }, { replace: how === 'typing' }),
    [change, status],
  );

  function handleCancel(order: Order) {
    if (!window.confirm(confirmations.cancelOrder)) return;
    // The hooks report success and failure with a toast.
    cancel.mutate(order._id, { onSuccess: focusOrder(order) });
  }

  const pending = ship.isPending
    ? { action: 'ship' as const, id: ship.variables.id }
    : deliver.isPending
      ? { action: 'deliver' as const, id: deliver.variables }
    : cancel.isPending
      ? { action: 'cancel' as const, id: cancel.variables }
      : undefined;
  const filtered = status !== '' || email !== '';

  return (
    <AdminPage title="Manage All Orders" intro="Every customer’s orders, newest first. Ship paid orders (all at once or in parcels, with a tracking number), mark shipped ones delivered; cancel what has not shipped (a paid order’s payment is refunded).">
      <OrderFilters
        status={status}
        email={email}
        onStatusChange={(nextStatus) => change({ status: nextStatus, email, page: 1 })}
        onEmailChange={changeEmail}
      />
      <div className="mt-6">
        {orders.isError && !orders.data ? (
          <LoadError what="the orders" error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.isPending ? (
          <LoadingBlock label="Loading the orders" />
        ) : orders.data.orders.length === 0 ? (
          <EmptyState
            message={filtered ? 'No orders match these filters.' : 'No orders yet.'}
            onFirstPage={filters.page > 1 ? () => change({ ...filters, page: 1 }) : undefined}
          />
        ) : (
          <div className="grid gap-4">
            <p className="text-sm text-slate-600">
              {orders.data.total === 1 ? '1 order' : `${orders.data.total} orders`}
              {orders.isPlaceholderData && <span role="status"> · Loading…</span>}
            </p>
            <AllOrdersTable
              orders={orders.data.orders}
              onShip={(order, shipment, answers) =>
                ship.mutate(
                  { id: order._id, shipment },
                  {
                    onSuccess: () => {
                      answers.shipped();
                      focusOrder(order)();
                    },
                    // A refusal of a field or a line is said in the form, the keyboard at it; one of
                    // the order itself (a 409, said by a toast) may have taken the form away with the
                    // keyboard: it goes to what is left of the row, as after a success.
                    onError: (error) => {
                      const refusal = refusedAtForm(error);
                      if (refusal) answers.refused(refusal);
                      else if (isApiError(error, 409)) focusOrder(order)();
                    },
                  },
                )
              }
              onDeliver={(order) => deliver.mutate(order._id, { onSuccess: focusOrder(order) })}
              onCancel={handleCancel}
              pending={pending}
              stale={orders.isPlaceholderData}
              focus={focus}
              region={table}
            />
            <Pager
              label="Orders pages"
              list={table}
              page={filters.page}
              loading={orders.isPlaceholderData}
              totalPages={Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize))}
              onPage={(page) => change({ ...filters, page })}
            />
          </div>
        )}
      </div>
    </AdminPage>
  );
}
