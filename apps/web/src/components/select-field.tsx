import type { Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The choices, in order: `value` is sent, `label` is shown. */
  options: readonly { value: string; label: string }[];
  /** The field's validation message, linked to the select and announced with it. */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its validation message, like TextField. */
export function SelectField({ label, options, error, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
