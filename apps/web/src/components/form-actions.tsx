import type { ReactNode } from 'react';
import { SubmitButton } from './submit-button';

interface FormActionsProps {
  pending: boolean;
  /** The submit button's text, as "Save changes". */
  children: ReactNode;
  /** Offers "Cancel" (an edit form); without it there is only the submit button. */
  onCancel?: (() => void) | undefined;
  /** The row's place in the form's grid, as `sm:col-span-2`. */
  className?: string;
}

/** A form's actions row (an admin's, an address's): submit, and Cancel where there is something to go back to. */
export function FormActions({ pending, children, onCancel, className }: FormActionsProps) {
  return (
    <div className={`flex flex-wrap gap-3 ${className ?? ''}`}>
      <div className="w-full sm:w-auto sm:min-w-48">
        <SubmitButton pending={pending}>{children}</SubmitButton>
      </div>
      {onCancel && (
        <button
          type="button"
          onClick={onCancel}
          className="w-full rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:w-auto"
        >
          Cancel
        </button>
      )}
    </div>
  );
}
