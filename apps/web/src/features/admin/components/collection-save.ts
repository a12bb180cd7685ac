import { useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { useOneAtATime } from '../../../lib/form-checking';
import { adminNotices } from '../admin-notices';

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

/**
 * The item as it is now, from a 409 refusing a replacement that expected the item as the form
 * loaded it: someone else saved it meanwhile (decision 202).
 */
export function changedTo<Item>(error: unknown): Item | undefined {
  if (!isApiError(error, 409) || typeof error.payload !== 'object' || error.payload === null || !('current' in error.payload)) return undefined;
  return (error.payload as { current: Item }).current;
}

interface CollectionSave<Values extends FieldValues, Input, Item> {
  /** An add form (no item being edited): after saving it is emptied for the next one. */
  adding: boolean;
  /** The item being edited as the form loaded it, for a replacement that expects it (decision 202). */
  loaded?: Item | undefined;
  empty: Values;
  /** Focused when an add form is emptied. */
  firstField: Path<Values>;
  /** Where the server's 409 (the name or place taken) is shown, or which field by its message; the toast says it too. */
  conflictField: Path<Values> | ((message: string) => Path<Values>);
  /** Saves the input; an edit's expecting the item as last seen (`expected`), which a refusal naming the item now changes. */
  onSave: (input: Input, expected: Item | undefined) => Promise<unknown>;
}

/**
 * The submit handler of an admin collection's form (shipping method, tax rate). An edit that
 * someone else's save came before is said above the buttons (the toast says nothing then), what
 * the admin typed stays, and a second Save expects the item as the refusal gave it, so it puts the
 * admin's in its place (decision 202).
 */
export function useCollectionSave<Values extends FieldValues, Input, Item>(
  form: UseFormReturn<Values, unknown, Input>,
  { adding, loaded, empty, firstField, conflictField, onSave }: CollectionSave<Values, Input, Item>,
) {
  const [expected, setExpected] = useState(loaded);
  return useOneSubmitAtATime(form.handleSubmit(async (input) => {
    try {
      await onSave(input, expected);
      if (adding) {
        form.setFocus(firstField);
        form.reset(empty);
      }
    } catch (error) {
      const current = loaded && changedTo<Item>(error);
      if (current) {
        setExpected(current);
        form.setError('root.server', { message: `${error instanceof Error ? error.message : ''} ${adminNotices.staleFormKept}` });
      } else if (isApiError(error, 409)) {
        const field = typeof conflictField === 'function' ? conflictField(error.message) : conflictField;
        form.setError(field, { message: error.message }, { shouldFocus: true });
      }
    }
  }));
}
