import { PRICE_LIST_TIERS_MAX, priceListInputSchema, priceListMessages, type PriceList, type PriceListInput, dollarsToDecimalText } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions';
import { Pager, pagedListFocusClass } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-client';
import { useCategories } from '../../../lib/categories';
import { checkedWhenSent } from '../../../lib/form-checking';
import { ActionButton } from '../../admin/components/action-button';
import { useOneSubmitAtATime } from '../../admin/components/collection-save';
import { adminNotices } from '../../admin/admin-notices';
import { isStaleList } from '../api/price-lists';

type Rate = 'price' | 'percent';
/** A rate as typed: both amounts are kept, the one `rate` names is sent. */
interface RateValues {
  rate: Rate;
  unitPrice: string;
  percentOff: string;
}
type TierValues = RateValues & { minQuantity: string };
type EntryValues = RateValues & { target: 'part' | 'category'; partNumber: string; category: string; tiers: TierValues[] };
/** The form holds text, as typed; the shared schema reads the figures. */
export interface PriceListValues {
  name: string;
  priority: string;
  startsAt: string;
  endsAt: string;
  entries: EntryValues[];
}

/** A long list is edited a page of entries at a time: a phone shows twenty, not ten thousand. */
export const ENTRIES_PAGE_SIZE = 20;

const emptyTier: TierValues = { minQuantity: '', rate: 'percent', unitPrice: '', percentOff: '' };
const emptyEntry: EntryValues = { target: 'category', partNumber: '', category: '', rate: 'percent', unitPrice: '', percentOff: '', tiers: [] };
const emptyList: PriceListValues = { name: '', priority: '1', startsAt: '', endsAt: '', entries: [emptyEntry] };
const targetOptions = [
  { value: 'category', label: 'A whole category' },
  { value: 'part', label: 'One part' },
];
const rateOptions = [
  { value: 'percent', label: 'Percent off the list price' },
  { value: 'price', label: 'Fixed unit price' },
];

const rateValues = (rate: { unitPrice?: number | undefined; percentOff?: number | undefined }): RateValues =>
  rate.unitPrice !== undefined ? { rate: 'price', unitPrice: dollarsToDecimalText(rate.unitPrice), percentOff: '' } : { rate: 'percent', unitPrice: '', percentOff: String(rate.percentOff ?? '') };

function valuesOf(list: PriceList): PriceListValues {
  return {
    name: list.name,
    priority: String(list.priority),
    startsAt: list.startsAt ?? '',
    endsAt: list.endsAt ?? '',
    entries: list.entries.map((entry) => ({
      target: entry.category === undefined ? 'part' : 'category',
      partNumber: entry.partNumber ?? '',
      category: entry.category ?? '',
      ...rateValues(entry),
      tiers: entry.tiers.map((tier) => ({ minQuantity: String(tier.minQuantity), ...rateValues(tier) })),
    })),
  };
}

const rateInput = (rate: RateValues) => (rate.rate === 'price' ? { unitPrice: rate.unitPrice } : { percentOff: rate.percentOff });

/** What the shared schema reads: the chosen target and amounts only, empty dates as none. */
function toInput(values: PriceListValues) {
  return {
    name: values.name,
    priority: values.priority,
    startsAt: values.startsAt || null,
    endsAt: values.endsAt || null,
    entries: values.entries.map((entry) => ({
      ...(entry.target === 'part' ? { partNumber: entry.partNumber } : { category: entry.category }),
      ...rateInput(entry),
      tiers: entry.tiers.map((tier) => ({ minQuantity: tier.minQuantity, ...rateInput(tier) })),
    })),
  };
}

const schemaResolver = zodResolver(priceListInputSchema);
/** The shared schema, read on the values as sent: its messages land on the fields shown. */
const resolver: Resolver<PriceListValues, unknown, PriceListInput> = (values, context, options) =>
  schemaResolver(toInput(values) as never, context, options as never) as unknown as ReturnType<Resolver<PriceListValues, unknown, PriceListInput>>;

interface PriceListFormProps {
  /** The list being edited, with its entries; none to create one. */
  list?: PriceList | undefined;
  pending: boolean;
  /** Saves the list; rejects with the server's refusal: a part number unknown (shown above the buttons) or the name taken (at the name). */
  onSave: (input: PriceListInput) => Promise<unknown>;
  onCancel?: (() => void) | undefined;
}

