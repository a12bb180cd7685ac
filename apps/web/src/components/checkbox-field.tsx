import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> {
  label: string;
  /** A message about the box (a 409 naming it), linked to it and read out with it. */
  error?: string | undefined;
  /** The row's place in the form's grid, as `sm:col-span-2`. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it (spread react-hook-form's `register()` into it). */
export function CheckboxField({ label, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <input id={id} type="checkbox" className="size-5 accent-brand-700" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
        <label htmlFor={id} className="min-w-0 font-medium text-slate-700 [overflow-wrap:anywhere]">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
