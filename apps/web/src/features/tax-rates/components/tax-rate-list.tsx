import { formatPercent, type TaxRate } from '@autoparts/shared';
import { useEffect, useId, useRef } from 'react';
import { ActionButton } from '../../admin/components/action-button';

interface TaxRateListProps {
  rates: TaxRate[];
  /** The rate being deleted. */
  removingId?: string | undefined;
  /** The rate whose Edit button gets the focus back once its edit is saved or cancelled. */
  returnFocusTo?: string | undefined;
  onEdit: (rate: TaxRate) => void;
  onRemove: (rate: TaxRate) => void;
}

/** Every rate as a row of cards: its place, the rate, whether shipping is taxed, and its actions. */
export function TaxRateList({ rates, removingId, returnFocusTo, onEdit, onRemove }: TaxRateListProps) {
  return (
    <ul aria-label="Tax rates" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {rates.map((rate) => (
        <li key={rate.id}>
          <RateCard rate={rate} removing={removingId === rate.id} focusEdit={returnFocusTo === rate.id} onEdit={() => onEdit(rate)} onRemove={() => onRemove(rate)} />
        </li>
      ))}
    </ul>
  );
}

interface RateCardProps {
  rate: TaxRate;
  removing: boolean;
  focusEdit: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

function RateCard({ rate, removing, focusEdit, onEdit, onRemove }: RateCardProps) {
  const placeId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editRef.current?.focus();
  }, [focusEdit]);
  const place = rate.region === null ? `${rate.country} (whole country)` : `${rate.country}-${rate.region}`;
  return (
    <article aria-labelledby={placeId} className="h-full rounded-xl border border-slate-200 p-4 text-sm">
      <h2 id={placeId} className="text-base font-bold text-ink">
        {place}
      </h2>
      <p className="mt-1 text-2xl font-extrabold text-ink">{formatPercent(rate.ratePercent)}</p>
      <p className="text-slate-600">{rate.appliesToShipping ? 'Shipping is taxed too' : 'Shipping is not taxed'}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* Each named after its place ("Edit US-IL"): a list of the page's buttons is not six "Edit". */}
        <ActionButton ref={editRef} onClick={onEdit} aria-label={`Edit ${place}`}>
          Edit
        </ActionButton>
        <ActionButton tone="danger" onClick={onRemove} pending={removing} aria-label={`Delete ${place}`}>
          Delete
        </ActionButton>
      </div>
    </article>
  );
}
