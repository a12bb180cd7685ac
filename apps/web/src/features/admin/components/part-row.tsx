import { expectedOf, formatPrice, isEnded, isReplaced, partPromiseMessages, paths, productUpdateFieldsSchema, type AdminPart, type ProductUpdate, partChangeEditorMessages, dollarsToDecimalText } from '@autoparts/shared';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { inputClass } from '../../../components/field';
import { isApiError } from '../../../lib/api-client';
import { PartImage } from '../../../components/part-image';
import { adminNotices, confirmArchive } from '../admin-notices';
import { useSetPartArchived } from '../api/set-part-archived';
import { fieldChangedOf, useUpdatePart } from '../api/update-part';
import { ActionButton } from './action-button';
import { PartEditForm } from './part-edit-form';
import { RestockForm } from './restock-form';

/** The two figures an admin changes most, right in the row. */
const inlineSchema = productUpdateFieldsSchema.pick({ availableQuantity: true, price: true });

/**
 * One part in Manage Products' table: photo, name, stock and price to change in place (Save sends
 * only what changed), the minimum; Edit opens every field and Restock below the row; Archive or
 * Restore. Below 640 px the row is a card (the `stacked-table` rules).
 */
export function PartRow({ part }: { part: AdminPart }) {
  const id = useId();
  const nameId = `${id}-name`;
  const formId = `${id}-inline`;
  const editorId = `${id}-editor`;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const update = useUpdatePart({ refusalsInPlace: true });
  const setArchived = useSetPartArchived();
  // What is stored, as the fields hold it. The part fetched again after a save refreshes the
  // fields; after a 409 the field the admin typed in keeps their value (re-apply with Save, or
  // take the stored one), the other takes what is stored.
  const stored = useMemo(() => ({ availableQuantity: String(part.availableQuantity), price: dollarsToDecimalText(part.price) }), [part.availableQuantity, part.price]);
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    setError,
    setFocus,
    formState: { errors, dirtyFields },
  } = useForm({
    resolver: zodResolver(inlineSchema),
    values: stored,
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });

  const save = handleSubmit(async (values) => {
    const changes: ProductUpdate = Object.fromEntries(
      Object.entries(values).filter(([field]) => dirtyFields[field as keyof typeof dirtyFields]),
    );
    if (Object.keys(changes).length === 0) {
      toast.info(adminNotices.nothingChanged);
      return;
    }
    // The stock this row was loaded with: orders taken since are never undone (a 409 says so).
    if (changes.availableQuantity !== undefined) changes.expectedAvailableQuantity = part.availableQuantity;
    // And the price it was loaded with: another admin's price since is a 409, not overwritten.
    const expected = expectedOf(part, changes);
    if (expected) changes.expected = expected;
    // The hook toasts a success and fetches the list again; a 409 is said here, at its field.
    await update
      .mutateAsync({ id: part._id, changes })
      .then(() =>
        // What was saved, as the fields hold it ("9,50" as 9.50), nothing left to save.
        reset({ availableQuantity: String(values.availableQuantity ?? part.availableQuantity), price: dollarsToDecimalText(values.price ?? part.price) }, { keepDirtyValues: false, keepErrors: false }),
      )
      .catch((error: unknown) => {
        const changed = fieldChangedOf(error);
        if (changed?.field === 'availableQuantity' || changed?.field === 'price')
          setError(changed.field, { type: 'server', message: `${changed.message} ${adminNotices.staleKept}` }, { shouldFocus: true });
        // A rule's refusal (a price at or below one of the part's price breaks) is said at the field
        // it refuses, which takes the focus, not only in a toast (decision 152).
        else if (isApiError(error, 400)) setError(changes.price !== undefined ? 'price' : 'availableQuantity', { type: 'rule', message: error.message }, { shouldFocus: true });
      });
  });

  /** Gives up the admin's value refused by a 409 for the one stored now. */
  function takeStored(field: 'availableQuantity' | 'price') {
    resetField(field);
    setFocus(field);
  }

  function closeEditor() {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function toggleArchived() {
    if (!part.archived && !window.confirm(confirmArchive(part.name))) return;
    setArchived.mutate({ id: part._id, archived: !part.archived });
  }

  // A part renumbered, superseded or no longer made looks live without it (it is no longer on sale).
  const lifecycleBadge = partChangeEditorMessages.lifecycleBadge(part.lifecycle.code, part.replacedBy);
  const stockError = errors.availableQuantity?.message;
  const priceError = errors.price?.message;
  return (
    <>
      <tr className={`align-middle ${part.archived ? 'bg-slate-50' : ''}`}>
        <td className="px-4 py-3">
          <PartImage
            src={part.img}
            alt=""
            width={48}
            height={48}
            sizes="48px"
            // max-w-none: an image capped at 100 % of its cell lets the table squeeze the column to a sliver (issue 34.15).
            className={`size-12 max-w-none rounded-lg bg-slate-100 object-contain ${part.archived ? 'opacity-60' : ''}`}
          />
        </td>
        <th scope="row" id={nameId} className="px-4 py-3 text-left font-semibold text-ink">
          <span>{part.name}</span>
          {part.archived && (
            <span className="ml-2 inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Archived</span>
          )}
          {lifecycleBadge && ' '}
          {lifecycleBadge && (
            <span
              data-testid="lifecycle-badge"
              className={`mt-1 flex w-fit rounded-md px-2 py-0.5 text-xs font-semibold ${
                isReplaced(part.lifecycle.code) ? 'bg-amber-100 text-amber-900' : isEnded(part.lifecycle.code) ? 'bg-red-100 text-red-800' : 'bg-slate-200 text-slate-700'
              }`}
            >
              {lifecycleBadge}
            </span>
          )}
          {part.openFitmentReports > 0 && (
            <Link
              to={paths.fitmentReports}
              className="mt-1 block text-xs font-semibold text-amber-900 underline underline-offset-2"
              data-testid="open-fitment-reports"
            >
              {partPromiseMessages.openFitmentReports(part.openFitmentReports)}
            </Link>
          )}
        </th>
        <td data-label="Part no." className="px-4 py-3 whitespace-nowrap text-slate-700">
          {part.partNumber}
        </td>
        <td data-label="Stock" className="px-4 py-3">
          <div>
            <input
              form={formId}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              aria-label={`Stock of ${part.name}`}
              aria-invalid={stockError ? true : undefined}
              aria-describedby={stockError ? `${id}-stock-error` : undefined}
              className={`${inputClass} mt-0 tabular-nums sm:w-20 ${stockError ? 'border-red-600' : 'border-slate-300'}`}
              {...register('availableQuantity')}
            />
            {stockError && (
              <p id={`${id}-stock-error`} className="mt-1 max-w-40 text-xs text-red-700">
                {stockError}
              </p>
            )}
            {errors.availableQuantity?.type === 'server' && (
              <StoredButton onClick={() => takeStored('availableQuantity')} describedBy={`${id}-stock-error`}>
                {adminNotices.useStored(String(part.availableQuantity))}
              </StoredButton>
            )}
          </div>
        </td>
        <td data-label="Price ($)" className="px-4 py-3">
          <div>
            <input
              form={formId}
              inputMode="decimal"
              autoComplete="off"
              aria-label={`Price of ${part.name}`}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? `${id}-price-error` : undefined}
              className={`${inputClass} mt-0 tabular-nums sm:w-24 ${priceError ? 'border-red-600' : 'border-slate-300'}`}
              {...register('price')}
            />
            {priceError && (
              <p id={`${id}-price-error`} className="mt-1 max-w-40 text-xs text-red-700">
                {priceError}
              </p>
            )}
            {errors.price?.type === 'server' && (
              <StoredButton onClick={() => takeStored('price')} describedBy={`${id}-price-error`}>
                {adminNotices.useStored(formatPrice(part.price))}
              </StoredButton>
            )}
          </div>
        </td>
        <td data-label="Minimum" className="px-4 py-3 tabular-nums">
          {part.minOrderQuantity}
        </td>
        <td className="px-4 py-3">
          <div className="flex flex-wrap gap-2 lg:flex-nowrap">
            <form id={formId} noValidate onSubmit={(event) => void save(event)} aria-label={`Stock and price of ${part.name}`}>
              <ActionButton type="submit" tone="primary" pending={update.isPending} aria-describedby={nameId}>
                Save
              </ActionButton>
            </form>
            <ActionButton
              ref={editButton}
              onClick={() => (editing ? closeEditor() : setEditing(true))}
              aria-expanded={editing}
              aria-controls={editing ? editorId : undefined}
              aria-describedby={nameId}
            >
              Edit
            </ActionButton>
            <ActionButton
              tone={part.archived ? 'neutral' : 'danger'}
              onClick={toggleArchived}
              pending={setArchived.isPending}
              aria-describedby={nameId}
            >
              {part.archived ? 'Restore' : 'Archive'}
            </ActionButton>
            <Link
              to={paths.partCatalogue(part._id)}
              aria-describedby={nameId}
              className="inline-flex items-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Catalogue
            </Link>
          </div>
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={7} className="px-4 pb-4">
            <div id={editorId} className="grid gap-4">
              <PartEditForm part={part} id={`${editorId}-form`} onClose={closeEditor} />
              <RestockForm part={part} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/** Under a field a 409 refused: takes the value stored now in place of the admin's. */
function StoredButton({ onClick, describedBy, children }: { onClick: () => void; describedBy: string; children: string }) {
  return (
    <ActionButton onClick={onClick} aria-describedby={describedBy} className="mt-2">
      {children}
    </ActionButton>
  );
}
