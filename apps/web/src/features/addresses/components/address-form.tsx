import { addressInputSchema, countries, countryOf, type Address, type AddressFields, type AddressInput, type Country } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/form-actions';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useSaveAddress } from '../api/addresses';
import { checkedWhenSent } from '../../../lib/form-checking';

/** The form starts in the United States, where most of the shop's buyers are. */
const defaultCountry = countryOf('US') as Country;
const countryOptions = countries.map((country) => ({ value: country.code, label: country.name }));

interface AddressFormProps {
  /** The address to change; without it the form adds a new one. */
  address?: Address | undefined;
  /** The form's name for assistive technology ("New address", "Edit address"). */
  label: string;
  /** Called with the address as the server kept it. */
  onSaved?: ((address: Address) => void) | undefined;
  onCancel?: (() => void) | undefined;
  /** Offer "Make this my default address" (the first address is the default anyway). */
  offerDefault?: boolean | undefined;
  /**
   * Where the fields go instead of the address book: a company's locations (decision 075). It
   * reports its own failure and rejects with it.
   */
  save?: ((fields: AddressFields) => Promise<unknown>) | undefined;
  /** The first field's label: "Full name" for an address, "Location name" for a location. */
  nameLabel?: string | undefined;
  /** The submit button's words when adding: "Add address" for the address book, "Add location" for a company's (decision 227). */
  addLabel?: string | undefined;
}

function initialValues(address: Address | undefined): AddressInput {
  return {
    name: address?.name ?? '',
    company: address?.company ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? 'US',
    phone: address?.phone ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

/**
 * An address, checked as the server checks it (the shared schema): the country chosen first
 * decides the region list (and its label) and the postal code's hint. Used by the address book
 * and, inline, by the checkout's AddressPicker.
 */
export function AddressForm({ address, label, onSaved, onCancel, offerDefault = true, save: saveElsewhere, nameLabel = 'Full name', addLabel = 'Add address' }: AddressFormProps) {
  const save = useSaveAddress();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(addressInputSchema),
    ...checkedWhenSent,
    defaultValues: initialValues(address),
  });
  const country = countryOf(useWatch({ control, name: 'country' }) ?? '') ?? defaultCountry;
  const regions = country.regions;
  const countryField = register('country', {
    // Another country's region list does not apply: the region is chosen again.
    onChange: () => setValue('region', ''),
  });

  const onSubmit = handleSubmit(async (fields) => {
    try {
      if (saveElsewhere) {
        await saveElsewhere(fields);
        return;
      }
      const saved = await save.mutateAsync({ id: address?.id, fields });
      onSaved?.(saved);
    } catch {
      // Reported by the hook (a toast with the server's reason).
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={label} className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Country" autoComplete="country" options={countryOptions} error={errors.country?.message} className="sm:col-span-2" {...countryField} />
      <TextField label={nameLabel} autoComplete={saveElsewhere ? 'off' : 'name'} error={errors.name?.message} {...register('name')} />
      <TextField label="Company (optional)" autoComplete="organization" error={errors.company?.message} {...register('company')} />
      <TextField label="Address line 1" autoComplete="address-line1" error={errors.line1?.message} className="sm:col-span-2" {...register('line1')} />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        error={errors.line2?.message}
        className="sm:col-span-2"
        {...register('line2')}
      />
      <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      {regions && (
        <SelectField
          label={regions.label}
          autoComplete="address-level1"
          options={[{ value: '', label: `Choose a ${regions.label.toLowerCase()}` }, ...regions.list.map((region) => ({ value: region.code, label: region.name }))]}
          error={errors.region?.message}
          {...register('region')}
        />
      )}
      <TextField
        label="Postal code"
        autoComplete="postal-code"
        hint={`As ${country.postalCode.hint}`}
        error={errors.postalCode?.message}
        {...register('postalCode')}
      />
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      {offerDefault && !address?.isDefault && (
        <label className="flex items-center gap-2 text-slate-700 sm:col-span-2">
          <input type="checkbox" className="size-4 accent-brand-700" {...register('isDefault')} />
          Make this my default address
        </label>
      )}
      <FormActions pending={isSubmitting} onCancel={onCancel} className="sm:col-span-2">
        {address ? 'Save address' : addLabel}
      </FormActions>
    </form>
  );
}