/** Create or edit a price list: its name, priority and dates, and its entries with their tiers. */
export function PriceListForm({ list, pending, onSave, onCancel }: PriceListFormProps) {
  const headingId = useId();
  const form = useForm<PriceListValues, unknown, PriceListInput>({ resolver, ...checkedWhenSent, defaultValues: list ? valuesOf(list) : emptyList });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const entries = useFieldArray({ control, name: 'entries' });
  const [page, setPage] = useState(1);
  // The entries' heading: another page of entries takes the keyboard there (Pager).
  const entriesHeading = useRef<HTMLHeadingElement>(null);
  /** An entry to focus once its page shows: one added, or one refused on saving. */
  const focusEntry = useRef<number | undefined>(undefined);
  const pages = Math.max(1, Math.ceil(entries.fields.length / ENTRIES_PAGE_SIZE));
  const first = (page - 1) * ENTRIES_PAGE_SIZE;
  const shown = entries.fields.slice(first, first + ENTRIES_PAGE_SIZE);

  // The list to edit arrives after the Edit press: its name takes the focus, as an add form's would.
  // Only when another list is opened: the same list fetched again (after a save refused) leaves the focus where it is.
  const listId = list?.id;
  useEffect(() => {
    if (listId) form.setFocus('name');
  }, [listId, form]);

  useEffect(() => {
    if (focusEntry.current === undefined) return;
    document.getElementById(`${headingId}-entry-${focusEntry.current}`)?.querySelector<HTMLElement>('select, input')?.focus();
    focusEntry.current = undefined;
  }, [page, entries.fields.length, headingId]);

  function showEntry(index: number) {
    focusEntry.current = index;
    setPage(Math.floor(index / ENTRIES_PAGE_SIZE) + 1);
  }

  const onSubmit = useOneSubmitAtATime((event: FormEvent) =>
    form.handleSubmit(
    async (input) => {
      try {
        await onSave(input);
        if (!list) {
          form.reset(emptyList);
          setPage(1);
          form.setFocus('name');
        }
      } catch (error) {
        // A list saved by someone else since it loaded (decision 125) is said above the buttons; the list
        // is fetched again, and a second Save puts what the admin typed in its place.
        if (isStaleList(error)) form.setError('root.server', { message: `${priceListMessages.changed} ${adminNotices.staleFormKept}` });
        // Another 409 is the name another list has (migration 0058): said at the name, which takes the focus.
        else if (isApiError(error, 409)) form.setError('name', { message: error.message }, { shouldFocus: true });
        else if (isApiError(error, 400)) form.setError('root.server', { message: error.message });
      }
    },
    (invalid) => {
      const refused = invalid.entries && Array.isArray(invalid.entries) ? invalid.entries.findIndex((entry) => entry !== undefined) : -1;
      if (refused >= 0 && (refused < first || refused >= first + ENTRIES_PAGE_SIZE)) showEntry(refused);
    },
  )(event),
  );
  const entriesError = errors.entries?.root?.message ?? errors.entries?.message;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId} className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-4">
      <h2 id={headingId} className="min-w-0 text-xl font-bold break-words text-ink sm:col-span-2 lg:col-span-4">
        {list ? `Edit “${list.name}”` : 'Create a price list'}
      </h2>
      <TextField label="Name" autoComplete="off" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
      <TextField label="Priority" inputMode="numeric" autoComplete="off" hint="1 comes first." error={errors.priority?.message} {...register('priority')} />
      <div className="hidden lg:block" />
      <TextField label="Starts on (optional)" type="date" error={errors.startsAt?.message} {...register('startsAt')} />
      <TextField label="Ends on (optional)" type="date" hint="Both days included." error={errors.endsAt?.message} {...register('endsAt')} />

      <section aria-labelledby={`${headingId}-entries`} className="grid gap-4 sm:col-span-2 lg:col-span-4">
        <h3 id={`${headingId}-entries`} ref={entriesHeading} tabIndex={-1} className={`text-lg font-bold text-ink ${pagedListFocusClass}`}>
          Entries <span className="font-normal text-slate-600">({entries.fields.length})</span>
        </h3>
        <p className="text-sm text-slate-600">The part’s own entry comes before its category’s; the deepest tier a quantity reaches applies.</p>
        {entries.fields.length === 0 ? (
          <p className="text-sm text-slate-600">No entries: this list prices nothing yet.</p>
        ) : (
          <ol className="grid gap-4" start={first + 1}>
            {shown.map((field, offset) => (
              <li key={field.id} id={`${headingId}-entry-${first + offset}`}>
                <EntryFields index={first + offset} control={control} register={register} errors={errors} onRemove={() => entries.remove(first + offset)} />
              </li>
            ))}
          </ol>
        )}
        {pages > 1 && <Pager list={entriesHeading} page={page} onPage={setPage} totalPages={pages} label="Entries pages" previousText="Previous entries" nextText="Next entries" />}
        {entriesError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {entriesError}
          </p>
        )}
        <div>
          <ActionButton
            onClick={() => {
              entries.append({ ...emptyEntry, tiers: [] }, { shouldFocus: false });
              showEntry(entries.fields.length);
            }}
          >
            Add an entry
          </ActionButton>
        </div>
      </section>

      {errors.root?.server && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-4">
          {errors.root.server.message}
        </p>
      )}
      <FormActions pending={pending} onCancel={onCancel} className="sm:col-span-2 lg:col-span-4">
        {list ? 'Save changes' : 'Create price list'}
      </FormActions>
    </form>
  );
}

interface EntryFieldsProps {
  index: number;
  control: Control<PriceListValues, unknown, PriceListInput>;
  register: UseFormRegister<PriceListValues>;
  errors: FieldErrors<PriceListValues>;
  onRemove: () => void;
}

