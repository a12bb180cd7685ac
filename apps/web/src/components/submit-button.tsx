import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70';

interface SubmitButtonProps {
  pending: boolean;
  /** Also not pressable, e.g. until the form is valid. */
  disabled?: boolean;
  /** The id of the text saying why it is disabled, read with the button. */
  describedBy?: string | undefined;
  children: ReactNode;
}

/** A form's submit button: while `pending` it spins, is busy and cannot be pressed twice. */
export function SubmitButton({ pending, disabled = false, describedBy, children }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={pending || disabled} aria-busy={pending} aria-describedby={describedBy} className={primaryButtonClass}>
      {pending && <Spinner />}
      {children}
    </button>
  );
}
