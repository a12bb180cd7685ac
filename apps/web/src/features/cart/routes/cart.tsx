import { cartMessages, formatPrice, paths, type CartLine } from '@autoparts/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { PageMeta } from '../../../components/page-meta';
import { privateHead } from '../../../lib/page-heads';
import { useCart } from '../api/cart';
import { CartDepositLine, CartLineItem } from '../components/cart-line-item';
import { QuickOrderForm } from '../components/quick-order-form';
import { EmptyState } from '../../../components/empty-state';

/** The checkout page (another feature's); a visitor is sent to sign in first and comes back to it. */

const buttonClass =
  'inline-flex w-full items-center justify-center rounded-lg px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * /cart: the visitor's cart (kept in the browser, priced by the server) or the account's, with
 * quick order. Rendered on the server as its frame only: whose cart it is is known in the browser.
 */
export function Component() {
  const { signedIn, cart, error, retry, setQuantity } = useCart();
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const quantityFields = useRef(new Map<string, HTMLInputElement>());
  // After Remove the focus goes to the next line's Quantity (the previous one's after the last
  // line), or to the heading once the cart is empty, when the line has left the page.
  const afterRemoval = useRef<{ removed: string; next: string | undefined } | null>(null);
  useEffect(() => {
    const pending = afterRemoval.current;
    if (!pending || !cart || cart.lines.some((line) => line.partId === pending.removed)) return;
    afterRemoval.current = null;
    const next = pending.next === undefined ? undefined : quantityFields.current.get(pending.next);
    (next ?? heading.current)?.focus();
  }, [cart]);

  async function change(line: CartLine, quantity: number): Promise<string | undefined> {
    if (quantity === 0) {
      const parts = cart?.lines.filter((other) => other.kind !== 'core-deposit') ?? [];
      const at = parts.findIndex((other) => other.partId === line.partId);
      afterRemoval.current = { removed: line.partId, next: (parts[at + 1] ?? parts[at - 1])?.partId };
    }
    try {
      await setQuantity.mutateAsync({ partId: line.partId, partNumber: line.partNumber, quantity });
      setSaid(quantity === 0 ? `Removed ${line.partNumber} from your cart` : `${line.partNumber}: quantity ${quantity}`);
      return undefined;
    } catch (failure) {
      afterRemoval.current = null;
      const message = failure instanceof Error ? failure.message : cartMessages.quantityWhole;
      setSaid(message);
      return message;
    }
  }

  const blocked = cart?.lines.some((line) => line.problem !== null) ?? false;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <PageMeta {...privateHead(paths.cart)} />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-ink focus:outline-none">
        Your cart
      </h1>
      <p role="status" className="sr-only">
        {said}
      </p>
      {error ? (
        <LoadFailed what="your cart" onRetry={retry} />
      ) : !cart ? (
        <LoadingBlock label="Loading your cart" />
      ) : (
        <div className="mt-6 grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="lg:col-start-1">
            {cart.lines.length === 0 ? (
              <EmptyState message={cartMessages.empty}>
                <Link to={paths.shop} className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-2">
                  Browse the shop
                </Link>
              </EmptyState>
            ) : (
              <section aria-labelledby="cart-lines-heading">
                <h2 id="cart-lines-heading" className="sr-only">
                  Parts in your cart
                </h2>
                <ul className="border-t border-slate-200">
                  {cart.lines.map((line) =>
                    line.kind === 'core-deposit' ? (
                      <CartDepositLine key={`deposit:${line.partId}`} line={line} />
                    ) : (
                    <CartLineItem
                      key={line.partId}
                      line={line}
                      busy={setQuantity.isPending}
                      onChange={(quantity) => change(line, quantity)}
                      onRefused={setSaid}
                      quantityRef={(field) => {
                        if (field) quantityFields.current.set(line.partId, field);
                        else quantityFields.current.delete(line.partId);
                      }}
                    />
                    ),
                  )}
                </ul>
              </section>
            )}
          </div>
          {cart.lines.length > 0 && (
            // On a phone the summary (and Checkout) comes right after the lines, before quick order.
            <aside
              aria-labelledby="cart-summary-heading"
              className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
            >
              <h2 id="cart-summary-heading" className="text-xl font-bold text-ink">
                Summary
              </h2>
              <dl className="mt-4 space-y-2">
                <div className="flex justify-between">
                  <dt className="text-slate-600">Items</dt>
                  <dd className="font-semibold text-ink" data-testid="cart-units">
                    {cart.count}
                  </dd>
                </div>
                <div className="flex justify-between text-lg">
                  <dt className="font-semibold text-ink">Subtotal</dt>
                  <dd className="font-bold text-ink" data-testid="cart-subtotal">
                    {formatPrice(cart.subtotal)}
                  </dd>
                </div>
              </dl>
              <p className="mt-2 text-sm text-slate-600">Shipping and tax are worked out at checkout.</p>
              <div className="mt-5">
                {blocked ? (
                  <>
                    <button type="button" disabled aria-describedby="checkout-blocked" className={`${buttonClass} cursor-not-allowed bg-slate-300 text-slate-700`}>
                      Checkout
                    </button>
                    <p id="checkout-blocked" className="mt-2 text-sm text-red-700">
                      {cartMessages.checkoutBlocked}
                    </p>
                  </>
                ) : signedIn ? (
                  <Link to={paths.checkout} className={`${buttonClass} bg-brand-700 text-white hover:brightness-90`}>
                    Checkout
                  </Link>
                ) : (
                  <>
                    <Link to={paths.login} state={{ from: paths.checkout }} className={`${buttonClass} bg-brand-700 text-white hover:brightness-90`}>
                      Sign in to check out
                    </Link>
                    <p className="mt-2 text-sm text-slate-600">Your cart comes with you when you sign in.</p>
                  </>
                )}
              </div>
            </aside>
          )}
          <div className="lg:col-start-1">
            {signedIn ? (
              <QuickOrderForm />
            ) : (
              <section aria-labelledby="quick-order-heading" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
                <h2 id="quick-order-heading" className="text-xl font-bold text-ink">
                  Quick order
                </h2>
                <p className="mt-1 text-slate-600">
                  Workshops can paste a list of part numbers and quantities.{' '}
                  <Link to={paths.login} state={{ from: paths.cart }} className="font-semibold text-brand-700 underline underline-offset-2">
                    Sign in to use quick order
                  </Link>
                </p>
              </section>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
