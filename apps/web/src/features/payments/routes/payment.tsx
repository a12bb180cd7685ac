import { apiErrors, hasEnded, hasExpired, type OrderDetail } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { pageTitle } from '../../../content/site';
import { isApiError } from '../../../lib/api-client';
import { useClientConfig } from '../../../lib/config';
import { BuyAgain } from '../../orders/components/buy-again';
import { OrderNotFound } from '../../orders/components/order-not-found';
import { TimeLeft } from '../../orders/components/time-left';
import { isSettled, orderQuery } from '../api/get-order';
import { OrderSummary } from '../components/order-summary';
import { PaidNotice } from '../components/paid-notice';
import { StripeCheckout } from '../components/stripe-checkout';
import { TestCardForm } from '../components/test-card-form';
import { usePayWithTestCard } from '../api/pay-with-test-card';

/** Back from Stripe, the order is asked for again this often until its webhook has marked it paid… */
const CONFIRM_POLL_MS = 2_000;
/** …for at most this long; then the customer may ask again. */
const CONFIRM_TIMEOUT_MS = 60_000;

/** /dashboard/payment/{id} (SPEC §2): the order, and a real way to pay it (DESIGN §6). */
export function Component() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');
  const confirmation = useCheckoutConfirmation(checkout === 'success');
  // Asked at once, beside the order, so the way to pay shows as soon as the order does.
  useClientConfig();
  const order = useQuery({
    ...orderQuery(id),
    refetchInterval: (query) =>
      confirmation.polling && query.state.data && !isSettled(query.state.data) ? CONFIRM_POLL_MS : false,
  });

  // Seen unpaid here, then paid (the test card, or Stripe's confirmation): the paid order takes the focus.
  const [sawUnpaid, setSawUnpaid] = useState(false);
  if (order.data && !isSettled(order.data) && !sawUnpaid) setSawUnpaid(true);

  if (order.isError && isApiError(order.error, 404)) return <OrderNotFound />;
  return (
    <section aria-labelledby="payment-heading">
      <title>{pageTitle('Payment')}</title>
      <h1 id="payment-heading" className="text-3xl font-extrabold text-ink">
        Payment
      </h1>
      <div className="mt-6">
        {order.isPending ? (
          <LoadingBlock label="Loading your order" />
        ) : order.isError ? (
          <LoadFailed what="this order" onRetry={() => void order.refetch()} />
        ) : order.data.paid ? (
          // Paid: the order's status and next steps first, where a phone's view goes (issue 34.18).
          <div className="grid gap-8">
            <PaidNotice order={order.data} justPaid={sawUnpaid || checkout === 'success'} />
            <OrderSummary order={order.data} />
          </div>
        ) : (
          <div className="grid items-start gap-8 lg:grid-cols-2">
            <OrderSummary order={order.data} />
            <section aria-labelledby="pay-heading">
              <h2 id="pay-heading" className="mb-4 text-2xl font-bold text-ink">
                {isSettled(order.data) ? 'Payment status' : 'Pay for your order'}
              </h2>
              {/* How long the order holds its parts, as My Orders and the order's e-mail say. */}
              {!isSettled(order.data) && order.data.expiresAt && !confirmation.polling && (
                <TimeLeft expiresAt={order.data.expiresAt} className="-mt-2 mb-4 text-sm font-medium text-slate-700" />
              )}
              <PaymentOptions
                order={order.data}
                checkout={checkout}
                confirmation={confirmation}
                sawUnpaid={sawUnpaid}
                onCheckAgain={() => {
                  confirmation.restart();
                  void order.refetch();
                }}
              />
            </section>
          </div>
        )}
      </div>
    </section>
  );
}

interface Confirmation {
  /** Asking for the order again and again, waiting for the payment to show. */
  polling: boolean;
  /** Waited the whole time without seeing it. */
  timedOut: boolean;
  restart: () => void;
}

/** After Stripe's `checkout=success` the order is polled for a while: the webhook marks it paid. */
function useCheckoutConfirmation(returnedPaid: boolean): Confirmation {
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!returnedPaid) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [returnedPaid, round]);
  return {
    polling: returnedPaid && !timedOut,
    timedOut: returnedPaid && timedOut,
    restart: () => {
      setTimedOut(false);
      setRound((value) => value + 1);
    },
  };
}

interface PaymentOptionsProps {
  order: OrderDetail;
  checkout: string | null;
  confirmation: Confirmation;
  /** The order was seen awaiting payment in this view: an end that replaces the way to pay takes the focus. */
  sawUnpaid: boolean;
  onCheckAgain: () => void;
}

function PaymentOptions({ order, checkout, confirmation, sawUnpaid, onCheckAgain }: PaymentOptionsProps) {
  const config = useClientConfig();
  const payWithTestCard = usePayWithTestCard();

  if (hasEnded(order.status)) return <EndedNotice order={order} justEnded={sawUnpaid} />;
  if (confirmation.polling) {
    return (
      <p role="status" className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
        <Spinner className="size-6 text-brand-700" />
        Confirming your payment…
      </p>
    );
  }
  if (confirmation.timedOut) {
    // Not the Pay button again: the payment may well have gone through and be on its way.
    return (
      <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
        <p>
          Your payment has not been confirmed yet. If you completed it on Stripe, it will show here shortly.
        </p>
        <button
          type="button"
          onClick={onCheckAgain}
          className="mt-3 rounded-lg bg-amber-800 px-4 py-2 font-semibold text-white hover:bg-amber-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800"
        >
          Check again
        </button>
      </div>
    );
  }
  if (config.isPending) return <LoadingBlock label="Loading payment options" />;
  if (config.isError) {
    return <LoadFailed what="the payment options" onRetry={() => void config.refetch()} />;
  }
  return config.data.payments === 'test' ? (
    <TestCardForm amount={order.price} pay={(card) => payWithTestCard.mutateAsync({ orderId: order._id, ...card })} />
  ) : (
    <StripeCheckout order={order} cancelled={checkout === 'cancelled'} />
  );
}

/**
 * An order that expired or was cancelled: it says so, and no way to pay is offered. `justEnded`:
 * the card form (or Stripe's button) was on the page and went (a Pay answered 409, the order
 * fetched again), so the notice takes the focus: the keyboard is not left on the page's top with
 * nothing said (decision 180). No dead end: My Orders' Buy again puts the order's lines still for
 * sale back in the cart.
 */
function EndedNotice({ order, justEnded }: { order: OrderDetail; justEnded: boolean }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justEnded) notice.current?.focus();
  }, [justEnded]);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-6 text-slate-700">
      <p id="payment-ended" ref={notice} tabIndex={-1} className="focus:outline-none">
        {hasExpired(order.status) ? apiErrors.orderExpired : apiErrors.orderCancelled}
      </p>
      <BuyAgain orderId={order._id} describedBy="payment-ended" />
    </div>
  );
}
