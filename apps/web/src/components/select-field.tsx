import type { Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** The choices, in order: `value` is sent, `label` is shown. */
  options: readonly { value: string; label: string }[];
  /** The field's validation message, linked to the select and announced with it. */
  error?: string;
  /** What the choice allows but may not be meant (the form still sends it), read out with it. */
  warning?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its validation message, like TextField. */
export function SelectField({ label, options, error, warning, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} warning={warning} className={className}>
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
