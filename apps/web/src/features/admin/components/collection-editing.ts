import { useEffect, useRef, useState } from 'react';

/**
 * The screen pattern of an admin collection (shipping methods, tax rates): a list of cards and one
 * form below it, to add, or to edit the card chosen. Editing focuses the form's first field (which
 * scrolls it into view); saving or cancelling gives keyboard users back the card they edited, not
 * the top of the page; removing the card being edited closes its form.
 */
export function useCollectionEditing<Item extends { id: string }>() {
  const [editing, setEditing] = useState<Item | undefined>();
  const [returnFocusTo, setReturnFocusTo] = useState<string | undefined>();
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!editing) return;
    formRef.current?.querySelector('input')?.focus();
  }, [editing]);

  return {
    editing,
    returnFocusTo,
    formRef,
    startEditing(item: Item) {
      setReturnFocusTo(undefined);
      setEditing(item);
    },
    stopEditing(id: string) {
      setEditing(undefined);
      setReturnFocusTo(id);
    },
    removed(id: string) {
      setEditing((current) => (current?.id === id ? undefined : current));
    },
  };
}
