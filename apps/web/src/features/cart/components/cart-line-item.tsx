import { cartMessages, cartQuantityProblem, formatPrice, CART_QUANTITY_MAX, partChangeMessages, paths, type CartLine } from '@autoparts/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { inputClass } from '../../../components/field';
import { PartImage } from '../../../components/part-image';
import { ListPrice } from '../../../components/list-price';
import { oneClickOfADouble } from '../../../lib/double-click';

interface CartLineItemProps {
  line: CartLine;
  /** Sets the line's quantity (0 removes it); resolves to the server's refusal, if any. */
  onChange: (quantity: number) => Promise<string | undefined>;
  busy: boolean;
  /** Says a typed quantity that Update cannot send (the page's status message reads it out). */
  onRefused: (message: string) => void;
  quantityRef: (field: HTMLInputElement | null) => void;
}

/**
 * A part's core deposit, after its line: the deposit times the part's quantity, which follows the
 * part's quantity and so has no controls of its own.
 */
export function CartDepositLine({ line }: { line: CartLine }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 py-3 pl-[5.5rem] sm:pl-[7rem]" data-testid="cart-deposit-line">
      <span className="min-w-0">
        <span className="block font-semibold text-ink">{line.name}</span>
        <span className="block text-sm text-slate-600">{`${line.quantity} × ${formatPrice(line.unitPrice)}, refunded when the old part comes back`}</span>
      </span>
      <span className="font-semibold text-ink tabular-nums">{formatPrice(line.lineTotal)}</span>
    </li>
  );
}

/**
 * One line of the cart: photo, number and name, unit price after price breaks, a quantity the
 * customer can change (checked against the minimum and stock as typed), the line total, Remove,
 * the number the line held before its part was replaced (issue 30), and the line's problem, if
 * any, which the quantity field is described by.
 */
export function CartLineItem({ line, onChange, onRefused, busy, quantityRef }: CartLineItemProps) {
  const [text, setText] = useState(String(line.quantity));
  const [refusal, setRefusal] = useState<string | undefined>();
  // A new quantity from the server starts the field afresh (the line keeps its element, and so
  // the focus, which a key with the quantity in it threw away).
  const [quantitySeen, setQuantitySeen] = useState(line.quantity);
  if (line.quantity !== quantitySeen) {
    setQuantitySeen(line.quantity);
    setText(String(line.quantity));
    setRefusal(undefined);
  }
  const id = useId();
  const problemId = `${id}-problem`;
  const quantity = Number(text);
  const edited = text.trim() !== String(line.quantity);
  const whole = /^\d+$/.test(text.trim()) && quantity <= CART_QUANTITY_MAX;
  const typedProblem = !edited ? undefined : !whole ? cartMessages.quantityWhole : quantity === 0 ? undefined : (cartQuantityProblem(line, quantity) ?? undefined);
  const shown = typedProblem ?? refusal ?? line.problem ?? undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !edited) return;
    if (typedProblem) {
      onRefused(typedProblem);
      return;
    }
    setRefusal(await onChange(quantity));
  }

  return (
    <li className="grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 border-b border-slate-200 py-5 sm:grid-cols-[6rem_1fr_auto]" data-testid="cart-line">
      <PartImage src={line.img} alt={line.name} width={96} height={96} sizes="96px" className="size-18 rounded-lg object-cover sm:size-24" />
      <div className="min-w-0">
        <p className="font-mono text-sm text-slate-600">{line.partNumber}</p>
        <h3 className="font-semibold text-ink">
          {/* The part's public page: a visitor's cart is read signed out, and /part/{id} asks to sign in. */}
          <Link to={paths.partPage(line.partNumber)} className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
            {line.name}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {formatPrice(line.unitPrice)} <ListPrice listPrice={line.listPrice} /> each
          {line.minOrderQuantity > 1 && ` · minimum ${line.minOrderQuantity}`}
          {line.availableQuantity > 0 && ` · ${line.availableQuantity} in stock`}
        </p>
        {line.replaced && (
          <p className="mt-2 rounded-md bg-sky-50 px-2 py-1 text-sm text-sky-950" data-testid="line-replaced">
            {partChangeMessages.cartLineReplaced(line.replaced, line.partNumber)}
          </p>
        )}
        {shown && (
          <p id={problemId} className="mt-2 text-sm font-medium text-red-700" data-testid="line-problem">
            {shown}
          </p>
        )}
      </div>
      <div className="col-span-2 flex flex-wrap items-end justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end">
        <form noValidate onSubmit={(event) => void submit(event)} className="flex items-end gap-2">
          <div className="w-24">
            {/* Named with its part: a screen reader's list of fields, or Tab, reaches each line's. */}
            <label htmlFor={`${id}-quantity`} className="block text-sm font-medium text-slate-700">
              Quantity<span className="sr-only">{` of ${line.partNumber}`}</span>
            </label>
            <input
              ref={quantityRef}
              id={`${id}-quantity`}
              type="number"
              inputMode="numeric"
              min={0}
              max={Math.max(line.availableQuantity, line.quantity)}
              step={1}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setRefusal(undefined);
              }}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? problemId : undefined}
              className={`${inputClass} ${shown ? 'border-red-600' : 'border-slate-300'}`}
            />
          </div>
          {/* Never disabled: Chromium drops the focus of a disabled button. Pressed with a typed
              quantity it cannot send, it says why in the page's status message. */}
          <button
            type="submit"
            aria-label={`Update ${line.partNumber}`}
            aria-disabled={busy || !edited || undefined}
            className="h-[42px] rounded-lg border border-brand-700 px-3 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            Update
          </button>
        </form>
        {/* Kept right when a long total wraps it below the quantity on a phone. */}
        <div className="ml-auto flex items-center gap-3 sm:flex-col sm:items-end">
          <p className="text-lg font-bold text-ink">
            <span className="sr-only">Line total </span>
            {formatPrice(line.lineTotal)}
          </p>
          <button
            type="button"
            aria-disabled={busy || undefined}
            onClick={(event) => {
              // The next line moves up under the pointer: a double click removes this one only (decision 210).
              oneClickOfADouble(event);
              if (!busy) void onChange(0);
            }}
            aria-label={`Remove ${line.partNumber}`}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-red-700 underline underline-offset-2 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700 aria-disabled:opacity-50"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
