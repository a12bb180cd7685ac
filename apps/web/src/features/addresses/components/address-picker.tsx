import { ADDRESSES_MAX } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { useFocusWhen } from '../../admin/components/collection-editing';
import { LoadingBlock } from '../../../components/spinner';
import { RadioCard } from '../../../components/radio-card';
import { addressesQuery } from '../api/addresses';
import { AddressForm } from './address-form';
import { AddressText } from './address-text';

interface AddressPickerProps {
  /** The chosen address's id; null until one is chosen (the default is chosen once the book arrives). */
  value: string | null;
  onChange: (id: string) => void;
  /** The group's visible name. */
  legend?: string;
  /**
   * Whether the picker chooses the default address while none is chosen, and opens the form for a
   * book with none (the default). False when the page offers other places to ship to (a company's
   * locations) and one of them may be the choice.
   */
  chooses?: boolean;
}

/**
 * The addresses of the book as a radio list, the default chosen first, and "Add a new address",
 * which opens the address form in place and chooses the address it saves. With no address yet,
 * the form is open from the start.
 */
export function AddressPicker({ value, onChange, legend = 'Ship to', chooses = true }: AddressPickerProps) {
  const book = useQuery(addressesQuery);
  const [adding, setAdding] = useState(false);
  // The keyboard's place as the form opens and closes (the button and the form replace each
  // other, and the focus went to the page): opened, its first field; cancelled, "Add a new
  // address" again; saved, the new address's radio, once the book has it.
  const [focus, setFocus] = useState<{ to: 'form' | 'opener' | 'saved'; id?: string; request: number }>();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const opener = useFocusWhen<HTMLButtonElement>(focus?.to === 'opener', focus?.request);
  const focusNext = (to: 'form' | 'opener' | 'saved', id?: string) => setFocus((last) => ({ to, id, request: (last?.request ?? 0) + 1 }));
  const addresses = book.data;
  const chosen = addresses?.some((address) => address.id === value) ? value : null;
  const fallback = addresses?.find((address) => address.isDefault)?.id ?? addresses?.[0]?.id;

  useEffect(() => {
    if (chooses && chosen === null && fallback) onChange(fallback);
  }, [chooses, chosen, fallback, onChange]);

  const savedShown = focus?.to === 'saved' && addresses?.some((address) => address.id === focus.id);
  useEffect(() => {
    const group = groupRef.current;
    if (!group || !focus) return;
    if (focus.to === 'form') group.querySelector<HTMLElement>('form input, form select')?.focus();
    if (focus.to === 'saved' && savedShown) group.querySelector<HTMLInputElement>(`input[type="radio"][value="${CSS.escape(focus.id ?? '')}"]`)?.focus();
  }, [focus, savedShown]);

  if (book.isError) return <LoadFailed what="your addresses" onRetry={() => void book.refetch()} />;
  if (book.isPending) return <LoadingBlock label="Loading your addresses" />;
  const list = book.data;
  const formOpen = adding || (chooses && list.length === 0);

  return (
    <fieldset ref={groupRef} className="grid gap-3">
      <legend className="mb-2 text-xl font-bold text-ink">{legend}</legend>
      {list.map((address) => (
        <RadioCard
          key={address.id}
          name="address"
          value={address.id}
          checked={address.id === chosen}
          onChange={() => onChange(address.id)}
        >
          <span className="min-w-0">
            <AddressText address={address} />
            {address.isDefault && <span className="mt-1 block text-sm font-semibold text-brand-700">Default address</span>}
          </span>
        </RadioCard>
      ))}
      {formOpen ? (
        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h3 className="mb-4 text-lg font-bold text-ink">{list.length === 0 ? 'Where should we ship?' : 'New address'}</h3>
          <AddressForm
            label="New address"
            offerDefault={list.length > 0}
            onSaved={(saved) => {
              setAdding(false);
              onChange(saved.id);
              focusNext('saved', saved.id);
            }}
            onCancel={
              list.length > 0
                ? () => {
                    setAdding(false);
                    focusNext('opener');
                  }
                : undefined
            }
          />
        </div>
      ) : list.length < ADDRESSES_MAX ? (
        <div>
          <button
            ref={opener}
            type="button"
            onClick={() => {
              setAdding(true);
              focusNext('form');
            }}
            className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Add a new address
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
