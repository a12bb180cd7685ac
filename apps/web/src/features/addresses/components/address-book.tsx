import { ADDRESSES_MAX, type Address } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { addressesQuery, useDeleteAddress, useMakeDefault } from '../api/addresses';
import { AddressForm } from './address-form';
import { AddressText } from './address-text';
import { EmptyState } from '../../../components/empty-state';
import { LIST_HEADING, useCollectionEditing, useFocusWhen } from '../../admin/components/collection-editing';
import { primaryButtonClass } from '../../../components/submit-button';

const secondaryButton =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 aria-disabled:opacity-60';

/** The new-address form's own item in `useCollectionEditing`; its opener takes the focus back. */
const NEW = { id: ':new' };
/** `returnFocusTo` for a card's Delete (a plain id is its Edit). */
const deleteOf = (id: string) => `${id}:delete`;

/**
 * The address book (/dashboard/addresses): its heading, every address with Edit, Delete and Make
 * default, and a form to add one. A form opens on its first field; saving or cancelling gives the
 * focus to the address's Edit (the opener's, "Add an address", for a new one cancelled); a deleted
 * address hands it to the next one's Delete, or to the heading when none is left (decision 064).
 */
export function AddressBook() {
  const book = useQuery(addressesQuery);
  const { editing, returnFocusTo, focusRequest, formRef, startEditing, stopEditing, removed, returnFocus } = useCollectionEditing<{ id: string }>();
  const heading = useFocusWhen<HTMLHeadingElement>(returnFocusTo === LIST_HEADING, focusRequest);
  const opener = useFocusWhen<HTMLButtonElement>(returnFocusTo === NEW.id, focusRequest);
  const remove = useDeleteAddress();
  const makeDefault = useMakeDefault();

  function handleDelete(address: Address, list: Address[]) {
    if (!window.confirm(`Delete the address of ${address.name}, ${address.line1}?`)) return;
    const at = list.indexOf(address);
    const neighbour = list[at + 1] ?? list[at - 1];
    remove.mutate(address.id, { onSuccess: () => removed(address.id, neighbour ? deleteOf(neighbour.id) : null) });
  }

  function content() {
    if (book.isError) return <LoadFailed what="your addresses" onRetry={() => void book.refetch()} />;
    if (book.isPending) return <LoadingBlock label="Loading your addresses" />;
    const addresses = book.data;
    const full = addresses.length >= ADDRESSES_MAX;
    const closeForm = (id: string) => (event: KeyboardEvent) => {
      if (event.key === 'Escape') stopEditing(id);
    };

    return (
      <div className="grid gap-6">
        {addresses.length === 0 && editing?.id !== NEW.id && (
          <EmptyState message="You have no saved addresses yet">
            <p className="mt-1 text-slate-600">Add one here, or at checkout.</p>
          </EmptyState>
        )}
        {addresses.length > 0 && (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
            {addresses.map((address) => (
              <li key={address.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                {editing?.id === address.id ? (
                  <div ref={formRef} onKeyDown={closeForm(address.id)}>
                    <AddressForm
                      address={address}
                      label={`Edit the address of ${address.name}`}
                      onSaved={() => stopEditing(address.id)}
                      onCancel={() => stopEditing(address.id)}
                    />
                  </div>
                ) : (
                  <AddressCard
                    address={address}
                    focus={returnFocusTo === address.id ? 'edit' : returnFocusTo === deleteOf(address.id) ? 'delete' : undefined}
                    focusRequest={focusRequest}
                    onEdit={() => startEditing({ id: address.id })}
                    makingDefault={makeDefault.isPending ? (makeDefault.variables.id === address.id ? 'this' : 'another') : undefined}
                    onMakeDefault={() => makeDefault.mutate(address, { onSuccess: () => returnFocus(address.id) })}
                    deleting={remove.isPending && remove.variables === address.id}
                    onDelete={() => handleDelete(address, addresses)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {editing?.id === NEW.id ? (
          <section
            ref={formRef}
            onKeyDown={closeForm(NEW.id)}
            aria-labelledby="new-address-heading"
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id="new-address-heading" className="mb-4 text-xl font-bold text-ink">
              New address
            </h2>
            {/* Saved, the new address's Edit takes the focus (there may be no "Add an address" left). */}
            <AddressForm label="New address" onSaved={(saved) => stopEditing(saved.id)} onCancel={() => stopEditing(NEW.id)} />
          </section>
        ) : full ? (
          <p className="text-slate-600">{`You keep ${ADDRESSES_MAX} addresses, the most there can be. Delete one to add another.`}</p>
        ) : (
          <div className="sm:w-60">
            <button ref={opener} type="button" onClick={() => startEditing(NEW)} className={primaryButtonClass}>
              Add an address
            </button>
          </div>
        )}
      </div>
    );
  }

  return (
    <>
      <h1 id="addresses-heading" ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-ink focus:outline-none">
        My Addresses
      </h1>
      <p className="mt-2 text-slate-600">Where your orders can go. The default one is chosen first at checkout.</p>
      <div className="mt-6">{content()}</div>
    </>
  );
}

interface AddressCardProps {
  address: Address;
  /** Which of its buttons takes the focus (after its form closed, or a neighbour was deleted). */
  focus: 'edit' | 'delete' | undefined;
  focusRequest: number;
  onEdit: () => void;
  /** A Make default on its way: this card's, or another's (one at a time). */
  makingDefault: 'this' | 'another' | undefined;
  onMakeDefault: () => void;
  deleting: boolean;
  onDelete: () => void;
}

/**
 * An address with its actions. A pressed Make default or Delete is `aria-disabled` while it
 * works, never `disabled`, so the focus stays on it (decision 044).
 */
function AddressCard({ address, focus, focusRequest, onEdit, makingDefault, onMakeDefault, deleting, onDelete }: AddressCardProps) {
  const edit = useFocusWhen<HTMLButtonElement>(focus === 'edit', focusRequest);
  const remove = useFocusWhen<HTMLButtonElement>(focus === 'delete', focusRequest);
  return (
    <>
      {address.isDefault && (
        <p className="mb-2 inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-700">Default</p>
      )}
      <AddressText address={address} />
      <div className="mt-4 flex flex-wrap gap-2">
        <button ref={edit} type="button" className={secondaryButton} onClick={onEdit} aria-label={`Edit ${address.name}, ${address.line1}`}>
          Edit
        </button>
        {!address.isDefault && (
          <button
            type="button"
            className={secondaryButton}
            disabled={makingDefault === 'another'}
            aria-disabled={makingDefault === 'this' || undefined}
            onClick={() => {
              if (!makingDefault) onMakeDefault();
            }}
            aria-label={`Make ${address.name}, ${address.line1} the default`}
          >
            Make default
          </button>
        )}
        <button
          ref={remove}
          type="button"
          className={`${secondaryButton} text-red-700`}
          aria-disabled={deleting || undefined}
          onClick={() => {
            if (!deleting) onDelete();
          }}
          aria-label={`Delete ${address.name}, ${address.line1}`}
        >
          Delete
        </button>
      </div>
    </>
  );
}
