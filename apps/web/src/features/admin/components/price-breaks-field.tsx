import { PRICE_BREAKS_MAX, type ProductUpdate } from '@autoparts/shared';
import { useFieldArray, useFormState, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { productUpdateSchema } from '@autoparts/shared';
import { TextField } from '../../../components/text-field';
import { ActionButton } from './action-button';

type EditValues = z.input<typeof productUpdateSchema>;

interface PriceBreaksFieldProps {
  control: Control<EditValues, unknown, ProductUpdate>;
  register: UseFormRegister<EditValues>;
  errors: FieldErrors<EditValues>;
  className?: string;
}

/**
 * A part's quantity price breaks, a row each ("from 10 units, $8.50 each"): rows are added and
 * removed here, and the whole set replaces the part's on Save. The shared schema's messages name
 * the tier; one about the set (a quantity twice, prices not falling) shows below the rows.
 */
export function PriceBreaksField({ control, register, errors, className = '' }: PriceBreaksFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  // A row is checked as a whole: a price not typed yet is named once it was left or the form sent,
  // not while its quantity is being typed (a message that then vanished on leaving it moved the
  // buttons under the pointer).
  const { touchedFields, isSubmitted } = useFormState({ control, name: 'priceBreaks' });
  const shown = (index: number, field: 'minQuantity' | 'unitPrice') =>
    isSubmitted || touchedFields.priceBreaks?.[index]?.[field] ? errors.priceBreaks?.[index]?.[field]?.message : undefined;
  const setError = errors.priceBreaks?.root?.message ?? errors.priceBreaks?.message;
  return (
    <fieldset className={`rounded-lg border border-slate-200 bg-white p-3 ${className}`}>
      <legend className="px-1 text-sm font-semibold text-ink">Price breaks</legend>
      <p className="text-sm text-slate-600">From a quantity on, each unit costs less than the list price.</p>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No price breaks: every quantity pays the list price.</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-3">
          {fields.map((field, index) => (
            <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              <TextField
                label={`Tier ${index + 1}: from quantity`}
                type="number"
                inputMode="numeric"
                min={2}
                step={1}
                autoComplete="off"
                error={shown(index, 'minQuantity')}
                {...register(`priceBreaks.${index}.minQuantity`)}
              />
              <TextField
                label={`Tier ${index + 1}: price each ($)`}
                inputMode="decimal"
                autoComplete="off"
                error={shown(index, 'unitPrice')}
                {...register(`priceBreaks.${index}.unitPrice`)}
              />
              <ActionButton tone="danger" className="mt-7" onClick={() => remove(index)} aria-label={`Remove tier ${index + 1}`}>
                Remove
              </ActionButton>
            </li>
          ))}
        </ol>
      )}
      {setError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {setError}
        </p>
      )}
      <ActionButton className="mt-3" disabled={fields.length >= PRICE_BREAKS_MAX} onClick={() => append({ minQuantity: '', unitPrice: '' })}>
        Add a price break
      </ActionButton>
    </fieldset>
  );
}
