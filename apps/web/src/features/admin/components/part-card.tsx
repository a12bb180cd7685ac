import { formatPrice, type AdminPart } from '@autoparts/shared';
import { useId, useRef, useState } from 'react';
import { PartImage } from '../../../components/part-image';
import { confirmArchive } from '../admin-notices';
import { useSetPartArchived } from '../api/set-part-archived';
import { ActionButton } from './action-button';
import { PartEditForm } from './part-edit-form';
import { RestockForm } from './restock-form';

/** One part on Manage Products: its figures, and Edit, Restock and Archive or Restore. */
export function PartCard({ part }: { part: AdminPart }) {
  const id = useId();
  const nameId = `${id}-name`;
  const formId = `${id}-edit`;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const setArchived = useSetPartArchived();

  function closeEditor() {
    setEditing(false);
    // Back where the admin was: the button that opened the form.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function toggleArchived() {
    if (!part.archived && !window.confirm(confirmArchive(part.name))) return;
    // The hook reports success and failure with a toast.
    setArchived.mutate({ id: part._id, archived: !part.archived });
  }

  return (
    <article aria-labelledby={nameId} className={`rounded-xl border p-4 ${part.archived ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200'}`}>
      <div className="flex flex-col gap-4 sm:flex-row">
        <PartImage
          src={part.img}
          alt=""
          width={96}
          height={96}
          sizes="96px"
          className={`size-24 shrink-0 rounded-lg bg-slate-100 object-contain ${part.archived ? 'opacity-60' : ''}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={nameId} className="text-lg font-bold text-ink">
              {part.name}
            </h3>
            {part.archived && (
              <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Archived</span>
            )}
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm sm:max-w-md">
            <Figure label="Stock" value={String(part.availableQuantity)} />
            <Figure label="Price" value={formatPrice(part.price)} />
            <Figure label="Minimum" value={String(part.minOrderQuantity)} />
          </dl>
          <div className="mt-3 flex flex-wrap items-start gap-x-6 gap-y-3">
            <RestockForm part={part} />
            <div className="flex gap-2 sm:mt-6">
              <ActionButton
                ref={editButton}
                onClick={() => (editing ? closeEditor() : setEditing(true))}
                aria-expanded={editing}
                aria-controls={editing ? formId : undefined}
                aria-describedby={nameId}
                className="py-2"
              >
                Edit
              </ActionButton>
              <ActionButton
                tone={part.archived ? 'neutral' : 'danger'}
                onClick={toggleArchived}
                pending={setArchived.isPending}
                aria-describedby={nameId}
                className="py-2"
              >
                {part.archived ? 'Restore' : 'Archive'}
              </ActionButton>
            </div>
          </div>
        </div>
      </div>
      {editing && <PartEditForm part={part} id={formId} onClose={closeEditor} />}
    </article>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="tabular-nums text-ink">{value}</dd>
    </div>
  );
}
