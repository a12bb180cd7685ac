import { orderStatusLabels, paths, type OrderDetail, type OrderStatus } from '@autoparts/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/** What follows for a paid order, by where it is now. */
const nextSteps: Partial<Record<OrderStatus, string>> = {
  paid: 'We are packing your order. We e-mail you the tracking number when it ships; the invoice is on the order’s page.',
  partially_shipped: 'Part of your order is on its way and the rest follows. Each parcel’s tracking is on the order’s page.',
  shipped: 'Your order is on its way: follow it from the order’s page.',
  delivered: 'Your order was delivered. Parts can be sent back within 30 days from My Returns.',
};

const linkClass =
  'inline-flex rounded font-semibold text-green-900 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800';

/**
 * A paid order, at the top of the payment page: 'Paid' (and where it is now, 'Shipped'), the
 * payment's transaction id, what happens next, and the ways on. `justPaid`: paid in this view,
 * so its heading takes the focus — the view moves up to it from the card form (on a phone, at
 * the page's foot) and a screen reader reads it.
 */
export function PaidNotice({ order, justPaid }: { order: Pick<OrderDetail, 'status' | 'transactionId' | 'orderNumber'>; justPaid: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justPaid) heading.current?.focus();
  }, [justPaid]);
  return (
    <section aria-labelledby="paid-heading" className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 sm:p-6">
      <h2 id="paid-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Order {order.orderNumber} is paid
      </h2>
      <p className="mt-3 flex flex-wrap gap-2">
        <span className="inline-flex rounded-full bg-green-700 px-3 py-1 text-sm font-bold text-white">Paid</span>
        {order.status !== 'paid' && (
          <span className="inline-flex rounded-full bg-slate-700 px-3 py-1 text-sm font-bold text-white">{orderStatusLabels[order.status]}</span>
        )}
      </p>
      {order.transactionId && (
        <p className="mt-3 text-sm">
          Transaction ID: <span className="break-all font-mono">{order.transactionId}</span>
        </p>
      )}
      <h3 className="mt-4 font-bold">What happens next</h3>
      <p className="mt-1">{nextSteps[order.status]}</p>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.order(order.orderNumber)} className={linkClass}>
          View order {order.orderNumber}
        </Link>
        <Link to={paths.dashboard} className={linkClass}>
          Back to My Orders
        </Link>
      </p>
    </section>
  );
}
