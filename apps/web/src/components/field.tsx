import { useId, type ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 disabled:bg-slate-100 read-only:bg-slate-100';

/** A file input: its "Choose file" button looks like the shop's buttons, not the browser's grey one. */
export const fileInputClass =
  'block max-w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/** What a form control needs from its Field: its id, its descriptions and its look. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

interface FieldProps {
  label: string;
  /** The field's validation message, linked to the control and announced with it. */
  error?: string | undefined;
  /** A note under the field that says what to type, read out with it. */
  hint?: string | undefined;
  /** What the value allows but may not be meant (the form still sends it), read out with it. */
  warning?: string | undefined;
  /**
   * The validation message arrives while the control keeps the focus (a file's upload refused):
   * an alert, said at once, as a message on a control that takes the focus is said with it.
   */
  alert?: boolean;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A label, a control (input, textarea, select) and its hint, warning and validation message. */
export function Field({ label, error, hint, warning, alert = false, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const warningId = `${id}-warning`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, warning && warningId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: `${inputClass} ${error ? 'border-red-600' : 'border-slate-300'}`,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {warning && (
        <p id={warningId} className="mt-1 text-sm font-medium text-amber-900">
          {warning}
        </p>
      )}
      {error && (
        <p id={errorId} role={alert ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
