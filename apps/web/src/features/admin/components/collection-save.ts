import type { FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { useOneAtATime } from '../../../lib/form-checking';

/**
 * A form's submit handler that ignores a submit while the last one is still checked and sent. The
 * submit button turns pending only once the schema's check is done and the request is on its way;
 * a double click's second press came before that, and created the company or list twice (or was
 * refused as a duplicate of the first).
 */
export function useOneSubmitAtATime(submit: (event: FormEvent) => Promise<void>) {
  const once = useOneAtATime(submit);
  return (event: FormEvent) => once(event) ?? event.preventDefault();
}

interface CollectionSave<Values extends FieldValues, Input> {
  /** An add form (no item being edited): after saving it is emptied for the next one. */
  adding: boolean;
  empty: Values;
  /** Focused when an add form is emptied. */
  firstField: Path<Values>;
  /** Where the server's 409 (the name or place taken) is shown, or which field by its message; the toast says it too. */
  conflictField: Path<Values> | ((message: string) => Path<Values>);
  onSave: (input: Input) => Promise<unknown>;
}

/** The submit handler of an admin collection's form (shipping method, tax rate). */
export function useCollectionSave<Values extends FieldValues, Input>(
  form: UseFormReturn<Values, unknown, Input>,
  { adding, empty, firstField, conflictField, onSave }: CollectionSave<Values, Input>,
) {
  return useOneSubmitAtATime(form.handleSubmit(async (input) => {
    try {
      await onSave(input);
      if (adding) {
        form.setFocus(firstField);
        form.reset(empty);
      }
    } catch (error) {
      if (isApiError(error, 409)) {
        const field = typeof conflictField === 'function' ? conflictField(error.message) : conflictField;
        form.setError(field, { message: error.message }, { shouldFocus: true });
      }
    }
  }));
}
