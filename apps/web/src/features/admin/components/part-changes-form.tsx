import {
  ENDED_CODES,
  INTERCHANGE_MAX,
  KIT_COMPONENTS_MAX,
  lifecycleLabels,
  partChangeEditorMessages,
  partChangesInputSchema,
  partRefusalSchema,
  REPLACED_CODES,
  type Interchange,
  type PartChangesExpected,
  type PartChangesInput,
  type PartUpdated,
  type StoredPartChanges,
} from '@autoparts/shared';
import { useMutationState } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-client';
import { adminNotices } from '../admin-notices';
import { partChangesMutationKey, useSavePartChanges } from '../api/part-catalogue';
import { fieldChangedOf } from '../api/update-part';
import { ActionButton } from './action-button';
import { StaleNotice } from './stale-notice';
import { useStoredDraft } from './stored-draft';

/** Rows as typed: every field is text until the shared schema reads it. */
interface InterchangeRow {
  brand: string;
  brandKind: Interchange['brandKind'];
  partNumber: string;
  quantity: string;
}
interface KitRow {
  partNumber: string;
  quantity: string;
}

/** The form's values of the stored fields: every field is text until the shared schema reads it. */
const changesDraft = (stored: StoredPartChanges) => ({
  lifecycle: stored.lifecycle,
  replacedBy: stored.replacedBy ?? '',
  interchange: stored.interchange.map((row): InterchangeRow => ({ ...row, quantity: String(row.quantity) })),
  kit: stored.kit.map((row): KitRow => ({ ...row, quantity: String(row.quantity) })),
});
/** Each field as a string to compare: retyped the same (spaces around, case of a number) is no change. */
const changesCanonical = (draft: ReturnType<typeof changesDraft>) => ({
  lifecycle: draft.lifecycle.trim(),
  replacedBy: draft.replacedBy.trim().toUpperCase(),
  interchange: JSON.stringify(draft.interchange.map((row) => [row.brand.trim(), row.brandKind, row.partNumber.trim(), row.quantity.trim()])),
  kit: JSON.stringify(draft.kit.map((row) => [row.partNumber.trim(), row.quantity.trim()])),
});

/** How a row names its brand (decision 206): kept to the PIES export as BrandLabel or BrandAAIAID. */
const brandKindOptions: ReadonlyArray<{ value: Interchange['brandKind']; label: string }> = [
  { value: 'label', label: 'Name' },
  { value: 'code', label: 'Code' },
];
const lifecycleOptions = Object.entries(lifecycleLabels).map(([code, label]) => ({ value: code, label: `${code} — ${label}` }));

/**
 * The control that says a message of `path` (the schema's issue path, or the field a rule's 400
 * names: `replacedBy`, `kit.2`, `kit`) and takes the focus: a row by its first box, a list
 * without a row named by its first row's.
 */
function controlOf(path: string): string {
  const [list, index = '0'] = path.split('.');
  if (list === 'kit') return `kit.${index}.partNumber`;
  if (list === 'interchange') return `interchange.${index}.brand`;
  return path;
}

/**
 * A part's life cycle, the part that replaces it, other brands' numbers it replaces and its kit
 * components (issue 30, decision 065), edited on its catalogue page and saved at once through
 * `PATCH /admin/part/{id}` (what changed, with what the form loaded of it: decision 112). The shared schema names a bad row before sending; the server's rules
 * (a replacement that does not exist or goes round in a circle, a component that is a kit) answer
 * with their message and the field it is about (decision 157): each is said at its field or row,
 * which takes the focus; a refusal that names none is said under the form.
 */
