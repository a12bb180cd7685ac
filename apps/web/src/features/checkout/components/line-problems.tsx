import { paths } from '@autoparts/shared';
import type { Ref } from 'react';
import { Link } from 'react-router';

interface LineProblemsProps {
  /** What the server said of the whole (a refusal's `message`), or the page's own words. */
  message: string;
  /** None for a refusal of the whole (the unpaid orders' cap, on the part page's Place Order too). */
  problems?: ReadonlyArray<{ partId: string; message: string }>;
  /** The part's name for each line, from the cart; needed with problems. */
  nameOf?: (partId: string) => string;
  /** Given, the message can take the focus (the page moves it there when it appears). */
  ref?: Ref<HTMLDivElement>;
  /** The refusal's `reason`: the unpaid orders' cap is lifted in My Orders, not in the cart. */
  reason?: string;
}

/**
 * Why the order cannot be placed as it is: each line's problem, and the way back to the cart; or,
 * refused for the buyer's unpaid orders (`reason: 'too-many-unpaid'`), the way to My Orders, where
 * one is paid or cancelled.
 */
export function LineProblems({ message, problems = [], nameOf, ref, reason }: LineProblemsProps) {
  return (
    <div ref={ref} tabIndex={ref ? -1 : undefined} role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 focus:outline-none">
      <p className="font-semibold">{message}</p>
      {problems.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problems.map((problem) => (
            <li key={problem.partId}>
              <span className="font-semibold">{nameOf?.(problem.partId) ?? problem.partId}</span>: {problem.message}
            </li>
          ))}
        </ul>
      )}
      {reason === 'too-many-unpaid' ? (
        <Link to={paths.myOrders} className="mt-3 inline-block font-semibold text-red-900 underline">
          Go to My Orders
        </Link>
      ) : (
        <Link to={paths.cart} className="mt-3 inline-block font-semibold text-red-900 underline">
          Change the cart
        </Link>
      )}
    </div>
  );
}
