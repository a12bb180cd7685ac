import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's validation message, linked to the input and announced with it. */
  error?: string;
  /** A note under the field that says what to type, read out with it. */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export const inputClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 disabled:bg-slate-100 read-only:bg-slate-100';

/** A labelled input with its validation message (spread react-hook-form's `register()` into it). */
export function TextField({ label, error, hint, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputClass} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
