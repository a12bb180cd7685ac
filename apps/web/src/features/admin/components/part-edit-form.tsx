import { adminMessages, expectedOf, productUpdateSchema, type AdminPart, type CheckedProductField, type ProductUpdate, dollarsToDecimalText } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { adminNotices } from '../admin-notices';
import { fieldChangedOf, refusedFieldOf, useUpdatePart } from '../api/update-part';
import { ActionButton } from './action-button';
import { PhotoField, usePendingPhoto, WAITING_FOR_PHOTO } from './photo-field';
import { PriceBreaksField } from './price-breaks-field';
import { IMAGE_HINT } from './product-form';
import { checkedWhenSent } from '../../../lib/form-checking';

/** The form's fields a 409 may name (every one the server checks). */
const FIELD_OF = {
  name: 'name',
  img: 'img',
  description: 'description',
  price: 'price',
  availableQuantity: 'availableQuantity',
  minOrderQuantity: 'minOrderQuantity',
  weightKg: 'weightKg',
  coreDeposit: 'coreDeposit',
  warrantyMonths: 'warrantyMonths',
  priceBreaks: 'priceBreaks',
} as const satisfies Record<CheckedProductField, keyof ProductUpdate>;

/** The fields a rule's 400 may name (the price breaks against the price and the minimum, decision 164): said there. */
const REFUSED_AT = ['price', 'minOrderQuantity', 'priceBreaks'] as const;
const refusedAt = (field: string): field is (typeof REFUSED_AT)[number] => (REFUSED_AT as readonly string[]).includes(field);

/** A whole number as typed in a number field, or undefined while it is not one. */
function wholeNumberOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(number) ? number : undefined;
}

interface PartEditFormProps {
  part: AdminPart;
  id: string;
  /** The form is done: saved, or given up. */
  onClose: () => void;
}

