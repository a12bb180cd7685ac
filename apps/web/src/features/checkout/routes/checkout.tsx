import {
  accountMessages,
  checkoutExtrasFor,
  checkoutExtrasSchema,
  companyMessages,
  dollarsToCents,
  newIdempotencyKey,
  ON_ACCOUNT_ROLES,
  onAccountCreditMessages,
  onAccountLabel,
  ORDER_NOTE_MAX_LENGTH,
  overCreditLimitCents,
  paths,
  PO_NUMBER_MAX_LENGTH,
  type PaymentMethod,
} from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { ignoredWhilePending, SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { PageMeta } from '../../../components/page-meta';
import { privateHead } from '../../../lib/page-heads';
import { isApiError } from '../../../lib/api-client';
import { addressesQuery } from '../../addresses/api/addresses';
import { companyLocationsQuery, companyOrdersWithPoQuery, myCompanyQuery } from '../../companies/api/companies';
import { AddressPicker } from '../../addresses/components/address-picker';
import { cartQuery } from '../../cart/api/cart-query';
import { forgetCompanyIfGone, refusalOf, usePlaceCheckout, useQuote, type ShipTo } from '../api/checkout';
import { CompanyLocationChoice } from '../components/company-location-choice';
import { LineProblems } from '../components/line-problems';
import { CheckoutSummary } from '../components/order-summary';
import { ShippingMethods } from '../components/shipping-methods';
import { EmptyState } from '../../../components/empty-state';
import { checkedWhenSent } from '../../../lib/form-checking';

const linkButton =
  'inline-flex rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * /checkout (issue 23): the whole cart as one order. The buyer picks where it ships — a location of
 * their company, first for a member (decision 075), or an address of their own (or adds one) —
 * then a shipping method among those the server offers for it; every figure is the server's
 * quote. "Place order" places it and goes to its payment page; a refusal lists each line's problem.
 */
export function Component() {
  const cart = useQuery(cartQuery);
  const [chosenShipTo, setShipTo] = useState<ShipTo | null>(null);
  // A member of a company with payment terms, as a buyer or owner, may order on account (decision 081).
  const company = useQuery({ ...myCompanyQuery, retry: (failures, error) => !isApiError(error, 404) && failures < 2 });
  // The company as it is now, not the one a failed read keeps: a member removed meanwhile belongs to none (decision 212).
  const member = company.isSuccess ? company.data : undefined;
  // A member ships to the company's locations too (decision 075): the first, until another place is
  // chosen. Until it is known whether there are any, the address picker waits (it would choose first).
  const locations = useQuery({ ...companyLocationsQuery, enabled: company.isSuccess });
  const companyLocations = (company.isSuccess && locations.data) || [];
  const placesKnown = company.isError || (company.isSuccess && !locations.isPending);
  const firstLocation = companyLocations[0]?.id;
  // A location chosen that the company no longer lists (the buyer removed from it meanwhile) is no choice.
  const chosenGone = chosenShipTo !== null && 'locationId' in chosenShipTo && placesKnown && !companyLocations.some((location) => location.id === chosenShipTo.locationId);
  const shipTo: ShipTo | null = (chosenGone ? null : chosenShipTo) ?? (firstLocation ? { locationId: firstLocation } : null);
  const addressId = shipTo && 'addressId' in shipTo ? shipTo.addressId : null;
  const locationId = shipTo && 'locationId' in shipTo ? shipTo.locationId : null;
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const quote = useQuote(shipTo, chosenMethod);
  const place = usePlaceCheckout();
  const queryClient = useQueryClient();
  // A location refused by the quote (the buyer no longer of its company): the company is read again.
  useEffect(() => {
    if (locationId !== null) forgetCompanyIfGone(queryClient, quote.error);
  }, [queryClient, quote.error, locationId]);
  // This visit's key (decision 162): Place order pressed again after a network error is answered
  // the order the first press placed, if it reached the shop, and places no second one.
  const [attemptKey] = useState(newIdempotencyKey);
  const { reset: forgetRefusal } = place;
  // A refusal takes the focus, where the keyboard was (its button may be disabled while the quote
  // is asked again, and Chromium then drops the focus to the page).
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (place.error) refusalRef.current?.focus();
  }, [place.error]);
  // A place gone from under the order (the buyer removed from the company, decision 212): the cart
  // is asked again at the buyer's own prices and the form drawn anew, so the keyboard goes to the
  // page's heading, which stays, rather than to the page's body.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isApiError(place.error, 404)) headingRef.current?.focus();
  }, [place.error]);
  // The address picker's own list (one request): the chosen address's country, for the currency notes.
  const addresses = useQuery({ ...addressesQuery, enabled: addressId !== null });
  const shipToCountry =
    locationId !== null ? companyLocations.find((location) => location.id === locationId)?.country : addresses.data?.find((address) => address.id === addressId)?.country;
  const terms = member && ON_ACCOUNT_ROLES.includes(member.role) && member.status === 'active' ? member.paymentTerms : null;
  // A buyer whose company is on hold is told why On account is not offered (decision 212): the
  // choice went without a word, and the order by card with it.
  const onHold = member !== undefined && ON_ACCOUNT_ROLES.includes(member.role) && member.status === 'on-hold' && member.paymentTerms !== null;
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('card');
  const onAccount = terms !== null && paymentMethod === 'account';
  // A company's PO rule holds for every order placed for it, by card too (decision 106).
  const poRequired = Boolean(member?.poRequired);
  // A member's PO number, once typed (as the server keeps it), is looked up among the company's
  // orders still standing: one found is most often the same order placed twice (decision 187).
  const [poTyped, setPoTyped] = useState('');
  const poOrders = useQuery({ ...companyOrdersWithPoQuery(poTyped), enabled: member !== undefined && poTyped !== '' });
  const poWarning =
    poTyped !== '' && poOrders.data?.length ? companyMessages.poNumberOnOrders(poTyped, poOrders.data.map((order) => order.orderNumber)) : undefined;
  /**
   * Whether Place order may go on with this PO number: yes once its warning was on the page when
   * pressed. A number typed and sent at once (Enter in the field, or a click that left it as it
   * pressed) is looked up first; found on orders, the press places nothing and the warning shows:
   * the next press places it (decision 200). A lookup that fails holds nothing up: it only warns.
   */
  async function poWarningSeen(poNumber: string | undefined) {
    if (!poNumber || member === undefined || (poTyped === poNumber && poWarning)) return true;
    const found = await queryClient.fetchQuery(companyOrdersWithPoQuery(poNumber)).catch(() => []);
    if (found.length === 0) return true;
    setPoTyped(poNumber);
    return false;
  }
  // Another choice prices the order again: a refusal of the last Place order no longer says what is shown.
  const chooseAddress = useCallback((id: string) => {
    setShipTo({ addressId: id });
    // Another address may have other methods: the server chooses again.
    setChosenMethod(null);
    forgetRefusal();
  }, [forgetRefusal]);
  const chooseLocation = useCallback((id: string) => {
    setShipTo({ locationId: id });
    setChosenMethod(null);
    forgetRefusal();
  }, [forgetRefusal]);
  const chooseMethod = useCallback((id: string) => {
    setChosenMethod(id);
    forgetRefusal();
  }, [forgetRefusal]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(checkoutExtrasSchema), ...checkedWhenSent, defaultValues: { poNumber: '', note: '' } });

  const heading = (
    <>
      <PageMeta {...privateHead(paths.checkout)} />
      <h1 id="checkout-heading" ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold text-ink focus:outline-none">
        Checkout
      </h1>
    </>
  );

  if (cart.isError) {
    return (
      <section aria-labelledby="checkout-heading" className="mx-auto max-w-6xl px-4 py-10">
        {heading}
        <LoadFailed what="your cart" onRetry={() => void cart.refetch()} />
      </section>
    );
  }
  if (cart.isPending) {
    return (
      <section aria-labelledby="checkout-heading" className="mx-auto max-w-6xl px-4 py-10">
        {heading}
        <LoadingBlock label="Loading your cart" />
      </section>
    );
  }
  if (cart.data.lines.length === 0) {
    return (
      <section aria-labelledby="checkout-heading" className="mx-auto max-w-6xl px-4 py-10">
        {heading}
        <EmptyState message="Your cart is empty, so there is nothing to check out." className="mt-6">
          <Link to={paths.shop} className={`mt-4 ${linkButton}`}>
            Browse parts
          </Link>
        </EmptyState>
      </section>
    );
  }

  const lines = cart.data.lines;
  const nameOf = (partId: string) => lines.find((line) => line.partId === partId)?.name ?? 'A part';
  const cartProblems = lines.flatMap((line) => (line.problem ? [{ partId: line.partId, message: line.problem }] : []));
  const quoteRefusal = refusalOf(quote.error);
  const placeRefusal = refusalOf(place.error);
  // No place chosen, no quote: the one kept from a place gone (a company's location, decision 212) is not this order's.
  const offer = shipTo === null ? undefined : quote.data;
  const methodId = offer ? (chosenMethod ?? offer.shippingMethodId) : null;
  const ready = Boolean(offer && shipTo && methodId) && cartProblems.length === 0 && !quoteRefusal;
  // The credit the company has left on account, as the server reckons it (decision 169): said with
  // the choice, and when the quoted total is over it, said before Place order (the server refuses).
  const account = terms ? member : undefined;
  const available = account?.available ?? null;
  const overCredit =
    account !== undefined &&
    account.creditLimit !== null &&
    offer !== undefined &&
    !quoteRefusal &&
    overCreditLimitCents(dollarsToCents(account.creditLimit), dollarsToCents(account.balance), dollarsToCents(offer.total));
  const creditNotes = [available !== null && 'checkout-credit', overCredit && 'checkout-credit-over'].filter(Boolean).join(' ') || undefined;
  const whyNot = !shipTo
    ? 'To place the order: choose an address'
    : !offer
      ? undefined
      : !methodId
        ? 'To place the order: choose a shipping method'
        : undefined;

  const onSubmit = handleSubmit(async (extras) => {
    if (!ready || !offer || !shipTo || !methodId) return;
    const required = checkoutExtrasFor(poRequired).safeParse(extras);
    if (!required.success) {
      setError('poNumber', { message: required.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    if (!(await poWarningSeen(extras.poNumber))) return;
    place.mutate({
      ...shipTo,
      shippingMethodId: methodId,
      paymentMethod: onAccount ? 'account' : 'card',
      quotedTotal: offer.total,
      idempotencyKey: attemptKey,
      ...(extras.poNumber ? { poNumber: extras.poNumber } : {}),
      ...(extras.note ? { note: extras.note } : {}),
    });
  });

  return (
    <section aria-labelledby="checkout-heading" className="mx-auto max-w-6xl px-4 py-10">
      {heading}
      {/* On a phone the summary comes between the choices and Place order; beside both from lg up. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="grid min-w-0 gap-8 lg:col-start-1 lg:row-start-1">
          {/* A refusal naming the lines says it beside Place order, focused: not twice. */}
          {cartProblems.length > 0 && !placeRefusal?.lines.length && (
            <LineProblems message="Some lines of your cart cannot be ordered as they are." problems={cartProblems} nameOf={nameOf} />
          )}
          {!placesKnown ? (
            <LoadingBlock label="Loading where you can ship to" />
          ) : companyLocations.length > 0 ? (
            <>
              <CompanyLocationChoice locations={companyLocations} companyName={member?.name ?? 'your company'} value={locationId} onChange={chooseLocation} />
              <AddressPicker value={addressId} onChange={chooseAddress} chooses={false} legend="Or to an address of your own" />
            </>
          ) : (
            <AddressPicker value={addressId} onChange={chooseAddress} />
          )}
          {shipTo &&
            (quoteRefusal ? (
              <LineProblems message={quoteRefusal.message} problems={quoteRefusal.lines} nameOf={nameOf} />
            ) : quote.isError ? (
              <LoadFailed message="We could not price shipping for this address right now." onRetry={() => void quote.refetch()} />
            ) : offer ? (
              <ShippingMethods methods={offer.shippingMethods} unavailable={offer.unavailableShippingMethods} value={methodId} onChange={chooseMethod} pending={place.isPending} />
            ) : (
              <LoadingBlock label="Pricing shipping and tax" />
            ))}
        </div>
        <div className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <CheckoutSummary
            lines={offer?.lines ?? lines}
            subtotal={offer?.subtotal ?? cart.data.subtotal}
            quote={offer && !quoteRefusal ? offer : null}
            updating={quote.isFetching}
            shipToCountry={shipToCountry}
          />
        </div>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-label="Place order"
          className="grid min-w-0 gap-4 lg:col-start-1 lg:row-start-2"
        >
          {onHold && (
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-xl font-bold text-ink">Payment</legend>
              <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">{accountMessages.refusals['on-hold']}</p>
            </fieldset>
          )}
          {terms && (
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-xl font-bold text-ink">Payment</legend>
              {(
                [
                  ['card', 'Card (pay on the next page)'],
                  ['account', `${onAccountLabel(terms)}: invoiced to ${member?.name ?? 'your company'}`],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
                    paymentMethod === value ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-400'
                  }`}
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={value}
                    checked={paymentMethod === value}
                    onChange={() => {
                      if (!place.isPending) setPaymentMethod(value);
                    }}
                    // `aria-disabled` while the order is placed, not `disabled`: Enter on a radio
                    // places it, and Chromium would drop the focus to the page (decision 160).
                    aria-disabled={place.isPending || undefined}
                    onClick={ignoredWhilePending(place.isPending)}
                    aria-describedby={value === 'account' ? creditNotes : undefined}
                    className="size-4 shrink-0 accent-brand-700"
                  />
                  <span className="text-ink">{label}</span>
                </label>
              ))}
              {available !== null && (
                <p id="checkout-credit" className="text-sm text-slate-600">
                  {onAccountCreditMessages.available(available)}
                </p>
              )}
              {overCredit && offer && (
                <p id="checkout-credit-over" className="text-sm font-semibold text-red-800">
                  {onAccountCreditMessages.over(offer.total, available ?? 0)}
                </p>
              )}
            </fieldset>
          )}
          <TextField
            label={poRequired ? 'Purchase-order number (required by your company)' : 'Purchase-order number (optional)'}
            maxLength={PO_NUMBER_MAX_LENGTH}
            error={errors.poNumber?.message}
            {...register('poNumber', { onBlur: (event: { target: { value: string } }) => setPoTyped(checkoutExtrasSchema.shape.poNumber.safeParse(event.target.value).data ?? '') })}
          />
          {/* Present from the start, so that a warning put in it is read out; Place order names it too. */}
          <p id="checkout-po-used" role="status" className={poWarning ? 'text-sm font-medium text-amber-900' : 'sr-only'}>
            {poWarning}
          </p>
          <TextareaField
            label="Note for this order (optional)"
            rows={3}
            maxLength={ORDER_NOTE_MAX_LENGTH}
            hint={`Up to ${ORDER_NOTE_MAX_LENGTH} characters, e.g. delivery instructions.`}
            error={errors.note?.message}
            {...register('note')}
          />
          {placeRefusal && <LineProblems ref={refusalRef} message={placeRefusal.message} problems={placeRefusal.lines} nameOf={nameOf} reason={placeRefusal.reason} />}
          <div className="sm:max-w-xs">
            <SubmitButton pending={place.isPending || isSubmitting} disabled={!ready || quote.isFetching} describedBy={[whyNot && 'checkout-why-not', poWarning && 'checkout-po-used'].filter(Boolean).join(' ') || undefined}>
              Place order
            </SubmitButton>
          </div>
          {whyNot && (
            <p id="checkout-why-not" className="text-sm text-slate-600">
              {whyNot}
            </p>
          )}
          <Link to={paths.cart} className="justify-self-start text-sm font-semibold text-brand-700 underline">
            Back to the cart
          </Link>
        </form>
      </div>
    </section>
  );
}
