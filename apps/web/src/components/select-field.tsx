import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { inputClass } from './text-field';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The choices, in order: `value` is sent, `label` is shown. */
  options: readonly { value: string; label: string }[];
  /** The field's validation message, linked to the select and announced with it. */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its validation message, like TextField. */
export function SelectField({ label, options, error, className = '', ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