/** Edit a part in place: every field of it, with the shared schema's messages; only changes are sent. */
export function PartEditForm({ part, id, onClose }: PartEditFormProps) {
  const update = useUpdatePart({ fieldsInPlace: REFUSED_AT });
  // What is stored, as the fields hold it. The part fetched again (after a 409, or another
  // admin's save) refreshes the fields the admin has not touched and keeps what they typed.
  const stored = useMemo(
    (): z.input<typeof productUpdateSchema> => ({
      name: part.name,
      description: part.description,
      img: part.img,
      price: dollarsToDecimalText(part.price),
      availableQuantity: String(part.availableQuantity),
      minOrderQuantity: String(part.minOrderQuantity),
      // The stock this form was opened with: a new figure applies only while it still holds.
      expectedAvailableQuantity: part.availableQuantity,
      weightKg: String(part.weightKg),
      // Empty: none (the schema reads an empty field as null, which removes it).
      coreDeposit: part.coreDeposit === null ? '' : dollarsToDecimalText(part.coreDeposit),
      warrantyMonths: part.warrantyMonths === null ? '' : String(part.warrantyMonths),
      priceBreaks: part.priceBreaks.map((tier) => ({ minQuantity: String(tier.minQuantity), unitPrice: dollarsToDecimalText(tier.unitPrice) })),
    }),
    [part],
  );
  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    setError,
    control,
    formState: { errors, dirtyFields },
  } = useForm({
    resolver: zodResolver(productUpdateSchema),
    ...checkedWhenSent,
    // Number inputs hold text; the schema turns it into numbers.
    values: stored,
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  const img = useWatch({ control, name: 'img' });
  // A minimum above the stock is taken (a restock or an import brings stock later), but said.
  const [minimum, stock] = useWatch({ control, name: ['minOrderQuantity', 'availableQuantity'] }).map(wholeNumberOf);
  const minimumWarning = minimum !== undefined && stock !== undefined && minimum > stock ? adminMessages.minimumAboveStock(minimum, stock) : undefined;

  useEffect(() => setFocus('name'), [setFocus]);

  const photo = usePendingPhoto();
  const submit = photo.submitAfterPhoto((url) => setValue('img', url, { shouldValidate: true, shouldDirty: true }), () => onSubmit());

  // The schema's refusal of the set of breaks (a break at or above the price, prices not falling) has
  // no control of its own: the first break's price takes the focus, under which rows it is said.
  const onInvalid = (invalid: typeof errors) => {
    const breaks = invalid.priceBreaks;
    if (Object.keys(invalid).length === 1 && (breaks?.root?.message ?? breaks?.message)) setFocus('priceBreaks.0.unitPrice');
  };

  const onSubmit = handleSubmit(async (values) => {
    const { weightKg, priceBreaks, coreDeposit, warrantyMonths, ...fields } = values;
    const changes: ProductUpdate = Object.fromEntries(
      Object.entries(fields).filter(([field]) => dirtyFields[field as keyof ProductUpdate]),
    );
    // Weight and tiers by value: a row added and removed again, or retyped the same, is no change.
    if (weightKg !== undefined && weightKg !== part.weightKg) changes.weightKg = weightKg;
    if (coreDeposit !== undefined && coreDeposit !== part.coreDeposit) changes.coreDeposit = coreDeposit;
    if (warrantyMonths !== undefined && warrantyMonths !== part.warrantyMonths) changes.warrantyMonths = warrantyMonths;
    if (priceBreaks && JSON.stringify(priceBreaks) !== JSON.stringify(part.priceBreaks)) changes.priceBreaks = priceBreaks;
    if (Object.keys(changes).length === 0) {
      toast.info(adminNotices.nothingChanged);
      onClose();
      return;
    }
    // What this form loaded of each field it changes: another admin's save since is a 409, not overwritten.
    if (changes.availableQuantity !== undefined) changes.expectedAvailableQuantity = part.availableQuantity;
    const expected = expectedOf(part, changes);
    if (expected) changes.expected = expected;
    // The hook reports success and failure with a toast; a failed save keeps the form open, and a
    // field someone else changed meanwhile says so under itself.
    await update
      .mutateAsync({ id: part._id, changes })
      .then(onClose)
      .catch((error: unknown) => {
        const changed = fieldChangedOf(error);
        if (changed && changed.field in FIELD_OF)
          setError(FIELD_OF[changed.field as keyof typeof FIELD_OF], { type: 'server', message: `${changed.message} ${adminNotices.staleKept}` }, { shouldFocus: true });
        // A rule's refusal at the field it names, which takes the focus; the breaks' under their rows, the first row's price focused.
        const refused = refusedFieldOf(error);
        if (!refused || !refusedAt(refused.field)) return;
        setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: refused.field !== 'priceBreaks' });
        if (refused.field === 'priceBreaks') setFocus('priceBreaks.0.unitPrice');
      });
  }, onInvalid);

  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={`Edit ${part.name}`}
      className="mt-4 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3"
    >
      <TextField label="Name" className="sm:col-span-3" error={errors.name?.message} {...register('name')} />
      <TextareaField label="Description" rows={3} className="sm:col-span-3" error={errors.description?.message} {...register('description')} />
      <PhotoField
        className="sm:col-span-3"
        current={img ?? ''}
        onUploaded={(url) => setValue('img', url, { shouldValidate: true, shouldDirty: true })}
        onUploading={photo.track}
      />
      <TextField label="Image" className="sm:col-span-3" inputMode="url" hint={IMAGE_HINT} error={errors.img?.message} {...register('img')} />
      <TextField label="Price ($)" inputMode="decimal" autoComplete="off" error={errors.price?.message} {...register('price')} />
      <TextField
        label="Available quantity"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.availableQuantity?.message}
        {...register('availableQuantity')}
      />
      <TextField
        label="Minimum order quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={errors.minOrderQuantity?.message}
        warning={minimumWarning}
        {...register('minOrderQuantity')}
      />
      <TextField
        label="Weight (kg)"
        inputMode="decimal"
        autoComplete="off"
        hint="Up to three decimals, e.g. 1.25"
        error={errors.weightKg?.message}
        {...register('weightKg')}
      />
      <TextField
        label="Core deposit ($)"
        inputMode="decimal"
        autoComplete="off"
        hint="Refunded when the old part comes back; empty for none"
        error={errors.coreDeposit?.message}
        {...register('coreDeposit')}
      />
      <TextField
        label="Warranty (months)"
        type="number"
        inputMode="numeric"
        min={1}
        max={240}
        step={1}
        hint="From delivery; empty for none"
        error={errors.warrantyMonths?.message}
        {...register('warrantyMonths')}
      />
      <PriceBreaksField className="sm:col-span-3" control={control} register={register} errors={errors} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <div className="w-full sm:w-40">
          <SubmitButton pending={update.isPending || photo.waiting}>{photo.waiting ? WAITING_FOR_PHOTO : 'Save'}</SubmitButton>
        </div>
        <ActionButton onClick={onClose} disabled={update.isPending} className="px-4 py-2.5">
          Cancel
        </ActionButton>
      </div>
      {photo.problem && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
          {photo.problem}
        </p>
      )}
    </form>
  );
}
