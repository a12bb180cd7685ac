import { COMPANY_LOCATIONS_MAX, companyMessages, type CompanyLocation } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { AddressForm } from '../../addresses/components/address-form';
import { AddressText } from '../../addresses/components/address-text';
import { companyLocationsQuery, useAddLocation, useRemoveLocation } from '../api/companies';
import { EmptyState } from '../../../components/empty-state';
import { LocationCertificates } from '../../certificates/components/location-certificates';
import { LIST_HEADING, useCollectionEditing, useFocusWhen } from '../../admin/components/collection-editing';
import { primaryButtonClass } from '../../../components/submit-button';

/** The inline add form's own item in `useCollectionEditing`. */
const NEW = { id: ':new' };

const dangerButton =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60';

/**
 * The company's locations, shared by its members; an owner adds and deletes them; owners and
 * accounts members (`mayManageCertificates`) keep each location's resale certificates.
 */
export function CompanyLocations({ isOwner, mayManageCertificates }: { isOwner: boolean; mayManageCertificates: boolean }) {
  const locations = useQuery(companyLocationsQuery);
  const add = useAddLocation();
  const remove = useRemoveLocation();
  // The add form opens on its first field and gives the focus back to "Add a location"; a
  // deleted location hands it to a neighbour's Delete, or to the heading (decision 064).
  const { editing, returnFocusTo, focusRequest, formRef, startEditing, stopEditing, removed } = useCollectionEditing<{ id: string }>();
  const adding = editing !== undefined;
  const opener = useFocusWhen<HTMLButtonElement>(returnFocusTo === NEW.id, focusRequest);
  const heading = useFocusWhen<HTMLHeadingElement>(returnFocusTo === LIST_HEADING, focusRequest);

  function handleRemove(location: CompanyLocation, list: CompanyLocation[]) {
    if (!window.confirm(companyMessages.locationRemoveConfirm(location.name))) return;
    const at = list.indexOf(location);
    const neighbour = list[at + 1] ?? list[at - 1];
    remove.mutate(location, { onSuccess: () => removed(location.id, neighbour?.id ?? null) });
  }

  if (locations.isError) return <LoadFailed what="the locations" onRetry={() => void locations.refetch()} />;
  const list = locations.data ?? [];

  return (
    <section aria-labelledby="locations-heading" className="grid gap-4">
      <h2 id="locations-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        Locations
      </h2>
      {locations.isPending ? (
        <LoadingBlock label="Loading the locations" />
      ) : list.length === 0 ? (
        <EmptyState message={`No locations yet.${isOwner ? ' Add the places the company’s orders go to.' : ' An owner of the company adds them.'}`} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Locations">
          {list.map((location) => (
            <li key={location.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <AddressText address={location} />
              <LocationCertificates locationId={location.id} locationName={location.name} mayManage={mayManageCertificates} />
              {isOwner && (
                <DeleteLocation
                  location={location}
                  focus={returnFocusTo === location.id}
                  focusRequest={focusRequest}
                  pending={remove.isPending && remove.variables.id === location.id}
                  onDelete={() => handleRemove(location, list)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {isOwner &&
        (adding ? (
          <div
            ref={formRef}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            onKeyDown={(event) => {
              if (event.key === 'Escape') stopEditing(NEW.id);
            }}
          >
            <h3 className="mb-4 text-lg font-bold text-ink">New location</h3>
            <AddressForm
              label="New location"
              nameLabel="Location name"
              addLabel="Add location"
              offerDefault={false}
              save={(fields) => add.mutateAsync(fields).then(() => stopEditing(NEW.id))}
              onCancel={() => stopEditing(NEW.id)}
            />
          </div>
        ) : list.length >= COMPANY_LOCATIONS_MAX ? (
          <p className="text-slate-600">{`The company keeps ${COMPANY_LOCATIONS_MAX} locations, the most there can be.`}</p>
        ) : (
          <div className="sm:w-60">
            <button ref={opener} type="button" onClick={() => startEditing(NEW)} className={primaryButtonClass}>
              Add a location
            </button>
          </div>
        ))}
    </section>
  );
}

function DeleteLocation({
  location,
  focus,
  focusRequest,
  pending,
  onDelete,
}: {
  location: CompanyLocation;
  focus: boolean;
  /** A new hand-over of the focus (two deletions can each give it to this one). */
  focusRequest: number;
  pending: boolean;
  onDelete: () => void;
}) {
  const button = useFocusWhen<HTMLButtonElement>(focus, focusRequest);
  return (
    <button
      ref={button}
      type="button"
      className={`${dangerButton} mt-4 aria-disabled:opacity-60`}
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) onDelete();
      }}
      aria-label={`Delete the location ${location.name}`}
    >
      Delete
    </button>
  );
}
