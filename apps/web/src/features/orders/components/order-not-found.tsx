import { paths } from '@autoparts/shared';
import { Link } from 'react-router';
import { pageTitle } from '../../../content/site';
import { useMe } from '../../../lib/me';

/**
 * An order that is not there, or not the visitor's to see (the API answers both 404). Who is signed
 * in is said: an order's e-mail links here (View order, Pay now), and followed in a browser where
 * another account is signed in (a shared computer, a work and a home account) the order is someone
 * else's to this one, which "not among yours" alone did not explain (decision 151).
 */
export function OrderNotFound() {
  const { data: me } = useMe();
  return (
    <div className="py-16 text-center">
      <title>{pageTitle('Order not found')}</title>
      <h1 className="text-3xl font-extrabold text-ink">Order not found</h1>
      <p className="mt-3 text-lg text-slate-600">There is no such order among yours.</p>
      {me && (
        <p className="mx-auto mt-3 max-w-xl text-slate-600">
          You are signed in as <strong className="break-all">{me.email}</strong>. If the order was placed with another account, sign out, then log in with that one.
        </p>
      )}
      <Link
        to={paths.dashboard}
        className="mt-8 inline-flex rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Back to My Orders
      </Link>
    </div>
  );
}
