import { paths } from '@autoparts/shared';
import { Link } from 'react-router';
import { pageTitle } from '../../../content/site';

/** An order that is not there, or not the visitor's to see (the API answers both 404). */
export function OrderNotFound() {
  return (
    <div className="py-16 text-center">
      <title>{pageTitle('Order not found')}</title>
      <h1 className="text-3xl font-extrabold text-ink">Order not found</h1>
      <p className="mt-3 text-lg text-slate-600">There is no such order among yours.</p>
      <Link
        to={paths.dashboard}
        className="mt-8 inline-flex rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Back to My Orders
      </Link>
    </div>
  );
}
