import { cartMessages, cartQuantityProblem, CART_QUANTITY_MAX, inStockToOrder, paths } from '@autoparts/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { inputClass } from '../../../components/field';
import { ignoredWhilePending } from '../../../components/submit-button';
import { useChoiceBeforeHydration } from '../../../lib/choice-before-hydration';
import { useAddToCart } from '../api/cart';

export interface AddToCartButtonProps {
  partId: string;
  partNumber: string;
  minOrderQuantity: number;
  availableQuantity: number;
}

/**
 * "Add to cart" with its quantity (the part's minimum to start with), for visitors and accounts:
 * the quantity is checked against the minimum and stock as it is typed (the same messages as the
 * server's), and what happened — added, or why not — is read out from a live region.
 */
export function AddToCartButton({ partId, partNumber, minOrderQuantity, availableQuantity }: AddToCartButtonProps) {
  const add = useAddToCart();
  const [text, setText] = useState(String(Math.max(1, minOrderQuantity)));
  // A quantity typed before the app hydrated the box (the public part page arrives rendered) and not
  // sent: the app takes it and checks it as typed (decision 208).
  const typedEarly = useChoiceBeforeHydration<HTMLInputElement>((input) => setText(input.value));
  const [said, setSaid] = useState<{ ok: boolean; message: string } | null>(null);
  const inputId = useId();
  const errorId = useId();
  const quantity = Number(text);
  const whole = /^\d+$/.test(text.trim()) && quantity >= 1 && quantity <= CART_QUANTITY_MAX;
  // Sold out for buying when the stock does not hold the minimum order (as the page's "Out of
  // stock" and the search's In stock only decide): no quantity can be added.
  const soldOut = !inStockToOrder({ minOrderQuantity, availableQuantity });
  // A sold-out part: the page says "Out of stock" above, and the cart's "Remove it to check out"
  // is not for a part that is not in it (nor are the PUT's own words, kept out of this bundle).
  const problem = soldOut ? null : !whole ? cartMessages.badQuantity : cartQuantityProblem({ minOrderQuantity, availableQuantity }, quantity);

  /**
   * A form action (React's): sent before the page has hydrated (the public part page arrives
   * rendered), the form is held by React's replay script and added once hydrated, with the
   * quantity as typed (decision 038).
   */
  async function addToCart(form: FormData) {
    const typed = String(form.get('quantity') ?? text);
    setText(typed);
    const count = Number(typed);
    const typedProblem =
      !/^\d+$/.test(typed.trim()) || count < 1 || count > CART_QUANTITY_MAX ? cartMessages.badQuantity : cartQuantityProblem({ minOrderQuantity, availableQuantity }, count);
    if (typedProblem || soldOut) return;
    setSaid(null);
    try {
      await add.mutateAsync({ partId, partNumber, quantity: count });
      setSaid({ ok: true, message: cartMessages.addedOne(partNumber, count) });
    } catch (error) {
      setSaid({ ok: false, message: error instanceof Error ? error.message : cartMessages.tooManyLines });
    }
  }

  return (
    <form noValidate action={addToCart} aria-label={`Add ${partNumber} to cart`} className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="w-28">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Quantity
          </label>
          <input
            id={inputId}
            ref={typedEarly}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={minOrderQuantity}
            max={availableQuantity}
            step={1}
            value={text}
            disabled={soldOut}
            onChange={(event) => {
              setText(event.target.value);
              setSaid(null);
            }}
            aria-invalid={problem && !soldOut ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            className={`${inputClass} ${problem && !soldOut ? 'border-red-600' : 'border-slate-300'}`}
          />
        </div>
        <button
          type="submit"
          // Pending, aria-disabled and not disabled: Chromium drops the focus of a focused button
          // that becomes disabled, and the keyboard user's place with it (decision 132).
          disabled={(soldOut || Boolean(problem)) && !add.isPending}
          aria-disabled={add.isPending || undefined}
          aria-busy={add.isPending}
          onClick={ignoredWhilePending(add.isPending)}
          className="inline-flex h-[42px] items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
        >
          {add.isPending && <Spinner />}
          Add to cart
        </button>
      </div>
      {problem && (
        <p id={errorId} className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <p role="status" className={`text-sm ${said?.ok === false ? 'text-red-700' : 'text-green-800'}`}>
        {said?.message}
        {said?.ok && (
          <>
            {' '}
            <Link to={paths.cart} className="font-semibold text-brand-700 underline underline-offset-2">
              View cart
            </Link>
          </>
        )}
      </p>
    </form>
  );
}
