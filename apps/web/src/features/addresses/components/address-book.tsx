import { ADDRESSES_MAX, type Address } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { addressesQuery, useDeleteAddress, useMakeDefault } from '../api/addresses';
import { AddressForm } from './address-form';
import { AddressText } from './address-text';
import { EmptyState } from '../../../components/empty-state';

const secondaryButton =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60';

/** The address book: every address with Edit, Delete and Make default, and a form to add one. */
export function AddressBook() {
  const book = useQuery(addressesQuery);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const remove = useDeleteAddress();
  const makeDefault = useMakeDefault();

  if (book.isError) return <LoadFailed message="We could not load your addresses right now." onRetry={() => void book.refetch()} />;
  if (book.isPending) return <LoadingBlock label="Loading your addresses" />;
  const addresses = book.data;
  const full = addresses.length >= ADDRESSES_MAX;

  function handleDelete(address: Address) {
    if (!window.confirm(`Delete the address of ${address.name}, ${address.line1}?`)) return;
    remove.mutate(address.id);
  }

  return (
    <div className="grid gap-6">
      {addresses.length === 0 && editing !== 'new' && (
        <EmptyState message="You have no saved addresses yet">
          <p className="mt-1 text-slate-600">Add one here, or at checkout.</p>
        </EmptyState>
      )}
      {addresses.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              {editing === address.id ? (
                <AddressForm
                  address={address}
                  label={`Edit the address of ${address.name}`}
                  onSaved={() => setEditing(null)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  {address.isDefault && (
                    <p className="mb-2 inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-700">Default</p>
                  )}
                  <AddressText address={address} />
                  <div className="mt-4 flex flex-wrap gap-2">
                    <button type="button" className={secondaryButton} onClick={() => setEditing(address.id)} aria-label={`Edit ${address.name}, ${address.line1}`}>
                      Edit
                    </button>
                    {!address.isDefault && (
                      <button
                        type="button"
                        className={secondaryButton}
                        disabled={makeDefault.isPending}
                        onClick={() => makeDefault.mutate(address)}
                        aria-label={`Make ${address.name}, ${address.line1} the default`}
                      >
                        Make default
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${secondaryButton} text-red-700`}
                      disabled={remove.isPending && remove.variables === address.id}
                      onClick={() => handleDelete(address)}
                      aria-label={`Delete ${address.name}, ${address.line1}`}
                    >
                      Delete
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <section aria-labelledby="new-address-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="new-address-heading" className="mb-4 text-xl font-bold text-ink">
            New address
          </h2>
          <AddressForm label="New address" onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
        </section>
      ) : full ? (
        <p className="text-slate-600">{`You keep ${ADDRESSES_MAX} addresses, the most there can be. Delete one to add another.`}</p>
      ) : (
        <div>
          <button
            type="button"
            onClick={() => setEditing('new')}
            className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Add an address
          </button>
        </div>
      )}
    </div>
  );
}
