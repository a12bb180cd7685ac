import { centsToDollars, dollarsToCents, inStockToOrder, newIdempotencyKey, paths, placeOrderFormSchema, placeOrderMessages, unitPriceCents, priceBreaksToCents, type Me, type Part, type PriceBreak, formatCents, lineTotalCents } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { LineProblems } from '../../checkout/components/line-problems';
import { changedPriceOf, unpaidCapOf, usePlaceOrder } from '../api/place-order';

interface PlaceOrderFormProps {
  /** The part as its page shows it: its price (the member's own) and its quantity prices, if any. */
  part: Part & { priceBreaks?: PriceBreak[] };
  /** The signed-in user: the name is prefilled (and editable), the e-mail shown. */
  me: Pick<Me, 'name' | 'email'>;
}

/**
 * The Place Order form (SPEC §2, §5): checked on every change against the part's minimum and
 * stock, its button disabled until it is valid, and reset to its defaults after each attempt.
 * An order placed is shown above it with its number and the way to pay for it.
 */
export function PlaceOrderForm({ part, me }: PlaceOrderFormProps) {
  const placeOrder = usePlaceOrder();
  // This attempt's key, kept until an order is placed (decision 162): sent again after a network
  // error whose request did reach the shop, it is answered that order, not placed twice.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const [placed, setPlaced] = useState<{ id: string; number: string } | null>(null);
  // The price now, when the last attempt was refused because it had changed since it was shown.
  const [priceChanged, setPriceChanged] = useState<number | null>(null);
  // The server's words, when the last attempt was refused for the buyer's unpaid orders (the cap).
  const [unpaidCap, setUnpaidCap] = useState<string | null>(null);
  const unpaidCapRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (unpaidCap) unpaidCapRef.current?.focus();
  }, [unpaidCap]);
  const { minOrderQuantity, availableQuantity } = part;
  // The stock shown is fetched again after each order; the rule follows it.
  const schema = useMemo(
    () => placeOrderFormSchema({ minOrderQuantity, availableQuantity }),
    [minOrderQuantity, availableQuantity],
  );
  const defaults = { customername: me.name, address: '', orderQuantity: minOrderQuantity };
  const {
    register,
    handleSubmit,
    reset,
    control,
    getValues,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: defaults });
  const quantity = useWatch({ control, name: 'orderQuantity' });
  const values = useWatch({ control });
  // What was typed before the app hydrated the form, react-hook-form takes in as it registers the
  // fields, but tells no watcher of it (they listen later, from the defaults): the form is reset
  // to what it holds, which they hear (decision 076). The fields changed then are checked as a
  // change after hydration is, so that one emptied says why under it.
  const takeTyped = useEffectEvent(() => {
    const typed = getValues();
    const changed = (Object.keys(defaults) as (keyof typeof defaults)[]).filter((name) => !Object.is(typed[name], defaults[name]));
    if (changed.length === 0) return;
    reset(typed, { keepDefaultValues: true });
    void trigger(changed);
  });
  useEffect(() => takeTyped(), []);
  // A disabled button says nothing by itself: the first thing the form still needs, in the
  // schema's own words, is shown under it and read with it.
  const missing = isValid ? undefined : schema.safeParse(values).error?.issues[0]?.message;
  const missingId = useId();
  // A total only for a quantity the form would send: below the minimum or above the stock it is no
  // order's amount (999999 units read "Total: $44,989,955.01" beside the refusal).
  const quantityOrderable = Number.isInteger(quantity) && quantity >= minOrderQuantity && quantity <= availableQuantity;
  const total = quantityOrderable ? formatCents(lineTotalCents(unitCentsAt(part, quantity), quantity)) : null;

  const onSubmit = handleSubmit(async (values) => {
    setPlaced(null);
    setPriceChanged(null);
    setUnpaidCap(null);
    try {
      // The hook reports success and failure with a toast. The unit price shown for the quantity is
      // sent: the server places nothing at another one (decision 060, amended).
      const quotedUnitPrice = centsToDollars(unitCentsAt(part, values.orderQuantity));
      const placed = await placeOrder.mutateAsync({ partId: part._id, ...values, quotedUnitPrice, idempotencyKey: attempt });
      setAttempt(newIdempotencyKey());
      setPlaced({ id: placed.insertedId, number: placed.orderNumber });
    } catch (error) {
      // Reported by the hook; a changed price also stays in the form, now that the part shows it.
      setPriceChanged(changedPriceOf(error) ?? null);
      // As the checkout does: the way to My Orders, where an unpaid order is paid or cancelled.
      setUnpaidCap(unpaidCapOf(error) ?? null);
    } finally {
      reset(defaults);
    }
  });

  return (
    <div className="space-y-4">
      {placed && <OrderPlaced orderId={placed.id} orderNumber={placed.number} />}
      {priceChanged !== null && <PriceChanged unitPrice={priceChanged} />}
      {unpaidCap && <LineProblems ref={unpaidCapRef} message={unpaidCap} reason="too-many-unpaid" />}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-labelledby="place-order-heading"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="place-order-heading" className="text-2xl font-bold text-ink">
          Place Order
        </h2>
        {!inStockToOrder({ minOrderQuantity, availableQuantity }) && (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Not enough of this part is in stock for an order right now. Please check back soon.
          </p>
        )}
        {/* The defaults are in the markup too, so that a page rendered on the server shows them. */}
        <TextField label="Name" autoComplete="name" defaultValue={defaults.customername} error={errors.customername?.message} {...register('customername')} />
        {/* Shown, not sent: the server takes the e-mail from the session. */}
        <TextField label="Email" type="email" value={me.email} readOnly />
        <TextField
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Order Quantity"
          type="number"
          inputMode="numeric"
          min={minOrderQuantity}
          max={availableQuantity}
          step={1}
          defaultValue={defaults.orderQuantity}
          error={errors.orderQuantity?.message}
          {...register('orderQuantity', { valueAsNumber: true })}
        />
        {total && <p className="font-semibold text-slate-700">{`Total: ${total}`}</p>}
        <SubmitButton pending={isSubmitting} disabled={!isValid} describedBy={missing ? missingId : undefined}>
          Place Order
        </SubmitButton>
        {missing && !isSubmitting && (
          <p id={missingId} className="text-sm text-slate-600">
            {`To place the order: ${missing}`}
          </p>
        )}
      </form>
    </div>
  );
}

