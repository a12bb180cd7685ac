import { shippingMethodInputSchema, type ShippingMethod, type ShippingMethodInput, dollarsToDecimalText } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormActions } from '../../../components/form-actions';
import { TextField } from '../../../components/text-field';
import { useCollectionSave } from '../../admin/components/collection-save';
import { checkedWhenSent } from '../../../lib/form-checking';

/** The form holds text, as typed; the shared schema reads the figures (SPEC §3). */
interface MethodFormValues {
  name: string;
  estimate: string;
  countries: string;
  basePrice: string;
  pricePerKg: string;
  maxWeightKg: string;
  freeOver: string;
  active: boolean;
}

const emptyMethod: MethodFormValues = {
  name: '',
  estimate: '',
  countries: 'US',
  basePrice: '',
  pricePerKg: '0',
  maxWeightKg: '',
  freeOver: '',
  active: true,
};

function valuesOf(method: ShippingMethod): MethodFormValues {
  return {
    name: method.name,
    estimate: method.estimate,
    countries: method.countries.join(', '),
    basePrice: dollarsToDecimalText(method.basePrice),
    pricePerKg: dollarsToDecimalText(method.pricePerKg),
    maxWeightKg: method.maxWeightKg === null ? '' : String(method.maxWeightKg),
    freeOver: method.freeOver === null ? '' : dollarsToDecimalText(method.freeOver),
    active: method.active,
  };
}

interface ShippingMethodFormProps {
  /** The method being edited; none to add one. */
  method?: ShippingMethod | undefined;
  pending: boolean;
  /** Saves the method; rejects with the server's refusal (a name taken is shown at the name). */
  onSave: (input: ShippingMethodInput, expected: ShippingMethod | undefined) => Promise<unknown>;
  onCancel?: () => void;
}

/** Add or edit a shipping method: every field of it, each checked by the shared schema as typed. */
export function ShippingMethodForm({ method, pending, onSave, onCancel }: ShippingMethodFormProps) {
  const headingId = useId();
  const form = useForm({
    resolver: zodResolver(shippingMethodInputSchema),
    ...checkedWhenSent,
    defaultValues: method ? valuesOf(method) : emptyMethod,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const onSubmit = useCollectionSave(form, { adding: !method, loaded: method, empty: emptyMethod, firstField: 'name', conflictField: 'name', onSave });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId} className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-ink sm:col-span-2">
        {method ? `Edit “${method.name}”` : 'Add a shipping method'}
      </h2>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Delivery estimate" autoComplete="off" placeholder="5–7 business days" error={errors.estimate?.message} {...register('estimate')} />
      <TextField
        label="Countries"
        className="sm:col-span-2"
        autoComplete="off"
        autoCapitalize="characters"
        hint="Two-letter ISO codes, separated by commas or spaces, as US, CA."
        error={errors.countries?.message}
        {...register('countries')}
      />
      <TextField label="Base price ($)" inputMode="decimal" autoComplete="off" error={errors.basePrice?.message} {...register('basePrice')} />
      <TextField label="Price per kg ($)" inputMode="decimal" autoComplete="off" error={errors.pricePerKg?.message} {...register('pricePerKg')} />
      <TextField
        label="Maximum weight (kg)"
        inputMode="decimal"
        autoComplete="off"
        hint="Empty: no limit. Heavier carts are not offered this method."
        error={errors.maxWeightKg?.message}
        {...register('maxWeightKg')}
      />
      <TextField
        label="Free over ($)"
        inputMode="decimal"
        autoComplete="off"
        hint="Empty: never free. Free once the subtotal reaches this."
        error={errors.freeOver?.message}
        {...register('freeOver')}
      />
      <CheckboxField label="Active: offered at checkout" className="sm:col-span-2" {...register('active')} />
      {errors.root?.server && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {errors.root.server.message}
        </p>
      )}
      <FormActions pending={pending} onCancel={onCancel} className="sm:col-span-2">
        {method ? 'Save changes' : 'Add method'}
      </FormActions>
    </form>
  );
}
