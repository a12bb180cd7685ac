import { formatPrice, type PriceBreak } from '@autoparts/shared';

/**
 * A part's quantity prices: the list price from the minimum order on, then each break
 * ("from 10: $8.50"). Nothing when the part has no breaks. The server applies them; this only shows.
 */
export function PriceBreakTable({ price, minOrderQuantity, priceBreaks }: { price: number; minOrderQuantity: number; priceBreaks: PriceBreak[] }) {
  if (priceBreaks.length === 0) return null;
  // A break at or below the minimum order is the price of every order: it replaces the list price's row.
  const reached = priceBreaks.filter((tier) => tier.minQuantity <= minOrderQuantity).at(-1);
  const rows = [
    { minQuantity: minOrderQuantity, unitPrice: reached?.unitPrice ?? price },
    ...priceBreaks.filter((tier) => tier.minQuantity > minOrderQuantity),
  ];
  return (
    <table className="mt-4 w-full max-w-xs text-left text-slate-700" data-testid="price-breaks">
      <caption className="mb-1 text-left font-semibold text-ink">Quantity prices</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-1 pr-4 font-medium">
            Quantity
          </th>
          <th scope="col" className="py-1 font-medium">
            Each
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((tier) => (
          <tr key={tier.minQuantity} className="border-b border-slate-100">
            <td className="py-1 pr-4">{`from ${tier.minQuantity}`}</td>
            <td className="py-1 font-semibold">{formatPrice(tier.unitPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
