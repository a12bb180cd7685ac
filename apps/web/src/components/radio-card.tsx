import type { ReactNode } from 'react';
import { ignoredWhilePending } from './submit-button';

interface RadioCardProps {
  /** The radio group's name. */
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  /** Another choice cannot be made now (the order is being placed): the radio keeps the focus. */
  pending?: boolean;
  children: ReactNode;
}

/**
 * One choice of a group drawn as a card (an address, a company's location, a shipping method):
 * the whole card is the radio's label, the chosen one is outlined in the brand's colour and a
 * keyboard's focus rings the card. While `pending` it is `aria-disabled`, not `disabled`, and
 * ignores a press: Chromium drops the focus of a focused control that becomes disabled (decision 160).
 */
export function RadioCard({ name, value, checked, onChange, pending = false, children }: RadioCardProps) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
        checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-400'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => {
          if (!pending) onChange();
        }}
        aria-disabled={pending || undefined}
        onClick={ignoredWhilePending(pending)}
        className="mt-1 size-4 shrink-0 accent-brand-700"
      />
      {children}
    </label>
  );
}