/** The unit price of `quantity` units as the page shows it: the part's price or the break the quantity reaches. */
function unitCentsAt(part: PlaceOrderFormProps['part'], quantity: number): number {
  return unitPriceCents(quantity, dollarsToCents(part.price), priceBreaksToCents(part.priceBreaks ?? []));
}

/** Nothing was ordered: the price had changed since it was shown. Focused when it appears, as an order placed is. */
function PriceChanged({ unitPrice }: { unitPrice: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [unitPrice]);
  return (
    <section aria-labelledby="price-changed-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-6">
      <h2 id="price-changed-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-amber-900 focus:outline-none">
        {placeOrderMessages.priceChangedHeading}
      </h2>
      <p className="mt-1 text-amber-900">{placeOrderMessages.priceChanged(unitPrice)}</p>
    </section>
  );
}

/** The order just placed: its number (as in the confirmation e-mail) and Pay now; focused when it appears. */
function OrderPlaced({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [orderId]);
  return (
    <section aria-labelledby="order-placed-heading" className="rounded-xl border border-green-200 bg-green-50 p-6">
      <h2 id="order-placed-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-green-900 focus:outline-none">
        Order placed
      </h2>
      <p className="mt-1 text-green-900">
        Order number <span className="font-mono text-sm break-all">{orderNumber}</span>
      </p>
      <p className="mt-1 text-sm text-green-900">It holds its stock until it is paid or its time to pay runs out.</p>
      <div className="mt-4">
        <Link
          to={paths.payment(orderId)}
          className="inline-flex rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Pay now
        </Link>
      </div>
    </section>
  );
}
