import { paths } from '@autoparts/shared';
import { Link } from 'react-router';
import { pageTitle } from '../../../content/site';
import { useMe } from '../../../lib/me';

/**
 * What is said of an order that is not there, or not the visitor's to see (the API answers both
 * 404), under its "Order not found": not among theirs, and who is signed in. An order's e-mail
 * links to it (View order, Pay now, Return items), and followed in a browser where another account
 * is signed in (a shared computer, a work and a home account) the order is someone else's to this
 * one, which "not among yours" alone did not explain (decision 151). The order page and Return
 * items say it alike (decision 156).
 */
export function NotAmongYours({ className, signedInClassName }: { className?: string; signedInClassName?: string }) {
  const { data: me } = useMe();
  return (
    <>
      <p className={className}>There is no such order among yours.</p>
      {me && (
        <p className={signedInClassName}>
          You are signed in as <strong className="break-all">{me.email}</strong>. If the order was placed with another account, sign out, then log in with that one.
        </p>
      )}
    </>
  );
}

/** The order's page of an order that is not there, or not the visitor's to see (`NotAmongYours`). */
export function OrderNotFound() {
  return (
    <div className="py-16 text-center">
      <title>{pageTitle('Order not found')}</title>
      <h1 className="text-3xl font-extrabold text-ink">Order not found</h1>
      <NotAmongYours className="mt-3 text-lg text-slate-600" signedInClassName="mx-auto mt-3 max-w-xl text-slate-600" />
      <Link
        to={paths.dashboard}
        className="mt-8 inline-flex rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Back to My Orders
      </Link>
    </div>
  );
}
