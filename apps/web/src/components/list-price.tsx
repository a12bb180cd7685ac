import { formatPrice, listPriceLabel } from '@autoparts/shared';

/**
 * The list price struck through beside a member's contract price (decision 080); nothing when
 * the price is the list price. A screen reader hears "List price $10.00", not a bare figure.
 */
export function ListPrice({ listPrice, className = '' }: { listPrice: number | undefined; className?: string }) {
  if (listPrice === undefined) return null;
  return (
    <s className={`font-normal text-slate-500 ${className}`}>
      <span className="sr-only">{listPriceLabel(formatPrice(listPrice))}</span>
      <span aria-hidden="true">{formatPrice(listPrice)}</span>
    </s>
  );
}
