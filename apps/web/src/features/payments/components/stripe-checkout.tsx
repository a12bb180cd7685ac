import { formatPrice, paymentMessages, type OrderDetail } from '@autoparts/shared';
import { primaryButtonClass } from '../../../components/submit-button';
import { Spinner } from '../../../components/spinner';
import { customerMessage } from '../../../lib/api-client';
import { useStartCheckout } from '../api/start-checkout';

interface StripeCheckoutProps {
  order: Pick<OrderDetail, '_id' | 'price'>;
  /** The customer came back from Stripe without paying. */
  cancelled: boolean;
}

/** 'Pay with Stripe': off to Stripe's Checkout page for the order's total, and back here after. */
export function StripeCheckout({ order, cancelled }: StripeCheckoutProps) {
  const checkout = useStartCheckout();
  // Once Stripe's address is known the browser is leaving: the button stays busy until it has.
  const leaving = checkout.isPending || checkout.isSuccess;

  return (
    <div className="space-y-4">
      {cancelled && !checkout.isError && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {paymentMessages.stripeCancelled}
        </p>
      )}
      {checkout.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {customerMessage(checkout.error) ?? paymentMessages.stripeUnavailable}
        </p>
      )}
      <p className="text-slate-700">
        You pay {formatPrice(order.price)} on Stripe’s secure page, then come back here.
      </p>
      <button
        type="button"
        // Busy, not disabled, while Stripe is asked: Chromium drops the focus of a button that becomes
        // disabled, and a refusal then left the keyboard at the page's top.
        onClick={() => {
          if (!leaving) checkout.mutate(order._id);
        }}
        aria-disabled={leaving || undefined}
        aria-busy={leaving}
        className={primaryButtonClass}
      >
        {leaving && <Spinner />}
        Pay with Stripe
      </button>
    </div>
  );
}

