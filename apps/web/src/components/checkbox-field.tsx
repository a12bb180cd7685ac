import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> {
  label: string;
  /** The row's place in the form's grid, as `sm:col-span-2`. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it (spread react-hook-form's `register()` into it). */
export function CheckboxField({ label, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-3 ${className ?? ''}`}>
      <input id={id} type="checkbox" className="size-5 accent-brand-700" {...input} />
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
    </div>
  );
}
