import { formatDay, type PriceListSummary } from '@autoparts/shared';
import { useEffect, useId, useRef } from 'react';
import { ActionButton } from '../../admin/components/action-button';

interface PriceListListProps {
  lists: PriceListSummary[];
  /** The list being deleted. */
  removingId?: string | undefined;
  /** The list whose Edit button gets the focus back once its edit is saved or cancelled. */
  returnFocusTo?: string | undefined;
  onEdit: (list: PriceListSummary) => void;
  onRemove: (list: PriceListSummary) => void;
}

/**
 * When a list is in force, in words: "Always", "From Jan 1, 2026", "Jan 1, 2026 to Dec 31, 2026", with
 * ", ended" or ", not begun yet" when `today` is outside them: its companies pay retail then. The shop's
 * days are UTC days, as the server prices by (decision 080).
 */
export function inForce(list: Pick<PriceListSummary, 'startsAt' | 'endsAt'>, today = new Date().toISOString().slice(0, 10)): string {
  const { startsAt, endsAt } = list;
  const days = startsAt && endsAt ? `${formatDay(startsAt)} to ${formatDay(endsAt)}` : startsAt ? `From ${formatDay(startsAt)}` : endsAt ? `Until ${formatDay(endsAt)}` : 'Always';
  if (list.endsAt && list.endsAt < today) return `${days}, ended`;
  if (list.startsAt && today < list.startsAt) return `${days}, not begun yet`;
  return days;
}

/** Every price list as a card (a table would not fit a phone), by priority as the server sends them. */
export function PriceListList({ lists, removingId, returnFocusTo, onEdit, onRemove }: PriceListListProps) {
  return (
    <ul aria-label="Price lists" className="grid gap-3 lg:grid-cols-2">
      {lists.map((list) => (
        <li key={list.id} className="min-w-0">
          <ListCard list={list} removing={removingId === list.id} focusEdit={returnFocusTo === list.id} onEdit={() => onEdit(list)} onRemove={() => onRemove(list)} />
        </li>
      ))}
    </ul>
  );
}

interface ListCardProps {
  list: PriceListSummary;
  removing: boolean;
  focusEdit: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

function ListCard({ list, removing, focusEdit, onEdit, onRemove }: ListCardProps) {
  const nameId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editRef.current?.focus();
  }, [focusEdit]);
  return (
    <article aria-labelledby={nameId} className="h-full rounded-xl border border-slate-200 p-4 text-sm">
      <h2 id={nameId} className="text-base font-bold break-words text-ink">
        {list.name}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium text-slate-500">Priority</dt>
        <dd>{list.priority}</dd>
        <dt className="font-medium text-slate-500">In force</dt>
        <dd>{inForce(list)}</dd>
        <dt className="font-medium text-slate-500">Entries</dt>
        <dd>{list.entries.toLocaleString('en-US')}</dd>
        <dt className="font-medium text-slate-500">Companies</dt>
        <dd className="min-w-0 break-words">{list.companies.length === 0 ? 'None yet' : list.companies.map((company) => company.name).join(', ')}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* Each named after its list ("Edit Fleetco brakes"): a list of the page's buttons is not six "Edit". */}
        <ActionButton ref={editRef} onClick={onEdit} aria-label={`Edit ${list.name}`}>
          Edit
        </ActionButton>
        <ActionButton tone="danger" onClick={onRemove} pending={removing} aria-label={`Delete ${list.name}`}>
          Delete
        </ActionButton>
      </div>
    </article>
  );
}
