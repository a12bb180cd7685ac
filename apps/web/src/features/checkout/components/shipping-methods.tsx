import { checkoutMessages, formatPrice } from '@autoparts/shared';
import type { ShippingOption, UnavailableShipping } from '@autoparts/shared';
import { RadioCard } from '../../../components/radio-card';

interface ShippingMethodsProps {
  methods: readonly ShippingOption[];
  /** Methods that ship to the address but not this cart: shown, not choosable, with the reason. */
  unavailable: readonly UnavailableShipping[];
  value: string | null;
  onChange: (id: string) => void;
  /** The order is being placed: no other method can be chosen, and a focused one keeps the focus. */
  pending?: boolean;
}

/**
 * Each shipping method that reaches the address with this cart's weight: its price and estimate,
 * as radios, none chosen unless the server chose the only one (issue 34.5). Below them, greyed,
 * the methods this cart is too heavy for, each saying why.
 */
export function ShippingMethods({ methods, unavailable, value, onChange, pending = false }: ShippingMethodsProps) {
  if (methods.length === 0) {
    return (
      <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
        <p>{checkoutMessages.noShippingMethod}</p>
        {unavailable.length > 0 && (
          <ul className="mt-2 list-disc pl-5 text-sm">
            {unavailable.map((method) => (
              <li key={method.id}>
                {method.name}: {method.reason}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-xl font-bold text-ink">Shipping method</legend>
      {methods.map((method) => (
        <RadioCard
          key={method.id}
          name="shippingMethod"
          value={method.id}
          checked={method.id === value}
          onChange={() => onChange(method.id)}
          pending={pending}
        >
          <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4">
            <span>
              <span className="block font-semibold text-ink">{method.name}</span>
              <span className="block text-sm text-slate-600">{method.estimate}</span>
            </span>
            {/* Kept right when it wraps below the name on a phone, as a short one beside it is. */}
            <span className="ml-auto font-semibold whitespace-nowrap text-ink">{method.price === 0 ? 'Free' : formatPrice(method.price)}</span>
          </span>
        </RadioCard>
      ))}
      {unavailable.map((method) => (
        <label key={method.id} className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-slate-600">
          <input type="radio" name="shippingMethod" value={method.id} disabled aria-describedby={`why-${method.id}`} className="mt-1 size-4 shrink-0" />
          <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4">
            <span>
              <span className="block font-semibold">{method.name}</span>
              <span className="block text-sm">{method.estimate}</span>
            </span>
            <span id={`why-${method.id}`} className="text-sm">
              Not available: {method.reason}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
