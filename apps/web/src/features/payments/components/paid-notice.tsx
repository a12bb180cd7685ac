import { paths, type OrderDetail } from '@autoparts/shared';
import { Link } from 'react-router';

/** An order with nothing left to pay: 'Paid' (and 'Shipped') with the payment's transaction id. */
export function PaidNotice({ order }: { order: Pick<OrderDetail, 'status' | 'transactionId'> }) {
  return (
    <div className="rounded-xl border border-green-200 bg-green-50 p-6 text-green-900">
      <p className="flex flex-wrap gap-2">
        <span className="inline-flex rounded-full bg-green-700 px-3 py-1 text-sm font-bold text-white">Paid</span>
        {order.status === 'shipped' && (
          <span className="inline-flex rounded-full bg-slate-700 px-3 py-1 text-sm font-bold text-white">Shipped</span>
        )}
      </p>
      {order.transactionId && (
        <p className="mt-3 text-sm">
          Transaction ID: <span className="break-all font-mono">{order.transactionId}</span>
        </p>
      )}
      <Link
        to={paths.dashboard}
        className="mt-4 inline-flex rounded font-semibold text-green-900 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
      >
        Back to My Orders
      </Link>
    </div>
  );
}
