import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { inputClass } from './text-field';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** The field's validation message, linked to the textarea and announced with it. */
  error?: string;
  /** A note under the field that says what to type, read out with it. */
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its hint and validation message, like TextField. */
export function TextareaField({ label, error, hint, className = '', rows = 4, ...textarea }: TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputClass} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...textarea}
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