export function PartChangesForm({ partId, stored }: { partId: string; stored: StoredPartChanges }) {
  const save = useSavePartChanges(partId);
  const headingId = useId();
  // The draft outlives a refetch of the part: fields the admin has not changed take what is stored now (decision 112).
  const { draft, change, loaded } = useStoredDraft(stored, changesDraft, changesCanonical);
  const { lifecycle, replacedBy, interchange, kit } = draft;
  const setLifecycle = (value: string) => change({ lifecycle: value });
  const setReplacedBy = (value: string) => change({ replacedBy: value });
  const setInterchange = (rows: InterchangeRow[]) => change({ interchange: rows });
  const setKit = (rows: KitRow[]) => change({ kit: rows });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The refusal said at its field, not again under the form; and the control to focus once drawn.
  const [placed, setPlaced] = useState<unknown>();
  const [focusOn, setFocusOn] = useState<{ control: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const control = focusOn && formRef.current?.elements.namedItem(focusOn.control);
    if (control instanceof HTMLElement) control.focus();
  }, [focusOn]);
  const names = REPLACED_CODES.includes(lifecycle) || ENDED_CODES.includes(lifecycle);
  const refused = save.error && isApiError(save.error, 400) && save.error !== placed ? save.error.message : undefined;
  // The last save's warnings (decision 111), read from the mutation cache: the form is mounted again once the save is read back.
  const saved = useMutationState({ filters: { mutationKey: partChangesMutationKey(partId), status: 'success' }, select: (mutation) => (mutation.state.data as PartUpdated).warnings }).at(-1);
  const warnings = save.isPending || save.isError ? [] : (saved ?? []);
  const changed = fieldChangedOf(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = partChangesInputSchema.safeParse({
      lifecycle,
      replacedBy: names && replacedBy.trim() ? replacedBy : null,
      interchange: interchange.map((row) => ({ ...row, quantity: row.quantity.trim() })),
      kit: kit.map((row) => ({ ...row, quantity: row.quantity.trim() })),
    });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    if (!parsed.success) {
      const [first] = Object.keys(found);
      if (first !== undefined) setFocusOn({ control: controlOf(first) });
      return;
    }
    // Only what changed, so the audit log says what the admin did; status and replacement go together.
    // Each with what this form loaded of it: a field someone else saved since is a 409, not overwritten.
    const { data } = parsed;
    const changes: Partial<PartChangesInput> = {};
    const expected: PartChangesExpected = {};
    if (data.lifecycle !== loaded.lifecycle || data.replacedBy !== loaded.replacedBy) {
      Object.assign(changes, { lifecycle: data.lifecycle, replacedBy: data.replacedBy });
      Object.assign(expected, { lifecycle: loaded.lifecycle, replacedBy: loaded.replacedBy });
    }
    if (JSON.stringify(data.interchange) !== JSON.stringify(loaded.interchange)) {
      changes.interchange = data.interchange;
      expected.interchange = loaded.interchange;
    }
    if (JSON.stringify(data.kit) !== JSON.stringify(loaded.kit)) {
      changes.kit = data.kit;
      expected.kit = loaded.kit;
    }
    if (Object.keys(changes).length === 0) toast.info(adminNotices.nothingChanged);
    else save.mutate({ ...changes, expected }, { onError: sayAtItsField });
  }

  /** A rule's 400 that names a field the form shows: said there, which takes the focus. */
  function sayAtItsField(error: unknown) {
    if (!isApiError(error, 400)) return;
    const refusal = partRefusalSchema.safeParse(error.payload);
    const field = refusal.success ? refusal.data.field : undefined;
    const control = field === undefined ? undefined : formRef.current?.elements.namedItem(controlOf(field));
    if (!field || !control) return;
    setErrors({ [field]: error.message });
    setPlaced(error);
    setFocusOn({ control: controlOf(field) });
  }

  /**
   * Adds a row to a list, or removes one, and moves the focus as a keyboard needs it (decision 213):
   * to the row added; from a removed row (its Remove button gone with it) to the row now in its
   * place, else the one before, else the list's Add button.
   */
  function addRow(list: 'interchange' | 'kit') {
    if (list === 'interchange') setInterchange([...interchange, { brand: '', brandKind: 'label', partNumber: '', quantity: '1' }]);
    else setKit([...kit, { partNumber: '', quantity: '1' }]);
    setFocusOn({ control: controlOf(`${list}.${(list === 'interchange' ? interchange : kit).length}`) });
  }
  function removeRow(list: 'interchange' | 'kit', index: number) {
    if (list === 'interchange') setInterchange(interchange.filter((_, other) => other !== index));
    else setKit(kit.filter((_, other) => other !== index));
    const left = (list === 'interchange' ? interchange : kit).length - 1;
    setFocusOn({ control: left === 0 ? `${list}.add` : controlOf(`${list}.${Math.min(index, left - 1)}`) });
  }

  const rowError = (list: 'interchange' | 'kit', index: number) => errors[`${list}.${index}`];
  const messageId = (path: string) => `${headingId}-${path.replace('.', '-')}`;
  /** A row's first box: named as `controlOf` names it, and described by the row's message (and the list's, on the first row). */
  const firstOfRow = (list: 'interchange' | 'kit', index: number) => {
    const described = [rowError(list, index) && messageId(`${list}.${index}`), index === 0 && errors[list] && messageId(list)].filter(Boolean);
    return {
      name: controlOf(`${list}.${index}`),
      ...(described.length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': described.join(' ') } : {}),
    };
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId} className="grid content-start gap-4">
      <h2 id={headingId} className="text-xl font-bold text-ink">
        Life cycle, interchange and kit
      </h2>
      <SelectField
        label="Life-cycle status (PIES)"
        name="lifecycle"
        value={lifecycle}
        onChange={(event) => setLifecycle(event.target.value)}
        error={errors.lifecycle}
        options={lifecycleOptions}
      />
      {names && (
        <TextField
          label="Replaced by (part number)"
          name="replacedBy"
          hint={REPLACED_CODES.includes(lifecycle) ? 'Required: the part that replaces this one' : 'Optional: the part to buy instead'}
          value={replacedBy}
          onChange={(event) => setReplacedBy(event.target.value)}
          error={errors.replacedBy}
          maxLength={40}
          autoComplete="off"
        />
      )}
      <fieldset className="rounded-lg border border-slate-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold text-ink">Replaces these numbers (OEM and other brands)</legend>
        <p className="text-sm text-slate-600">Quantity: how many of theirs make one of ours.</p>
        {interchange.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No other brands’ numbers.</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-3">
            {interchange.map((row, index) => (
              <li key={index} className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_1fr_6rem_auto]">
                {/* The brand and whether it is its name or its code, one above the other: a row stays four columns wide. */}
                <div className="flex flex-col gap-2">
                  <TextField label={`Number ${index + 1}: brand`} {...firstOfRow('interchange', index)} value={row.brand} maxLength={60} autoComplete="off" onChange={(event) => setInterchange(interchange.with(index, { ...row, brand: event.target.value }))} />
                  <SelectField
                    label={`Number ${index + 1}: name or code`}
                    name={`interchange.${index}.brandKind`}
                    options={brandKindOptions}
                    value={row.brandKind}
                    onChange={(event) => setInterchange(interchange.with(index, { ...row, brandKind: event.target.value as Interchange['brandKind'] }))}
                  />
                </div>
                <TextField label={`Number ${index + 1}: part number`} name={`interchange.${index}.partNumber`} value={row.partNumber} maxLength={40} autoComplete="off" onChange={(event) => setInterchange(interchange.with(index, { ...row, partNumber: event.target.value }))} />
                <TextField label={`Number ${index + 1}: quantity`} name={`interchange.${index}.quantity`} inputMode="numeric" value={row.quantity} maxLength={5} autoComplete="off" onChange={(event) => setInterchange(interchange.with(index, { ...row, quantity: event.target.value }))} />
                <ActionButton tone="danger" className="sm:mt-7" onClick={() => removeRow('interchange', index)} aria-label={`Remove number ${index + 1}`}>
                  Remove
                </ActionButton>
                {rowError('interchange', index) && (
                  <p id={messageId(`interchange.${index}`)} role="alert" className="col-span-full text-sm font-medium text-red-700">
                    {rowError('interchange', index)}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        {errors.interchange && (
          <p id={messageId('interchange')} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {errors.interchange}
          </p>
        )}
        <ActionButton className="mt-3" name="interchange.add" disabled={interchange.length >= INTERCHANGE_MAX} onClick={() => addRow('interchange')}>
          Add a number
        </ActionButton>
      </fieldset>
      <fieldset className="rounded-lg border border-slate-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold text-ink">Kit components</legend>
        <p className="text-sm text-slate-600">A kit has its own price and stock; its components’ stock is not touched when it sells.</p>
        {kit.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Not a kit.</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-3">
            {kit.map((row, index) => (
              <li key={index} className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_6rem_auto]">
                <TextField label={`Component ${index + 1}: part number`} {...firstOfRow('kit', index)} value={row.partNumber} maxLength={40} autoComplete="off" onChange={(event) => setKit(kit.with(index, { ...row, partNumber: event.target.value }))} />
                <TextField label={`Component ${index + 1}: quantity`} name={`kit.${index}.quantity`} inputMode="numeric" value={row.quantity} maxLength={5} autoComplete="off" onChange={(event) => setKit(kit.with(index, { ...row, quantity: event.target.value }))} />
                <ActionButton tone="danger" className="sm:mt-7" onClick={() => removeRow('kit', index)} aria-label={`Remove component ${index + 1}`}>
                  Remove
                </ActionButton>
                {rowError('kit', index) && (
                  <p id={messageId(`kit.${index}`)} role="alert" className="col-span-full text-sm font-medium text-red-700">
                    {rowError('kit', index)}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        {errors.kit && (
          <p id={messageId('kit')} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {errors.kit}
          </p>
        )}
        <ActionButton className="mt-3" name="kit.add" disabled={kit.length >= KIT_COMPONENTS_MAX} onClick={() => addRow('kit')}>
          Add a component
        </ActionButton>
      </fieldset>
      {refused && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refused}
        </p>
      )}
      {warnings.length > 0 && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="part-changes-warnings">
          <p className="font-semibold">{partChangeEditorMessages.replacementFitWarnings}</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {changed && <StaleNotice message={changed.message} />}
      <div>
        <ActionButton type="submit" tone="primary" pending={save.isPending} className="py-2">
          Save life cycle, interchange and kit
        </ActionButton>
      </div>
    </form>
  );
}