/** One entry as a group of its own ("Entry 3"): what it prices, how, and its tiers. */
function EntryFields({ index, control, register, errors, onRemove }: EntryFieldsProps) {
  const categories = useCategories();
  const [target, rate] = useWatch({ control, name: [`entries.${index}.target`, `entries.${index}.rate`] });
  const tiers = useFieldArray({ control, name: `entries.${index}.tiers` });
  const entryErrors = errors.entries?.[index];
  const entryError = entryErrors?.root?.message ?? entryErrors?.message;
  const tiersError = entryErrors?.tiers?.root?.message ?? entryErrors?.tiers?.message;
  const categoryOptions = [{ value: '', label: categories.isPending ? 'Loading the categories…' : 'Choose a category' }, ...(categories.data ?? []).map((category) => ({ value: category.slug, label: category.name }))];
  const name = `Entry ${index + 1}`;

  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="px-1 text-sm font-semibold text-ink">{name}</legend>
      <SelectField label="Applies to" options={targetOptions} {...register(`entries.${index}.target`)} />
      {target === 'part' ? (
        <TextField label="Part number" autoComplete="off" error={entryErrors?.partNumber?.message} {...register(`entries.${index}.partNumber`)} />
      ) : (
        <SelectField label="Category" options={categoryOptions} error={entryErrors?.category?.message} {...register(`entries.${index}.category`)} />
      )}
      <SelectField label="Price" options={rateOptions} {...register(`entries.${index}.rate`)} />
      {rate === 'price' ? (
        <TextField label="Unit price ($)" inputMode="decimal" autoComplete="off" error={entryErrors?.unitPrice?.message} {...register(`entries.${index}.unitPrice`)} />
      ) : (
        <TextField label="Percent off (%)" inputMode="decimal" autoComplete="off" error={entryErrors?.percentOff?.message} {...register(`entries.${index}.percentOff`)} />
      )}
      {entryError && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-4">
          {entryError}
        </p>
      )}
      <div className="grid gap-3 sm:col-span-2 lg:col-span-4">
        {tiers.fields.length > 0 && (
          <ol className="grid gap-3">
            {tiers.fields.map((field, tierIndex) => (
              <li key={field.id}>
                <TierFields entry={index} index={tierIndex} control={control} register={register} errors={errors} onRemove={() => tiers.remove(tierIndex)} />
              </li>
            ))}
          </ol>
        )}
        {tiersError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {tiersError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <ActionButton disabled={tiers.fields.length >= PRICE_LIST_TIERS_MAX} onClick={() => tiers.append({ ...emptyTier })} aria-label={`Add a quantity tier to entry ${index + 1}`}>
            Add a quantity tier
          </ActionButton>
          <ActionButton tone="danger" onClick={onRemove} aria-label={`Remove entry ${index + 1}`}>
            Remove entry
          </ActionButton>
        </div>
      </div>
    </fieldset>
  );
}

interface TierFieldsProps extends Omit<EntryFieldsProps, 'index'> {
  entry: number;
  index: number;
}

/** A quantity tier of an entry: from a quantity on, its own price or percent off. */
function TierFields({ entry, index, control, register, errors, onRemove }: TierFieldsProps) {
  const rate = useWatch({ control, name: `entries.${entry}.tiers.${index}.rate` });
  const tierErrors = errors.entries?.[entry]?.tiers?.[index];
  const name = `Tier ${index + 1}`;
  return (
    <fieldset className="grid grid-cols-2 items-start gap-2 rounded-lg bg-slate-50 p-2 lg:grid-cols-[1fr_1fr_1fr_auto]">
      <legend className="sr-only">{`Entry ${entry + 1}, tier ${index + 1}`}</legend>
      <TextField label={`${name}: from quantity`} inputMode="numeric" autoComplete="off" error={tierErrors?.minQuantity?.message} {...register(`entries.${entry}.tiers.${index}.minQuantity`)} />
      <SelectField label={`${name}: price`} options={rateOptions} {...register(`entries.${entry}.tiers.${index}.rate`)} />
      {rate === 'price' ? (
        <TextField label={`${name}: unit price ($)`} inputMode="decimal" autoComplete="off" error={tierErrors?.unitPrice?.message} {...register(`entries.${entry}.tiers.${index}.unitPrice`)} />
      ) : (
        <TextField label={`${name}: percent off (%)`} inputMode="decimal" autoComplete="off" error={tierErrors?.percentOff?.message} {...register(`entries.${entry}.tiers.${index}.percentOff`)} />
      )}
      <ActionButton tone="danger" className="self-end" onClick={onRemove} aria-label={`Remove tier ${index + 1} of entry ${entry + 1}`}>
        Remove
      </ActionButton>
      {tierErrors?.message && (
        <p role="alert" className="col-span-2 text-sm font-medium text-red-700 lg:col-span-4">
          {tierErrors.message}
        </p>
      )}
    </fieldset>
  );
}
