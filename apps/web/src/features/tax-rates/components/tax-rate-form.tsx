import { taxRateInputSchema, type TaxRate, type TaxRateInput } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormActions } from '../../../components/form-actions';
import { TextField } from '../../../components/text-field';
import { useCollectionSave } from '../../admin/components/collection-save';
import { checkedWhenSent } from '../../../lib/form-checking';

/** The form holds text, as typed; the shared schema reads it. */
interface RateFormValues {
  country: string;
  region: string;
  ratePercent: string;
  appliesToShipping: boolean;
}

const emptyRate: RateFormValues = { country: 'US', region: '', ratePercent: '', appliesToShipping: false };

const valuesOf = (rate: TaxRate): RateFormValues => ({
  country: rate.country,
  region: rate.region ?? '',
  ratePercent: String(rate.ratePercent),
  appliesToShipping: rate.appliesToShipping,
});

interface TaxRateFormProps {
  /** The rate being edited; none to add one. */
  rate?: TaxRate | undefined;
  pending: boolean;
  /** Saves the rate; rejects with the server's refusal (a place taken is shown at the region). */
  onSave: (input: TaxRateInput, expected: TaxRate | undefined) => Promise<unknown>;
  onCancel?: () => void;
}

/** Add or edit a tax rate: its place (a country, or a region of it), the rate, and whether shipping is taxed. */
export function TaxRateForm({ rate, pending, onSave, onCancel }: TaxRateFormProps) {
  const headingId = useId();
  const form = useForm({
    resolver: zodResolver(taxRateInputSchema),
    ...checkedWhenSent,
    defaultValues: rate ? valuesOf(rate) : emptyRate,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const onSubmit = useCollectionSave(form, { adding: !rate, loaded: rate, empty: emptyRate, firstField: 'region', conflictField: 'region', onSave });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId} className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-3 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-ink sm:col-span-3">
        {rate ? `Edit the rate for ${rate.region === null ? rate.country : `${rate.country}-${rate.region}`}` : 'Add a tax rate'}
      </h2>
      <TextField
        label="Country"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={2}
        hint="Two letters, as US."
        error={errors.country?.message}
        {...register('country')}
      />
      <TextField
        label="Region"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={3}
        hint="The state or province code, as IL; empty for the whole country."
        error={errors.region?.message}
        {...register('region')}
      />
      <TextField label="Rate (%)" inputMode="decimal" autoComplete="off" hint="Up to four decimals, as 6.25." error={errors.ratePercent?.message} {...register('ratePercent')} />
      <CheckboxField label="Shipping is taxed too" className="sm:col-span-3" {...register('appliesToShipping')} />
      {errors.root?.server && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
          {errors.root.server.message}
        </p>
      )}
      <FormActions pending={pending} onCancel={onCancel} className="sm:col-span-3">
        {rate ? 'Save changes' : 'Add rate'}
      </FormActions>
    </form>
  );
}
