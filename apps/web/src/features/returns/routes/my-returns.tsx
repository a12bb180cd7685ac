import { paths } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { pageTitle } from '../../../content/site';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { myOrdersQuery } from '../../orders/api/get-my-orders';
import { orderQuery } from '../../payments/api/get-order';
import { myReturnsQuery, returnPolicyQuery } from '../api/returns';
import { ReturnCard } from '../components/return-card';
import { ReturnRequestForm } from '../components/return-request-form';

/** /dashboard/returns: return items of a shipped order, and the customer's returns (My Returns). */
export function Component() {
  const { data: me } = useMe();
  const email = me?.email ?? '';
  const [search] = useSearchParams();
  const orders = useQuery({ ...myOrdersQuery(email), enabled: email !== '' });
  const returns = useQuery(myReturnsQuery());
  // The restocking fee said before asking, and where an approved return's parts go.
  const policy = useQuery(returnPolicyQuery());
  // The order a "Return items" link names, asked for itself when it is older than My Orders' first page.
  const linkedId = search.get('order') ?? undefined;
  const linkedListed = orders.data?.some((order) => order._id === linkedId) ?? false;
  const linked = useQuery({ ...orderQuery(linkedId ?? ''), enabled: linkedId !== undefined && orders.isSuccess && !linkedListed, retry: false });
  const linkedPending = linkedId !== undefined && !linkedListed && linked.isPending;

  if (isApiError(returns.error, 401, 403)) return <Navigate to={paths.home} replace />;

  return (
    <section aria-labelledby="my-returns-heading" className="grid min-w-0 gap-8">
      <title>{pageTitle('My Returns')}</title>
      <div>
        <h1 id="my-returns-heading" className="text-3xl font-extrabold text-ink">
          My Returns
        </h1>
        <p className="mt-2 text-slate-600">Send parts back within 30 days of delivery; cores within 90 days; warranty claims while the warranty lasts.</p>
      </div>
      {orders.isError ? (
        <LoadFailed what="your orders" onRetry={() => void orders.refetch()} />
      ) : orders.isPending || linkedPending ? (
        <LoadingBlock label="Loading your orders" />
      ) : (
        <ReturnRequestForm
          orders={linked.data && !linkedListed ? [linked.data, ...orders.data] : orders.data}
          returns={returns.data}
          initialOrderId={linkedId}
          restockingFeePercent={policy.data?.restockingFeePercent}
          linkedNotFound={isApiError(linked.error, 404)}
        />
      )}
      <section aria-labelledby="returns-list-heading" className="grid gap-3">
        <h2 id="returns-list-heading" className="text-xl font-bold text-ink">
          Your return requests
        </h2>
        {returns.isError ? (
          <LoadFailed what="your return requests" onRetry={() => void returns.refetch()} />
        ) : returns.isPending ? (
          <LoadingBlock label="Loading your returns" />
        ) : returns.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">No returns yet.</p>
        ) : (
          <ul className="grid gap-3">
            {returns.data.map((item) => (
              <ReturnCard key={item.id} item={item} sendTo={policy.data?.sendTo} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
