import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  warning?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message (spread react-hook-form's `register()` into it). */
export function TextField({ label, error, hint, warning, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} warning={warning} className={className}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}
