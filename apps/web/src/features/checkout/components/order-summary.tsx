import { formatPrice } from '@autoparts/shared';
import type { CheckoutQuote } from '@autoparts/shared';
import { CurrencyNotes } from '../../orders/components/currency-notes';

interface SummaryLine {
  /** A part, or its core deposit (the same `partId`). */
  kind?: 'part' | 'core-deposit';
  partId: string;
  partNumber: string;
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

interface CheckoutSummaryProps {
  lines: readonly SummaryLine[];
  subtotal: number;
  /** The quote's figures; null until an address (and so shipping and tax) is known. */
  quote: Pick<CheckoutQuote, 'shippingMethods' | 'shippingMethodId' | 'shipping' | 'tax' | 'taxExemption' | 'total'> | null;
  /** The quote is being asked again (another address or method): the figures may change. */
  updating?: boolean;
  /** The chosen address's country, for the currency notes; undefined until one is chosen. */
  shipToCountry?: string | undefined;
}

/** The order as it stands: each line, then subtotal, shipping, tax and total, all the server's figures. */
export function CheckoutSummary({ lines, subtotal, quote, updating = false, shipToCountry }: CheckoutSummaryProps) {
  // Methods offered, none chosen yet: no shipping figure, nor a tax or total that would leave it out.
  const choosing = quote !== null && quote.shippingMethodId === null && quote.shippingMethods.length > 0;
  const priced = quote && !choosing ? quote : null;
  return (
    <section aria-labelledby="summary-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="summary-heading" className="text-xl font-bold text-ink">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-slate-200" aria-label="Lines">
        {lines.map((line) => (
          <li key={`${line.kind ?? 'part'}:${line.partId}`} className="flex justify-between gap-4 py-3">
            <span className="min-w-0">
              <span className="block font-semibold break-words text-ink">{line.name}</span>
              <span className="block text-sm text-slate-600">
                {`${line.partNumber} · ${line.quantity} × ${formatPrice(line.unitPrice)}`}
              </span>
            </span>
            <span className="shrink-0 font-semibold text-ink">{formatPrice(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-slate-200 pt-4" aria-busy={updating}>
        <dt className="text-slate-700">Subtotal</dt>
        <dd className="text-right text-ink">{formatPrice(subtotal)}</dd>
        <dt className="text-slate-700">Shipping</dt>
        <dd className="text-right text-ink">{priced ? (priced.shipping === 0 ? 'Free' : formatPrice(priced.shipping)) : choosing ? 'Choose a method' : 'Choose an address'}</dd>
        <dt className="text-slate-700">{priced?.taxExemption ?? 'Tax'}</dt>
        <dd className="text-right text-ink">{priced ? formatPrice(priced.tax) : '—'}</dd>
        <dt className="text-lg font-bold text-ink">Total</dt>
        <dd className="text-right text-lg font-bold text-ink">{priced ? formatPrice(priced.total) : '—'}</dd>
      </dl>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-600">
        {updating ? 'Updating the totals…' : ''}
      </p>
      <CurrencyNotes shipToCountry={shipToCountry} />
    </section>
  );
}

