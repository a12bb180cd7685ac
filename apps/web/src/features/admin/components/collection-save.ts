import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';

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
  return form.handleSubmit(async (input) => {
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
  });
}
