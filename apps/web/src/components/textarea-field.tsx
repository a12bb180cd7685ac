import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './field';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its hint and validation message, like TextField. */
export function TextareaField({ label, error, hint, className, rows = 4, ...textarea }: TextareaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea {...control} rows={rows} {...textarea} />}
    </Field>
  );
}
