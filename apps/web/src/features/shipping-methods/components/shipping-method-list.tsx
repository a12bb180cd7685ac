import { formatPrice, type ShippingMethod } from '@autoparts/shared';
import { useEffect, useId, useRef } from 'react';
import { ActionButton } from '../../admin/components/action-button';

/** "$5.99 + $0.89 a kg": what a method charges before its limits. */
export function priceOf(method: ShippingMethod): string {
  if (method.basePrice === 0 && method.pricePerKg === 0) return 'Free';
  if (method.pricePerKg === 0) return formatPrice(method.basePrice);
  return `${formatPrice(method.basePrice)} + ${formatPrice(method.pricePerKg)} a kg`;
}

interface ShippingMethodListProps {
  methods: ShippingMethod[];
  /** The method whose action is under way, and which. */
  pending?: { id: string; action: 'toggle' | 'remove' } | undefined;
  /** The method whose Edit button gets the focus back once its edit is saved or cancelled. */
  returnFocusTo?: string | undefined;
  onEdit: (method: ShippingMethod) => void;
  onToggle: (method: ShippingMethod) => void;
  onRemove: (method: ShippingMethod) => void;
}

/** Every method as a card (a table would not fit a phone): what checkout shows and charges, and its actions. */
export function ShippingMethodList({ methods, pending, returnFocusTo, onEdit, onToggle, onRemove }: ShippingMethodListProps) {
  return (
    <ul aria-label="Shipping methods" className="grid gap-3 lg:grid-cols-2">
      {methods.map((method) => (
        <li key={method.id}>
          <MethodCard
            method={method}
            pending={pending?.id === method.id ? pending.action : undefined}
            focusEdit={returnFocusTo === method.id}
            onEdit={() => onEdit(method)}
            onToggle={() => onToggle(method)}
            onRemove={() => onRemove(method)}
          />
        </li>
      ))}
    </ul>
  );
}

interface MethodCardProps {
  method: ShippingMethod;
  pending: 'toggle' | 'remove' | undefined;
  focusEdit: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onRemove: () => void;
}

function MethodCard({ method, pending, focusEdit, onEdit, onToggle, onRemove }: MethodCardProps) {
  const nameId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editRef.current?.focus();
  }, [focusEdit]);
  return (
    <article
      aria-labelledby={nameId}
      className={`h-full rounded-xl border p-4 text-sm ${method.active ? 'border-slate-200' : 'border-dashed border-slate-300 bg-slate-50'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={nameId} className="text-base font-bold text-ink">
          {method.name}
        </h2>
        {!method.active && <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Inactive</span>}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt className="font-medium text-slate-500">Delivery</dt>
        <dd>{method.estimate}</dd>
        <dt className="font-medium text-slate-500">Countries</dt>
        <dd className="break-words">{method.countries.join(', ')}</dd>
        <dt className="font-medium text-slate-500">Price</dt>
        <dd>{priceOf(method)}</dd>
        <dt className="font-medium text-slate-500">Up to</dt>
        <dd>{method.maxWeightKg === null ? 'Any weight' : `${method.maxWeightKg.toLocaleString('en-US')} kg`}</dd>
        <dt className="font-medium text-slate-500">Free over</dt>
        <dd>{method.freeOver === null ? 'Never free' : formatPrice(method.freeOver)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* Each named after its method ("Edit Standard"): a list of the page's buttons is not six "Edit". */}
        <ActionButton ref={editRef} onClick={onEdit} aria-label={`Edit ${method.name}`}>
          Edit
        </ActionButton>
        <ActionButton onClick={onToggle} pending={pending === 'toggle'} aria-label={`${method.active ? 'Deactivate' : 'Activate'} ${method.name}`}>
          {method.active ? 'Deactivate' : 'Activate'}
        </ActionButton>
        <ActionButton tone="danger" onClick={onRemove} pending={pending === 'remove'} aria-label={`Delete ${method.name}`}>
          Delete
        </ActionButton>
      </div>
    </article>
  );
}
