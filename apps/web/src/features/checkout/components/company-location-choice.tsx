import type { CompanyLocation } from '@autoparts/shared';
import { RadioCard } from '../../../components/radio-card';
import { AddressText } from '../../addresses/components/address-text';

interface CompanyLocationChoiceProps {
  locations: readonly CompanyLocation[];
  companyName: string;
  /** The chosen location's id; null while the order ships to an address of the buyer's own. */
  value: string | null;
  onChange: (locationId: string) => void;
}

/**
 * A member's company locations as places to ship to (decision 075): the order records the location,
 * and a verified resale certificate of the location for its state makes it tax-free (decision 082),
 * which the quote then says. The buyer's own addresses follow, in the address picker.
 */
export function CompanyLocationChoice({ locations, companyName, value, onChange }: CompanyLocationChoiceProps) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-xl font-bold text-ink">Ship to</legend>
      {locations.map((location) => (
        <RadioCard
          key={location.id}
          name="ship-to-location"
          value={location.id}
          checked={location.id === value}
          onChange={() => onChange(location.id)}
        >
          <span className="min-w-0">
            <AddressText address={location} />
            <span className="mt-1 block text-sm font-semibold text-brand-700">A location of {companyName}</span>
          </span>
        </RadioCard>
      ))}
    </fieldset>
  );
}
