import { buyAgainMessages, paths } from '@autoparts/shared';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { customerMessage } from '../../../lib/api-client';
import { useBuyAgain } from '../api/buy-again';

/**
 * "Buy again" on an order of My Orders or Order history (issue 30): puts the order's lines still
 * sellable in the cart at today's prices, then lists what was added (a part replaced since as its
 * replacement, said) and what was not and why, read out as it arrives.
 */
export function BuyAgain({ orderId, describedBy }: { orderId: string; describedBy: string }) {
  const buyAgain = useBuyAgain();
  const reply = buyAgain.data;
  return (
    <div className="mt-2">
      <button
        type="button"
        // aria-disabled while it works, never disabled: Chromium drops the focus of a focused
        // button that becomes disabled, and the keyboard user's place with it (decision 132).
        onClick={() => {
          if (!buyAgain.isPending) buyAgain.mutate(orderId);
        }}
        aria-disabled={buyAgain.isPending || undefined}
        aria-busy={buyAgain.isPending}
        aria-describedby={describedBy}
        className="inline-flex items-center gap-2 rounded-lg border border-brand-700 px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-wait"
      >
        {buyAgain.isPending && <Spinner className="size-4" />}
        {buyAgainMessages.button}
      </button>
      <div role="status" aria-live="polite" className="max-w-72 text-xs empty:hidden" data-testid="buy-again-result">
        {buyAgain.isError && <p className="mt-1 font-medium text-red-700">{customerMessage(buyAgain.error) ?? buyAgainMessages.failed}</p>}
        {reply && (
          <>
            <p className="mt-1 font-semibold text-green-800">{buyAgainMessages.added(reply.added.length)}</p>
            {reply.added.length > 0 && (
              <ul className="list-inside list-disc text-slate-700">
                {reply.added.map((line, index) => (
                  <li key={`${line.partNumber}-${index}`}>{buyAgainMessages.addedLine(line)}</li>
                ))}
              </ul>
            )}
            {reply.skipped.length > 0 && (
              <>
                <p className="mt-1 font-semibold text-amber-900">{buyAgainMessages.skipped(reply.skipped.length)}</p>
                <ul className="list-inside list-disc text-amber-950">
                  {reply.skipped.map((line, index) => (
                    <li key={`${line.partNumber}-${index}`}>{`${line.partNumber}: ${line.reason}`}</li>
                  ))}
                </ul>
              </>
            )}
            {reply.added.length > 0 && (
              <Link to={paths.cart} className="mt-1 inline-block font-semibold text-brand-700 underline hover:text-brand-800">
                {buyAgainMessages.goToCart}
              </Link>
            )}
          </>
        )}
      </div>
    </div>
  );
}
