import type { MouseEvent, ReactNode } from 'react';
import { Spinner } from './spinner';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

interface SubmitButtonProps {
  pending: boolean;
  /** Also not pressable, e.g. until the form is valid. */
  disabled?: boolean;
  /** The id of the text saying why it is disabled, read with the button. */
  describedBy?: string | undefined;
  children: ReactNode;
}

/**
 * Cancels the click (and so the form's submission, Enter's included, or a file input's picker)
 * while the control is pending.
 */
export function ignoredWhilePending(pending: boolean) {
  return (event: MouseEvent<HTMLElement>) => {
    if (pending) event.preventDefault();
  };
}

/**
 * A form's submit button: while `pending` it spins, is busy and cannot be pressed twice. It is
 * then `aria-disabled`, not `disabled`: Chromium drops the focus of a focused button that becomes
 * disabled, and the keyboard user's place with it.
 */
export function SubmitButton({ pending, disabled = false, describedBy, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={disabled && !pending}
      aria-disabled={pending || undefined}
      aria-busy={pending}
      aria-describedby={describedBy}
      onClick={ignoredWhilePending(pending)}
      className={primaryButtonClass}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}
